import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, servicesOf, type TestContext } from "../../test/app.js";
import { createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { insertShipment } from "../../test/realtime-factories.js";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const asAuthUser = (user: TestUser) => ({
  id: user.id,
  group: user.group,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
});

/** A chat message's notifications event is written in the message's own transaction. */
describe("a chat message's event", () => {
  let ctx: TestContext;
  let seller: TestUser;
  let agent: TestUser;
  let firstChat: number;
  let secondChat: number;
  beforeAll(async () => {
    // A web instance: events stay in the outbox as their transactions left them.
    ctx = await buildTestApp({ ROLE: "web" });
    seller = await createSeller(ctx.app);
    agent = await createShipper(ctx.app);
    firstChat = (await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id })).id;
    secondChat = (await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id })).id;
  });
  afterAll(async () => ctx.close());

  const eventsFor = async (chatId: number) =>
    rowsOf<{ message_id: number; recipients: number[] }>(
      await ctx.app.database.db.execute(sql`
        select (payload->>'messageId')::int as message_id, payload->'recipientIds' as recipients
        from domain_events where name = 'chat.message_created'
          and (payload->>'chatId')::int = ${chatId}`),
    );
  const messagesIn = async (chatId: number) =>
    rowsOf<{ id: number }>(
      await ctx.app.database.db.execute(
        sql`select id from chat_messages where shipment_id = ${chatId}`,
      ),
    );

  it("is committed with the message, exactly once, and rolled back with it", async () => {
    const chat = servicesOf(ctx.app).chat;
    const posted = await chat.postMessage(
      asAuthUser(agent),
      { kind: "shipment", id: firstChat },
      { content: "Pickup booked for Monday", attachmentId: null, replyToId: null, clientId: "c-1" },
    );
    expect(await eventsFor(firstChat)).toEqual([
      { message_id: posted.message.id, recipients: [seller.id] },
    ]);

    // The same client_id in another chat: the message's transaction fails on it and rolls back.
    await expect(
      chat.postMessage(
        asAuthUser(agent),
        { kind: "shipment", id: secondChat },
        { content: "Sent twice", attachmentId: null, replyToId: null, clientId: "c-1" },
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await messagesIn(secondChat)).toEqual([]);
    expect(await eventsFor(secondChat)).toEqual([]);
    expect(await eventsFor(firstChat)).toHaveLength(1);
  });

  it("of an edit and of a removal is committed with the change, before the call returns", async () => {
    const chat = servicesOf(ctx.app).chat;
    const ref = { kind: "shipment" as const, id: secondChat };
    const posted = await chat.postMessage(asAuthUser(agent), ref, {
      content: "Cartons ready Friday",
      attachmentId: null,
      replyToId: null,
      clientId: "c-2",
    });
    const changesOf = async (name: string) =>
      rowsOf<{ message_id: number; sender: string }>(
        await ctx.app.database.db.execute(sql`
          select coalesce((payload->>'messageId')::int, (payload->'message'->>'id')::int)
            as message_id, payload->>'senderName' as sender
          from domain_events where name = ${name}`),
      );

    // The process dies right after each commit: nothing that runs after it (emit) happens.
    const bus = ctx.app.events;
    const emit = bus.emit.bind(bus);
    bus.emit = () => undefined;
    try {
      await chat.editMessage(asAuthUser(agent), ref, posted.message.id, "Cartons ready Thursday");
      await chat.deleteMessage(asAuthUser(agent), ref, posted.message.id);
    } finally {
      bus.emit = emit;
    }
    const sender = `${agent.firstName} ${agent.lastName}`;
    expect(await changesOf("chat.message_edited")).toEqual([
      { message_id: posted.message.id, sender },
    ]);
    expect(await changesOf("chat.message_deleted")).toEqual([
      { message_id: posted.message.id, sender },
    ]);
  });
});
