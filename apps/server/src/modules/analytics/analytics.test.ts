import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  ANALYTICS_MONTHS,
  adminAnalyticsSchema,
  agentAnalyticsSchema,
  sellerAnalyticsSchema,
} from "@fba/contract";
import { legEvents, orderDocuments, shipmentLegs } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { carton, endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";

let ctx: TestContext;
let seller: TestUser;
let agent: TestUser;
let rival: TestUser;
let admin: TestUser;

const DAY = 86_400_000;
const thisMonth = new Date().toISOString().slice(0, 7);
const TRACKING = "1Z999AA10123456784";

const inject = (method: "GET" | "POST" | "PATCH", url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

/**
 * A shipment of 10 cartons for ONT8 and 10 for FTW1 (60x40x50 cm cartons weigh 20 kg
 * volumetric, more than their 12 kg: 200 kg chargeable per FC), bid on by both agents; `agent`
 * has the lowest total (100 + 500).
 */
async function wonShipment(): Promise<{ id: number; winning: number }> {
  const id = await postShipment(ctx.app, seller, {
    packages: [carton("ONT8 - Moreno Valley, CA", 10), carton("FTW1 - Dallas, TX", 10)],
  });
  const winning = await placeBid(ctx.app, agent, id, { pickup: 100, normal: 500 });
  await placeBid(ctx.app, rival, id, { pickup: 300, normal: 900 });
  await endBiddingWindow(ctx.app, id);
  return { id, winning };
}

async function accept(quotation: number): Promise<void> {
  const response = await inject("PATCH", `/api/quotations/${quotation}/`, seller, {
    shipment_status: "Quotation Accepted",
  });
  expect(response.statusCode, response.body).toBe(200);
  await ctx.app.events.settle();
}

/** Completes an accepted order at `final`; with `onTimeDays`, every leg is delivered that many days before its ETA. */
async function completeOrder(id: number, final: string, onTimeDays?: number): Promise<void> {
  if (onTimeDays !== undefined) {
    const legs = await ctx.app.database.db
      .select({ id: shipmentLegs.id, fc: shipmentLegs.fcCode })
      .from(shipmentLegs)
      .where(eq(shipmentLegs.shipmentId, id));
    for (const leg of legs) {
      await ctx.app.database.db
        .update(legEvents)
        .set({ occurredAt: new Date(Date.now() - 10 * DAY) })
        .where(eq(legEvents.legId, leg.id));
      await ctx.app.database.db
        .update(shipmentLegs)
        .set({ eta: new Date(Date.now() + onTimeDays * DAY).toISOString().slice(0, 10) })
        .where(eq(shipmentLegs.id, leg.id));
      const [pod] = await ctx.app.database.db
        .insert(orderDocuments)
        .values({
          shipmentId: id,
          legId: leg.id,
          type: "Proof of delivery",
          storageKey: `documents/pod-${leg.id}`,
          fileName: "pod",
          mimeType: "application/pdf",
          sizeBytes: 10,
          uploadedBy: agent.id,
        })
        .returning({ id: orderDocuments.id });
      const delivered = await inject("POST", `/api/shipments/${id}/legs/${leg.id}/events/`, agent, {
        milestone: "delivered",
        occurred_at: new Date(Date.now() - 3_600_000).toISOString(),
        delivered_fc_code: leg.fc,
        document_id: pod!.id,
      });
      expect(delivered.statusCode, delivered.body).toBe(201);
    }
  }
  const info = await inject("PATCH", `/api/shipments/${id}/`, agent, {
    tracking_number: TRACKING,
    final_amount: final,
  });
  expect(info.statusCode, info.body).toBe(200);
  const done = await inject("PATCH", `/api/shipment-status-update/${id}/`, agent, {
    status: "Shipment Completed",
  });
  expect(done.statusCode, done.body).toBe(200);
  await ctx.app.events.settle();
}

let completedIds: number[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  [seller, agent, rival, admin] = await Promise.all([
    createSeller(ctx.app),
    createShipper(ctx.app),
    createShipper(ctx.app),
    createAdmin(ctx.app),
  ]);
  // Two completed orders (600 on time, 800 late), one accepted, one awaiting the seller, one open.
  const first = await wonShipment();
  await accept(first.winning);
  await completeOrder(first.id, "600", 1);
  const second = await wonShipment();
  await accept(second.winning);
  await completeOrder(second.id, "800", -2);
  completedIds = [first.id, second.id];
  const third = await wonShipment();
  await accept(third.winning);
  // Awaiting the seller: reading it judges its ended window (the lowest total wins).
  const fourth = await wonShipment();
  const read = await inject("GET", `/api/shipments/${fourth.id}/`, seller);
  expect(read.statusCode, read.body).toBe(200);
  await ctx.app.events.settle();
  await postShipment(ctx.app, seller);
}, 180_000);
afterAll(async () => ctx?.close());

describe("the seller's analytics", () => {
  it("sum spend by month, cost per kg by FC, the on-time share and open orders", async () => {
    const response = await inject("GET", "/api/analytics/seller/", seller);
    expect(response.statusCode, response.body).toBe(200);
    const data = sellerAnalyticsSchema.parse(response.json().data);
    expect(data.spend_by_month).toHaveLength(ANALYTICS_MONTHS);
    expect(data.spend_by_month.at(-1)).toEqual({ month: thisMonth, amount: 1400 });
    expect(data.spend_by_month.slice(0, -1).every((month) => month.amount === 0)).toBe(true);
    // Both FCs got the same cartons: each order's amount splits evenly, so each FC's average per
    // kg is the two orders' 1400 over their kilograms.
    expect(data.cost_per_kg_by_fc.map((row) => [row.fc_code, row.orders])).toEqual([
      ["FTW1", 2],
      ["ONT8", 2],
    ]);
    const [ftw, ont] = data.cost_per_kg_by_fc;
    expect(ftw!.average_per_kg).toBe(ont!.average_per_kg);
    // 10 cartons of 60x40x50 cm at 12 kg: 20 kg volumetric each, 200 kg per FC per order.
    expect(ont!.average_per_kg).toBe(1.75);
    expect(data.on_time).toEqual({ on_time: 1, measured: 2, rate: 0.5 });
    expect(data.open_orders_by_status).toEqual([
      { status: "Shipment Pending", count: 1 },
      { status: "Quotation Received", count: 0 },
      { status: "Quotation Approved", count: 1 },
      { status: "Quotation Accepted", count: 1 },
    ]);
  });
});

describe("the agent's analytics", () => {
  it("count bids, wins, win rate and revenue by month, with the agent's scorecard", async () => {
    const response = await inject("GET", "/api/analytics/agent/", agent);
    expect(response.statusCode, response.body).toBe(200);
    const data = agentAnalyticsSchema.parse(response.json().data);
    expect(data.by_month).toHaveLength(ANALYTICS_MONTHS);
    expect(data.by_month.at(-1)).toEqual({
      month: thisMonth,
      bids: 4,
      wins: 4,
      win_rate: 1,
      revenue: 1400,
    });
    expect(data.by_month[0]).toMatchObject({ bids: 0, wins: 0, win_rate: null, revenue: 0 });
    expect(data.scorecard).toMatchObject({ agent_id: agent.id, completed_orders: 2, is_new: true });

    const rivalData = agentAnalyticsSchema.parse(
      (await inject("GET", "/api/analytics/agent/", rival)).json().data,
    );
    expect(rivalData.by_month.at(-1)).toMatchObject({ bids: 4, wins: 0, win_rate: 0, revenue: 0 });
  });
});

describe("the admins' analytics", () => {
  it("count bookings and GMV, bids per shipment, time to the first bid and open disputes", async () => {
    const response = await inject("GET", "/api/analytics/admin/", admin);
    expect(response.statusCode, response.body).toBe(200);
    const data = adminAnalyticsSchema.parse(response.json().data);
    expect(data.by_month).toHaveLength(ANALYTICS_MONTHS);
    // Three accepted orders: two at their final amounts (600 + 800), one at its bid (600).
    expect(data.by_month.at(-1)).toEqual({ month: thisMonth, bookings: 3, gmv: 2000 });
    expect(data.bids_per_shipment).toEqual({
      average: 1.6,
      distribution: [
        { bucket: "0", shipments: 1 },
        { bucket: "1", shipments: 0 },
        { bucket: "2", shipments: 4 },
        { bucket: "3-5", shipments: 0 },
        { bucket: "6+", shipments: 0 },
      ],
    });
    expect(data.median_minutes_to_first_bid).toBe(0);
    // The late order's 800 is above its 600 bid: the seller disputes it.
    expect(data.disputes_open).toBe(0);
    const dispute = await inject(
      "POST",
      `/api/shipments/${completedIds[1]}/charge-change/dispute`,
      seller,
      { reason: "Too much" },
    );
    expect(dispute.statusCode, dispute.body).toBe(200);
    const after = adminAnalyticsSchema.parse(
      (await inject("GET", "/api/analytics/admin/", admin)).json().data,
    );
    expect(after.disputes_open).toBe(1);
  });

  it("are each for their own role only", async () => {
    for (const [path, allowed] of [
      ["seller", seller],
      ["agent", agent],
      ["admin", admin],
    ] as const) {
      for (const user of [seller, agent, admin]) {
        const response = await inject("GET", `/api/analytics/${path}/`, user);
        expect(response.statusCode).toBe(user === allowed ? 200 : 403);
      }
    }
  });
});
