import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages, chatReadCursors } from "../../db/schema/index.js";
import { shipmentUnreadSql, unreadCountsForShipments } from "../chat/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { postShipment } from "../../test/shipment-factories.js";

// A shipment's page and its list row count the reader's unread chat messages: others' messages
// past the reader's read cursor, on this shipment only.
describe("message_count", () => {
  let ctx: TestContext;
  let seller: TestUser;
  let agent: TestUser;
  let shipmentId: number;
  let otherId: number;
  beforeAll(async () => {
    // Every read comes from the database, so rows written here directly show at once.
    ctx = await buildTestApp({ LIST_CACHE_MS: 0 });
    seller = await createSeller(ctx.app);
    agent = await createShipper(ctx.app);
    shipmentId = await postShipment(ctx.app, seller);
    otherId = await postShipment(ctx.app, seller);
  });
  afterAll(async () => ctx.close());

  const say = async (chat: number, from: TestUser, content: string) => {
    const [row] = await ctx.database.db
      .insert(chatMessages)
      .values({
        shipmentId: chat,
        senderId: from.id,
        senderType: from.group === "Seller" ? "Seller" : "Shipper",
        content,
      })
      .returning({ id: chatMessages.id });
    return row!.id;
  };
  const pageCount = async (user: TestUser, id: number) => {
    const response = await ctx.app.inject({ url: `/api/shipments/${id}/`, headers: user.auth });
    expect(response.statusCode).toBe(200);
    return response.json().data.message_count as number;
  };
  const rowCount = async (id: number) => {
    const response = await ctx.app.inject({ url: "/api/seller/shipments/", headers: seller.auth });
    expect(response.statusCode).toBe(200);
    const row = (response.json().data as Array<{ id: number; message_count: number }>).find(
      (item) => item.id === id,
    );
    return row?.message_count;
  };

  it("counts others' messages past the reader's cursor, on the page and in the list", async () => {
    const first = await say(shipmentId, agent, "first");
    await say(shipmentId, agent, "second");
    await say(shipmentId, seller, "the seller's own");
    await say(otherId, agent, "on another shipment");

    expect(await pageCount(seller, shipmentId)).toBe(2);
    expect(await rowCount(shipmentId)).toBe(2);
    expect(await pageCount(seller, otherId)).toBe(1);
    // The agent's own two do not count; the seller's one does.
    expect(await pageCount(agent, shipmentId)).toBe(1);

    await ctx.database.db.insert(chatReadCursors).values({
      userId: seller.id,
      chatKind: "shipment",
      chatId: shipmentId,
      lastReadMessageId: first,
    });
    expect(await pageCount(seller, shipmentId)).toBe(1);
    expect(await rowCount(shipmentId)).toBe(1);
    expect(await pageCount(seller, otherId)).toBe(1);
  });

  it("counts each chat of a page in one read, others' messages past the cursor only", async () => {
    const quiet = await postShipment(ctx.app, seller);
    const read = await postShipment(ctx.app, seller);
    const seen = await say(read, agent, "read");
    await say(read, agent, "unread");
    await say(read, seller, "the seller's own, after the cursor");
    await ctx.database.db.insert(chatReadCursors).values({
      userId: seller.id,
      chatKind: "shipment",
      chatId: read,
      lastReadMessageId: seen,
    });
    const counts = await unreadCountsForShipments(ctx.database.db, seller.id, [
      shipmentId,
      otherId,
      quiet,
      read,
    ]);
    // As above for the first two; a chat with nothing unread is left out (read as 0).
    expect([...counts].sort(([a], [b]) => a - b)).toEqual(
      [
        [shipmentId, 1],
        [otherId, 1],
        [read, 1],
      ].sort(([a], [b]) => a! - b!),
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "walks only the messages past the reader's cursor, in the index alone",
    async () => {
      const long = await postShipment(ctx.app, seller);
      let cursor = 0;
      for (let i = 1; i <= 30; i += 1) {
        const id = await say(long, i % 2 === 0 ? seller : agent, `message ${i}`);
        if (i === 26) cursor = id;
      }
      await ctx.database.db.insert(chatReadCursors).values({
        userId: seller.id,
        chatKind: "shipment",
        chatId: long,
        lastReadMessageId: cursor,
      });
      // Marks the table's pages all-visible, as autovacuum would: an index-only scan then reads
      // no row of the table.
      await ctx.database.db.execute(sql`vacuum analyze chat_messages`);
      // The test's chats are too small for PostgreSQL to prefer an index to the table: it is
      // told to, as a busy table's statistics would.
      const result = await ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        return tx.execute(
          sql`explain (analyze, costs off, timing off, summary off, format json)
            select ${shipmentUnreadSql(seller.id, long)} as "unread"`,
        );
      });
      const [row] = (result as unknown as { rows: Array<{ "QUERY PLAN": unknown }> }).rows;
      const nodes: Array<Record<string, unknown>> = [];
      const walk = (node: Record<string, unknown>) => {
        nodes.push(node);
        for (const child of (node.Plans as Array<Record<string, unknown>>) ?? []) walk(child);
      };
      walk((row!["QUERY PLAN"] as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
      const messages = nodes.find((node) => node["Relation Name"] === "chat_messages");
      // Messages 27 to 30 are past the cursor; two of them are the seller's own.
      expect(messages).toMatchObject({
        "Node Type": "Index Only Scan",
        "Actual Rows": 2,
        "Rows Removed by Filter": 2,
        "Heap Fetches": 0,
      });
      expect(await pageCount(seller, long)).toBe(2);
    },
  );
});
