import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import {
  adminUserSchema,
  agentMessages,
  agentProfileSchema,
  agentRatingSchema,
  ratingMessages,
  ratingNotificationTexts,
  scorecardSummarySchema,
  shipmentRatingSchema,
  type Notification,
  type ScorecardSummary,
} from "@fba/contract";
import {
  agentScorecards,
  emailOutbox,
  legEvents,
  orderDocuments,
  shipmentLegs,
  shipments,
} from "../../db/schema/index.js";
import { buildTestApp, servicesOf, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { carton, endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";
import { readScorecards } from "./scorecards.repository.js";

let ctx: TestContext;
let seller: TestUser;
let otherSeller: TestUser;
let agent: TestUser;
let loser: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  [seller, otherSeller, agent, loser, admin] = await Promise.all([
    createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" }),
    createSeller(ctx.app),
    createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" }),
    createShipper(ctx.app, { firstName: "Lou", lastName: "Loser" }),
    createAdmin(ctx.app),
  ]);
}, 180_000);
afterAll(async () => ctx?.close());

const inject = (method: "GET" | "POST" | "PATCH", url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

const TRACKING = "1Z999AA10123456784";
const DAY = 86_400_000;
const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/**
 * An order `agent` won and the seller accepted: 100 pickup + 500 normal (a bid total of 600.00),
 * cartons for ONT8, booked ten days ago so milestones can follow it.
 */
async function acceptedOrder(
  owner: TestUser = seller,
  winner: TestUser = agent,
): Promise<{ id: number; legId: number }> {
  const id = await postShipment(ctx.app, owner, {
    packages: [carton("ONT8 - Moreno Valley, CA", 10)],
  });
  const winning = await placeBid(ctx.app, winner, id, { pickup: 100, normal: 500 });
  await placeBid(ctx.app, winner === loser ? agent : loser, id, { pickup: 300, normal: 900 });
  await endBiddingWindow(ctx.app, id);
  const accepted = await inject("PATCH", `/api/quotations/${winning}/`, owner, {
    shipment_status: "Quotation Accepted",
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await ctx.app.events.settle();
  const [leg] = await ctx.app.database.db
    .select({ id: shipmentLegs.id })
    .from(shipmentLegs)
    .where(eq(shipmentLegs.shipmentId, id));
  await ctx.app.database.db
    .update(legEvents)
    .set({ occurredAt: new Date(Date.now() - 10 * DAY) })
    .where(inArray(legEvents.legId, [leg!.id]));
  return { id, legId: leg!.id };
}

/**
 * Completes an accepted order: the leg's ETA (days from today), its delivery (with its proof of
 * delivery) `deliveredHoursAgo` ago to `fc`, the final amount, then Shipment Completed.
 */
async function complete(
  order: { id: number; legId: number },
  options: { eta: number; deliveredHoursAgo?: number; fc?: string; final?: string },
  winner: TestUser = agent,
): Promise<void> {
  const { id, legId } = order;
  const eta = await inject("PATCH", `/api/shipments/${id}/legs/${legId}/`, winner, {
    eta: isoDay(options.eta),
  });
  expect(eta.statusCode, eta.body).toBe(200);
  if (options.deliveredHoursAgo !== undefined) {
    const [pod] = await ctx.app.database.db
      .insert(orderDocuments)
      .values({
        shipmentId: id,
        legId,
        type: "Proof of delivery",
        storageKey: `documents/pod-${id}`,
        fileName: "pod",
        mimeType: "application/pdf",
        sizeBytes: 10,
        uploadedBy: winner.id,
      })
      .returning({ id: orderDocuments.id });
    const delivered = await inject("POST", `/api/shipments/${id}/legs/${legId}/events/`, winner, {
      milestone: "delivered",
      occurred_at: hoursAgo(options.deliveredHoursAgo),
      delivered_fc_code: options.fc ?? "ONT8",
      document_id: pod!.id,
    });
    expect(delivered.statusCode, delivered.body).toBe(201);
  }
  const info = await inject("PATCH", `/api/shipments/${id}/`, winner, {
    tracking_number: TRACKING,
    final_amount: options.final ?? "600",
  });
  expect(info.statusCode, info.body).toBe(200);
  const done = await inject("PATCH", `/api/shipment-status-update/${id}/`, winner, {
    status: "Shipment Completed",
  });
  expect(done.statusCode, done.body).toBe(200);
  await ctx.app.events.settle();
}

async function scorecardOf(agentId: number, user: TestUser = seller): Promise<ScorecardSummary> {
  const response = await inject("GET", `/api/agents/${agentId}/scorecard/`, user);
  expect(response.statusCode, response.body).toBe(200);
  return scorecardSummarySchema.parse(response.json().data);
}

async function notificationsOf(user: TestUser, shipmentId: number): Promise<string[]> {
  const response = await inject("GET", "/api/chat/notifications/", user);
  return (response.json().data as Notification[])
    .filter((item) => item.shipment_id === shipmentId)
    .map((item) => item.content);
}

async function emailSubjectsTo(user: TestUser): Promise<string[]> {
  const rows = await ctx.app.database.db
    .select({ subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, user.email));
  return rows.map((row) => row.subject);
}

const fullRating = {
  overall: 4,
  communication: 5,
  care_of_cargo: 3,
  punctuality: 4,
  as_described: 4,
  comment: "Careful with the cartons",
};

describe("an agent's scorecard", () => {
  const orders: Array<{ id: number; legId: number }> = [];

  it("is all zeros and 'new agent' before the agent does anything", async () => {
    const fresh = await createShipper(ctx.app);
    const card = await scorecardOf(fresh.id);
    expect(card).toEqual({
      agent_id: fresh.id,
      is_new: true,
      completed_orders: 0,
      completed_undelivered: 0,
      on_time_rate: null,
      booked_fc_rate: null,
      pod_rate: null,
      variance_avg_pct: null,
      variance_worst_pct: null,
      cancellation_rate: null,
      rating_average: null,
      rating_count: 0,
      sub_scores: null,
      median_response_hours: null,
    });
  });

  it("shows a new agent (fewer than 3 completed orders) without rates", async () => {
    for (let i = 0; i < 2; i += 1) {
      const order = await acceptedOrder();
      await complete(order, { eta: 1, deliveredHoursAgo: 2 });
      orders.push(order);
    }
    const card = await scorecardOf(agent.id);
    expect(card).toMatchObject({
      is_new: true,
      completed_orders: 2,
      on_time_rate: null,
      pod_rate: null,
      cancellation_rate: null,
    });
    // Bids were placed moments after posting: the median response is (about) zero hours.
    expect(card.median_response_hours).toBe(0);
  });

  it("shows rates from the third completed order, and an order delivered late lowers on-time", async () => {
    const third = await acceptedOrder();
    // Delivered to another FC than booked, and above the bid: 660 against 600 (+10%).
    await complete(third, { eta: 1, deliveredHoursAgo: 2, fc: "FTW1", final: "660" });
    orders.push(third);
    expect(await scorecardOf(agent.id)).toMatchObject({
      is_new: false,
      completed_orders: 3,
      on_time_rate: 1,
      booked_fc_rate: 0.6667,
      pod_rate: 1,
      variance_avg_pct: 3.33,
      variance_worst_pct: 10,
      cancellation_rate: 0,
    });

    // ETA three days ago, delivered yesterday: late.
    const late = await acceptedOrder();
    await complete(late, { eta: -3, deliveredHoursAgo: 24 });
    orders.push(late);
    expect(await scorecardOf(agent.id)).toMatchObject({
      completed_orders: 4,
      on_time_rate: 0.75,
      variance_avg_pct: 2.5,
    });
  });

  it("counts a completed order without a delivery as missing its proof of delivery", async () => {
    const order = await acceptedOrder();
    await complete(order, { eta: 2 });
    orders.push(order);
    expect(await scorecardOf(agent.id)).toMatchObject({
      completed_orders: 5,
      pod_rate: 0.8,
      // Not measured: its leg has no delivery.
      on_time_rate: 0.75,
    });
  });

  it("follows an admin's decision on a disputed final amount", async () => {
    const disputed = orders[2]!;
    const dispute = await inject(
      "POST",
      `/api/shipments/${disputed.id}/charge-change/dispute`,
      seller,
      {
        reason: "Not agreed",
      },
    );
    expect(dispute.statusCode, dispute.body).toBe(200);
    const decide = await inject(
      "POST",
      `/api/shipments/${disputed.id}/charge-change/decide`,
      admin,
      {
        outcome: "bid_total",
        note: "The bid holds",
      },
    );
    expect(decide.statusCode, decide.body).toBe(200);
    await ctx.app.events.settle();
    expect(await scorecardOf(agent.id)).toMatchObject({
      variance_avg_pct: 0,
      variance_worst_pct: 0,
    });
  });

  it("counts an order the agent cancelled after winning", async () => {
    const order = await acceptedOrder();
    const cancel = await inject("PATCH", `/api/shipment-status-update/${order.id}/`, agent, {
      status: "Shipment Cancelled",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await ctx.app.events.settle();
    // 6 wins (5 completed, 1 cancelled by the agent); the loser won none.
    const card = await scorecardOf(agent.id);
    expect(card.cancellation_rate).toBeCloseTo(1 / 6, 4);
    const [row] = await ctx.app.database.db
      .select()
      .from(agentScorecards)
      .where(eq(agentScorecards.agentId, loser.id));
    expect(row).toMatchObject({ bids: 6, wins: 0, completedOrders: 0 });
  });

  it("moves a win when the seller picks another bid than the lowest total", async () => {
    const winsOf = async (agentId: number) => {
      const [row] = await ctx.app.database.db
        .select({ wins: agentScorecards.wins })
        .from(agentScorecards)
        .where(eq(agentScorecards.agentId, agentId));
      return row?.wins ?? 0;
    };
    const id = await postShipment(ctx.app, seller);
    await placeBid(ctx.app, agent, id, { pickup: 100, normal: 500 });
    const pricier = await placeBid(ctx.app, loser, id, { pickup: 300, normal: 900 });
    await endBiddingWindow(ctx.app, id);
    // Reading the shipment judges the ended window: the lowest total (the agent's) wins.
    expect((await inject("GET", `/api/shipments/${id}/`, seller)).statusCode).toBe(200);
    await ctx.app.events.settle();
    const [agentWins, loserWins] = [await winsOf(agent.id), await winsOf(loser.id)];
    const award = await inject("POST", `/api/shipments/${id}/award/`, seller, {
      quotation_id: pricier,
      reason: "better_record",
    });
    expect(award.statusCode, award.body).toBe(200);
    await ctx.app.events.settle();
    expect(await winsOf(agent.id)).toBe(agentWins - 1);
    expect(await winsOf(loser.id)).toBe(loserWins + 1);
  });

  it("changes when the seller rates the agent", async () => {
    const before = await scorecardOf(agent.id);
    expect(before.rating_count).toBe(0);
    const rated = await inject(
      "POST",
      `/api/shipments/${orders[0]!.id}/rating/`,
      seller,
      fullRating,
    );
    expect(rated.statusCode, rated.body).toBe(201);
    const second = await inject("POST", `/api/shipments/${orders[1]!.id}/rating/`, seller, {
      ...fullRating,
      overall: 5,
      punctuality: 5,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(await scorecardOf(agent.id)).toMatchObject({
      rating_average: 4.5,
      rating_count: 2,
      sub_scores: { communication: 5, care_of_cargo: 3, punctuality: 4.5, as_described: 4 },
    });
  });

  it("reads many agents' scorecards in one call, by primary key", async () => {
    const fresh = await createShipper(ctx.app);
    const cards = await readScorecards(ctx.app.database.db, [agent.id, fresh.id, agent.id]);
    expect([...cards.keys()]).toEqual([agent.id, fresh.id]);
    expect(cards.get(agent.id)?.completed_orders).toBe(5);
    expect(cards.get(fresh.id)?.is_new).toBe(true);
  });

  it("is rebuilt at start for agents who bid before scorecards existed", async () => {
    await ctx.app.database.db.delete(agentScorecards).where(eq(agentScorecards.agentId, agent.id));
    expect((await scorecardOf(agent.id)).completed_orders).toBe(0);
    expect(await servicesOf(ctx.app).scorecards.backfill()).toBeGreaterThanOrEqual(1);
    expect((await scorecardOf(agent.id)).completed_orders).toBe(5);
  });
});

describe("ratings", () => {
  let order: { id: number; legId: number };

  beforeAll(async () => {
    order = await acceptedOrder(otherSeller, loser);
  }, 60_000);

  it("wait for the order to complete and refuse others than its seller", async () => {
    const early = await inject(
      "POST",
      `/api/shipments/${order.id}/rating/`,
      otherSeller,
      fullRating,
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([
      { field: "shipment", message: ratingMessages.notCompleted },
    ]);
    await complete(order, { eta: 1, deliveredHoursAgo: 1 }, loser);
    const stranger = await inject("POST", `/api/shipments/${order.id}/rating/`, seller, fullRating);
    expect(stranger.statusCode).toBe(403);
    const byAgent = await inject("POST", `/api/shipments/${order.id}/rating/`, loser, fullRating);
    expect(byAgent.statusCode).toBe(403);
    const missing = await inject(
      "POST",
      `/api/shipments/99999999/rating/`,
      otherSeller,
      fullRating,
    );
    expect(missing.statusCode).toBe(404);
  });

  it("name every score outside 1-5 and a comment too long", async () => {
    const bad = await inject("POST", `/api/shipments/${order.id}/rating/`, otherSeller, {
      ...fullRating,
      overall: 6,
      punctuality: 0,
      comment: "x".repeat(1001),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: "overall", message: ratingMessages.scoreInvalid },
      { field: "punctuality", message: ratingMessages.scoreInvalid },
      { field: "comment", message: ratingMessages.commentMax },
    ]);
  });

  it("are given once, read by the seller, the agent and admins, and answered once", async () => {
    const none = await inject("GET", `/api/shipments/${order.id}/rating/`, otherSeller);
    expect(none.json().data).toEqual({});
    const rated = await inject("POST", `/api/shipments/${order.id}/rating/`, otherSeller, {
      ...fullRating,
      comment: "   ",
    });
    expect(rated.statusCode, rated.body).toBe(201);
    expect(rated.json().message).toBe(ratingMessages.created);
    const again = await inject(
      "POST",
      `/api/shipments/${order.id}/rating/`,
      otherSeller,
      fullRating,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([
      { field: "shipment", message: ratingMessages.alreadyRated },
    ]);

    // The agent hears of it, by email too, to answer it.
    await ctx.app.events.settle();
    const [product] = await ctx.app.database.db
      .select({ name: shipments.productName })
      .from(shipments)
      .where(eq(shipments.id, order.id));
    expect(await notificationsOf(loser, order.id)).toContain(
      ratingNotificationTexts.rated(order.id, product!.name, 4),
    );
    expect(
      (await emailSubjectsTo(loser)).some((subject) =>
        subject.endsWith(ratingNotificationTexts.ratedSubject(order.id)),
      ),
    ).toBe(true);

    for (const user of [otherSeller, loser, admin]) {
      const read = await inject("GET", `/api/shipments/${order.id}/rating/`, user);
      expect(read.statusCode, read.body).toBe(200);
      const rating = shipmentRatingSchema.parse(read.json().data);
      expect(rating).toMatchObject({ overall: 4, comment: null, agent_id: loser.id });
      expect(rating.can_reply).toBe(user === loser);
    }
    for (const user of [seller, agent]) {
      const refused = await inject("GET", `/api/shipments/${order.id}/rating/`, user);
      expect(refused.statusCode).toBe(403);
    }

    const notHis = await inject("POST", `/api/shipments/${order.id}/rating/reply/`, agent, {
      reply: "Mine?",
    });
    expect(notHis.statusCode).toBe(403);
    const blank = await inject("POST", `/api/shipments/${order.id}/rating/reply/`, loser, {
      reply: " ",
    });
    expect(blank.json().errors).toEqual([
      { field: "reply", message: ratingMessages.replyRequired },
    ]);
    const answered = await inject("POST", `/api/shipments/${order.id}/rating/reply/`, loser, {
      reply: "Thank you",
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ reply: "Thank you", can_reply: false });
    await ctx.app.events.settle();
    expect(await notificationsOf(otherSeller, order.id)).toContain(
      ratingNotificationTexts.replied(order.id, product!.name),
    );
    const twice = await inject("POST", `/api/shipments/${order.id}/rating/reply/`, loser, {
      reply: "Again",
    });
    expect(twice.json().errors).toEqual([
      { field: "reply", message: ratingMessages.alreadyReplied },
    ]);
  });

  it("cannot be answered before there is one", async () => {
    const unrated = await acceptedOrder(otherSeller, loser);
    await complete(unrated, { eta: 1 }, loser);
    const early = await inject("POST", `/api/shipments/${unrated.id}/rating/reply/`, loser, {
      reply: "Hello",
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([{ field: "shipment", message: ratingMessages.noRating }]);
  });

  it("are listed on the agent's profile with the rater's first name and month only", async () => {
    for (const user of [seller, otherSeller, admin, loser]) {
      const response = await inject("GET", `/api/agents/${loser.id}/ratings/?per_page=5`, user);
      expect(response.statusCode, response.body).toBe(200);
      const [rating] = agentRatingSchema.array().parse(response.json().data);
      expect(rating).toMatchObject({
        rater_first_name: otherSeller.firstName,
        reply: "Thank you",
        month: new Date().toISOString().slice(0, 7),
      });
      expect(Object.keys(rating!)).not.toContain("shipment_id");
      expect(response.json().pagination_option).toMatchObject({ count: 1, per_page: 5 });
    }
  });
});

describe("an agent's profile", () => {
  it("shows the agent's name, since when, and scorecard; never a bid amount", async () => {
    const response = await inject("GET", `/api/agents/${agent.id}/`, seller);
    expect(response.statusCode, response.body).toBe(200);
    const profile = agentProfileSchema.parse(response.json().data);
    expect(profile).toMatchObject({ id: agent.id, first_name: "Andy", last_name: "Agent" });
    expect(profile.scorecard.completed_orders).toBe(5);
    expect(response.body).not.toMatch(/amount|"600|"500/);
  });

  it("is open to sellers, admins and the agent itself only", async () => {
    expect((await inject("GET", `/api/agents/${agent.id}/`, admin)).statusCode).toBe(200);
    expect((await inject("GET", `/api/agents/${agent.id}/`, agent)).statusCode).toBe(200);
    for (const path of ["", "scorecard/", "ratings/"]) {
      const other = await inject("GET", `/api/agents/${agent.id}/${path}`, loser);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(agentMessages.otherAgent);
      const notAgent = await inject("GET", `/api/agents/${seller.id}/${path}`, admin);
      expect(notAgent.statusCode).toBe(404);
    }
    const badId = await inject("GET", "/api/agents/abc/", seller);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].field).toBe("id");
  });

  it("appears on agents' rows of the admin users list, and nowhere else", async () => {
    const response = await inject("GET", "/api/admin/users/?per_page=100", admin);
    expect(response.statusCode, response.body).toBe(200);
    const rows = adminUserSchema.array().parse(response.json().data);
    const agentRow = rows.find((row) => row.id === agent.id);
    expect(agentRow?.scorecard).toMatchObject({ agent_id: agent.id, completed_orders: 5 });
    expect(rows.find((row) => row.id === seller.id)?.scorecard).toBeNull();
  });
});
