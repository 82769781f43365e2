import { ORDER_DOCUMENT_TYPES } from "@fba/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcements, chatMessages } from "../../db/schema/index.js";
import type { DomainEventName, DomainEvents } from "../../lib/events.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { createSampleShipment } from "../../test/sample-factories.js";
import { placeBid, postShipment } from "../../test/shipment-factories.js";

type Case = {
  [K in DomainEventName]: { name: K; payload: () => DomainEvents[K]; to: () => TestUser[] };
}[DomainEventName];

/** Subscribers named "notify" that rewrite stored notifications instead of writing new ones. */
const REWRITES = new Set(["chat.message_edited", "chat.message_deleted"]);

/**
 * Every event that notifies: each recipient gets exactly one notification and at most one email,
 * also when the dispatcher hands the same event over twice (a crash after its subscribers ran and
 * before the event was marked done).
 */
describe("one event, one notification per recipient", () => {
  let ctx: TestContext;
  let seller: TestUser;
  let winner: TestUser;
  let loser: TestUser;
  let admin: TestUser;
  let shipmentId: number;
  let quotationId: number;
  let sampleId: number;
  let messageId: number;
  let announcementId: number;

  beforeAll(async () => {
    ctx = await buildTestApp();
    seller = await createSeller(ctx.app);
    admin = await createAdmin(ctx.app);
    [winner, loser] = await Promise.all([createShipper(ctx.app), createShipper(ctx.app)]);
    shipmentId = await postShipment(ctx.app, seller, { product_name: "Once only" });
    quotationId = await placeBid(ctx.app, winner!, shipmentId);
    await placeBid(ctx.app, loser!, shipmentId, { pickup: 200, fast: 900 });
    sampleId = (await createSampleShipment(ctx.app, seller.id)).id;
    const db = ctx.app.database.db;
    const [message] = await db
      .insert(chatMessages)
      .values({ shipmentId, senderId: seller.id, senderType: "Seller", content: "Ready?" })
      .returning({ id: chatMessages.id });
    messageId = message!.id;
    const [announcement] = await db
      .insert(announcements)
      .values({ senderId: admin.id, title: "Holidays", message: "Closed on Monday" })
      .returning({ id: announcements.id });
    announcementId = announcement!.id;
    await ctx.app.events.settle();
  });
  afterAll(async () => ctx.close());

  const order = () => ({ shipmentId, sellerId: seller.id, agentId: winner.id });
  const quote = () => ({ ...order(), quotationId });
  const charge = (action: DomainEvents["charge_change.updated"]["action"]) => ({
    ...order(),
    chargeChangeId: 1,
    action,
    byUserId: action === "proposed" ? winner.id : action === "decided" ? admin.id : seller.id,
    amount: "780.00",
    detail: "Extra pallet",
  });
  const cases: Case[] = [
    { name: "quotation.created", payload: quote, to: () => [seller] },
    {
      name: "bidding.closed",
      payload: () => ({
        shipmentId,
        sellerId: seller.id,
        winningQuotationId: quotationId,
        winnerAgentId: winner.id,
        loserAgentIds: [loser.id],
      }),
      to: () => [seller, winner, loser],
    },
    { name: "quotation.accepted", payload: quote, to: () => [winner] },
    {
      name: "quotation.declined",
      payload: () => ({ ...quote(), reason: "Too slow" }),
      to: () => [winner],
    },
    {
      name: "quotation.cancelled",
      payload: () => ({ ...quote(), reason: null }),
      to: () => [winner],
    },
    {
      name: "bidding.awarded",
      payload: () => ({
        shipmentId,
        sellerId: seller.id,
        winningQuotationId: quotationId,
        winnerAgentId: winner.id,
        bidderAgentIds: [winner.id, loser.id],
        reason: "lowest total of 2 bids",
        picked: false,
      }),
      to: () => [loser],
    },
    { name: "quotation.reconfirm_requested", payload: quote, to: () => [winner] },
    {
      name: "quotation.reconfirmed",
      payload: () => ({ ...quote(), validUntil: null }),
      to: () => [seller],
    },
    {
      name: "shipment.status_changed",
      payload: () => ({ ...order(), status: "Shipment Completed", byUserId: winner.id }),
      to: () => [seller],
    },
    {
      name: "shipment.completed_undelivered",
      payload: () => ({
        ...order(),
        byUserId: winner.id,
        destinations: [{ fc_code: "LGB8", milestone: "In transit" }],
        reason: "Appointment moved",
      }),
      to: () => [seller, admin],
    },
    {
      name: "leg.milestone_recorded",
      payload: () => ({
        ...order(),
        legId: 0,
        eventId: 0,
        milestone: "picked_up",
        fcCode: "LGB8",
        correction: false,
        byUserId: winner.id,
      }),
      to: () => [seller],
    },
    {
      name: "document.uploaded",
      payload: () => ({
        ...order(),
        documentId: 1,
        type: ORDER_DOCUMENT_TYPES[0],
        legId: null,
        byUserId: winner.id,
      }),
      to: () => [seller],
    },
    {
      name: "leg.different_fc_flagged",
      payload: () => ({
        shipmentId,
        legId: 0,
        sellerId: seller.id,
        bookedFc: "LGB8",
        deliveredFc: "ONT8",
      }),
      to: () => [seller, admin],
    },
    {
      name: "leg.different_fc_decided",
      payload: () => ({
        shipmentId,
        legId: 0,
        sellerId: seller.id,
        status: "resolved",
        deliveredFc: "ONT8",
        note: "Carrier credited",
        byUserId: admin.id,
      }),
      to: () => [seller],
    },
    { name: "charge_change.updated", payload: () => charge("proposed"), to: () => [seller] },
    { name: "charge_change.updated", payload: () => charge("accepted"), to: () => [winner] },
    { name: "charge_change.updated", payload: () => charge("disputed"), to: () => [winner, admin] },
    { name: "charge_change.updated", payload: () => charge("decided"), to: () => [seller, winner] },
    {
      name: "chat.message_created",
      payload: () => ({
        kind: "shipment",
        chatId: shipmentId,
        messageId,
        senderId: seller.id,
        senderName: "Sam",
        text: "Ready?",
        recipientIds: [winner.id],
      }),
      to: () => [winner],
    },
    {
      name: "sample.created",
      payload: () => ({ sampleId, sellerId: seller.id }),
      to: () => [winner, loser],
    },
    {
      name: "sample.completed",
      payload: () => ({ sampleId, sellerId: seller.id, byUserId: winner.id }),
      to: () => [seller],
    },
    {
      name: "announcement.created",
      payload: () => ({
        announcementId,
        senderId: admin.id,
        announcement: {} as DomainEvents["announcement.created"]["announcement"],
      }),
      to: () => [seller, winner, loser],
    },
    { name: "announcement.cap_reached", payload: () => ({ max: 5 }), to: () => [admin] },
    {
      name: "rating.created",
      payload: () => ({ ...order(), overall: 5 }),
      to: () => [winner],
    },
    { name: "rating.replied", payload: () => order(), to: () => [seller] },
  ];

  it("covers every event whose subscribers notify", () => {
    const notifying = ctx.app.events
      .subscribedEvents()
      .filter((name) => ctx.app.events.subscribersOf(name).some((s) => s.name === "notify"))
      .filter((name) => !REWRITES.has(name));
    expect(new Set(cases.map((c) => c.name))).toEqual(new Set(notifying));
  });

  const rows = async (query: ReturnType<typeof sql>) =>
    (await ctx.app.database.db.execute(query)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
  const emailCount = async () =>
    Number((await rows(sql`select count(*)::int as n from email_outbox`)).rows[0]!.n);
  const deliveredTo = async (eventId: number) =>
    (
      await rows(
        sql`select user_id, count(*)::int as n from notifications where event_id = ${eventId} group by user_id order by user_id`,
      )
    ).rows.map((row) => ({ userId: Number(row.user_id), count: Number(row.n) }));

  it.each(cases.map((c, index) => [`${c.name} #${index}`, c] as const))(
    "%s: exactly one notification and at most one email per recipient, delivered twice",
    async (_label, c) => {
      const db = ctx.app.database.db;
      const emailsBefore = await emailCount();
      const event = await ctx.app.events.record(db, c.name, c.payload() as never);
      ctx.app.events.emit(c.name, event as never);
      await ctx.app.events.settle();
      const [recorded] = (
        await rows(sql`select max(id)::int as id from domain_events where name = ${c.name}`)
      ).rows;
      const eventId = Number(recorded!.id);
      const expected = c
        .to()
        .map((user) => ({ userId: user.id, count: 1 }))
        .sort((a, b) => a.userId - b.userId);
      expect(await deliveredTo(eventId)).toEqual(expected);
      const emails = await emailCount();
      expect(emails - emailsBefore).toBeLessThanOrEqual(expected.length);

      // The dispatcher dies after the subscribers ran, before marking the event done.
      await db.execute(
        sql`update domain_events set status = 'pending', done_subscribers = '{}', locked_until = null where id = ${eventId}`,
      );
      await ctx.app.events.settle();
      expect(await deliveredTo(eventId)).toEqual(expected);
      expect(await emailCount()).toBe(emails);
    },
  );
});
