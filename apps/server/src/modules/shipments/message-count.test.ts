import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages, chatReadCursors } from "../../db/schema/index.js";
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
});
