import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { legMessages, legSchema, shipmentMessages, type Leg } from "@fba/contract";
import { legEvents, orderDocuments, shipmentLegs } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { carton, endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";
import { fcCodeOf } from "./legs.repository.js";

let ctx: TestContext;
let seller: TestUser;
let otherSeller: TestUser;
let agent: TestUser;
let loser: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  [seller, otherSeller, agent, loser, admin] = await Promise.all([
    createSeller(ctx.app),
    createSeller(ctx.app),
    createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" }),
    createShipper(ctx.app),
    createAdmin(ctx.app),
  ]);
}, 180_000);
afterAll(async () => ctx?.close());

const inject = (method: "GET" | "POST" | "PATCH", url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

/** An order accepted by the seller, with cartons for ONT8 (two groups) and FTW1. */
async function acceptedOrder(): Promise<number> {
  const id = await postShipment(ctx.app, seller, {
    packages: [
      carton("ONT8 - Moreno Valley, CA", 10),
      carton("FTW1 - Dallas, TX", 4),
      carton("ONT8 - Moreno Valley, CA", 6),
    ],
  });
  const winning = await placeBid(ctx.app, agent, id, { pickup: 100, normal: 700 });
  await placeBid(ctx.app, loser, id, { pickup: 100, normal: 900 });
  await endBiddingWindow(ctx.app, id);
  const accepted = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
    shipment_status: "Quotation Accepted",
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await ctx.app.events.settle();
  // Booked ten days ago, so the milestones below can fall in the past after it.
  const legIds = ctx.app.database.db
    .select({ id: shipmentLegs.id })
    .from(shipmentLegs)
    .where(eq(shipmentLegs.shipmentId, id));
  await ctx.app.database.db
    .update(legEvents)
    .set({ occurredAt: new Date(Date.now() - 10 * 86_400_000) })
    .where(inArray(legEvents.legId, legIds));
  return id;
}

async function legsOf(id: number, user: TestUser = seller): Promise<Leg[]> {
  const response = await inject("GET", `/api/shipments/${id}/legs/`, user);
  expect(response.statusCode, response.body).toBe(200);
  return legSchema.array().parse(response.json().data);
}

async function podFor(shipmentId: number, legId: number): Promise<number> {
  const [row] = await ctx.app.database.db
    .insert(orderDocuments)
    .values({
      shipmentId,
      legId,
      type: "Proof of delivery",
      storageKey: "documents/pod",
      fileName: "pod.pdf",
      mimeType: "application/pdf",
      sizeBytes: 10,
      uploadedBy: agent.id,
    })
    .returning({ id: orderDocuments.id });
  return row!.id;
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe("legs of an accepted order", () => {
  it("books one leg per Amazon destination when the seller accepts", async () => {
    const id = await acceptedOrder();
    const legs = await legsOf(id);
    expect(legs.map((leg) => [leg.position, leg.fc_code, leg.cartons])).toEqual([
      [1, "ONT8", 16],
      [2, "FTW1", 4],
    ]);
    for (const leg of legs) {
      expect(leg.milestone).toBe("booked");
      expect(leg.events).toHaveLength(1);
      expect(leg.events[0]).toMatchObject({ milestone: "booked", recorded_by: { id: seller.id } });
      expect(leg).toMatchObject({ late: false, stale_days: null, fba_shipment_id: null });
    }
    // The winning agent and admins see the same; the losing agent and other sellers do not.
    expect((await legsOf(id, agent)).map((leg) => leg.id)).toEqual(legs.map((leg) => leg.id));
    expect(await legsOf(id, admin)).toHaveLength(2);
    for (const outsider of [loser, otherSeller]) {
      const response = await inject("GET", `/api/shipments/${id}/legs/`, outsider);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toBe(shipmentMessages.notAuthorisedToView);
    }
  });

  it("has no legs before acceptance, and creates them on first read if acceptance's work was lost", async () => {
    const pending = await postShipment(ctx.app, seller);
    expect(await legsOf(pending)).toEqual([]);
    const id = await acceptedOrder();
    await ctx.app.database.db.delete(shipmentLegs).where(eq(shipmentLegs.shipmentId, id));
    expect((await legsOf(id)).map((leg) => leg.fc_code)).toEqual(["ONT8", "FTW1"]);
  });

  it("lets the seller set FBA shipment IDs and the agent the ETA and appointment, each only their own", async () => {
    const id = await acceptedOrder();
    const [leg] = await legsOf(id);
    const url = `/api/shipments/${id}/legs/${leg!.id}/`;

    const bad = await inject("PATCH", url, seller, { fba_shipment_id: "FBA123" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: "fba_shipment_id", message: legMessages.fbaShipmentIdFormat },
    ]);
    const set = await inject("PATCH", url, seller, { fba_shipment_id: "fba17abc9xyz" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.fba_shipment_id).toBe("FBA17ABC9XYZ");

    expect((await inject("PATCH", url, seller, { eta: "2026-12-01" })).statusCode).toBe(403);
    expect(
      (await inject("PATCH", url, agent, { fba_shipment_id: "FBA17ABC9XYZ" })).statusCode,
    ).toBe(403);
    expect((await inject("PATCH", url, loser, { eta: "2026-12-01" })).statusCode).toBe(400);
    const eta = await inject("PATCH", url, agent, {
      eta: "2026-12-01",
      appointment_id: "APPT-77",
      appointment_at: "2026-12-01T15:00:00Z",
      tracking_number: "1Z999AA10123456784",
    });
    expect(eta.statusCode, eta.body).toBe(200);
    expect(eta.json().data).toMatchObject({
      eta: "2026-12-01",
      appointment_id: "APPT-77",
      appointment_at: "2026-12-01T15:00:00.000Z",
      tracking_number: "1Z999AA10123456784",
      fba_shipment_id: "FBA17ABC9XYZ",
    });
    expect((await inject("PATCH", url, agent, {})).statusCode).toBe(400);
    // Another order's leg is not found through this order.
    const other = await acceptedOrder();
    const [otherLeg] = await legsOf(other);
    const cross = await inject("PATCH", `/api/shipments/${id}/legs/${otherLeg!.id}/`, agent, {
      eta: "2026-12-02",
    });
    expect(cross.statusCode).toBe(404);
  });

  it("records milestones forward in time, through delivery with proof at the FC", async () => {
    const id = await acceptedOrder();
    const [leg] = await legsOf(id);
    const url = `/api/shipments/${id}/legs/${leg!.id}/events/`;
    const record = (user: TestUser, body: object) => inject("POST", url, user, body);

    expect(
      (await record(seller, { milestone: "picked_up", occurred_at: hoursAgo(50) })).statusCode,
    ).toBe(403);
    expect(
      (await record(loser, { milestone: "picked_up", occurred_at: hoursAgo(50) })).statusCode,
    ).toBe(400);

    const future = await record(agent, { milestone: "picked_up", occurred_at: hoursAgo(-2) });
    expect(future.json().errors).toEqual([
      { field: "occurred_at", message: legMessages.occurredInFuture },
    ]);
    const noZone = await record(agent, { milestone: "picked_up", occurred_at: "2026-11-20T10:00" });
    expect(noZone.json().errors[0]).toMatchObject({ field: "occurred_at" });
    const booked = await record(agent, { milestone: "booked", occurred_at: hoursAgo(1) });
    expect(booked.json().errors[0].message).toBe(legMessages.bookedIsAutomatic);

    const picked = await record(agent, {
      milestone: "picked_up",
      occurred_at: hoursAgo(0.5),
      location: "Shenzhen",
    });
    expect(picked.statusCode, picked.body).toBe(201);
    expect(picked.json().data).toMatchObject({
      milestone: "picked_up",
      milestone_label: "Picked up",
    });

    const noMode = await record(agent, {
      milestone: "departed_origin",
      occurred_at: hoursAgo(0.2),
    });
    expect(noMode.json().errors).toEqual([{ field: "mode", message: legMessages.modeRequired }]);
    const beforePickup = await record(agent, {
      milestone: "departed_origin",
      occurred_at: hoursAgo(3),
      mode: "air",
    });
    expect(beforePickup.json().errors[0].message).toBe(legMessages.occurredBeforePrevious);
    const departed = await record(admin, {
      milestone: "departed_origin",
      occurred_at: hoursAgo(0.2),
      mode: "air",
      vessel_or_flight: "CX 880",
    });
    expect(departed.statusCode, departed.body).toBe(201);
    const again = await record(agent, { milestone: "picked_up", occurred_at: hoursAgo(0.1) });
    expect(again.json().errors[0].message).toBe(legMessages.milestoneOutOfOrder);
    const twice = await record(agent, {
      milestone: "departed_origin",
      occurred_at: hoursAgo(0.1),
      mode: "air",
    });
    expect(twice.json().errors[0].message).toBe(legMessages.milestoneRepeated);

    // Delivered needs the leg's proof of delivery and the FC it reached.
    const noPod = await record(agent, {
      milestone: "delivered",
      occurred_at: hoursAgo(0),
      delivered_fc_code: "ONT8",
    });
    expect(noPod.json().errors).toEqual([
      { field: "document_id", message: legMessages.podRequired },
    ]);
    const [, otherLeg] = await legsOf(id);
    const wrongLegPod = await podFor(id, otherLeg!.id);
    const podOfOtherLeg = await record(agent, {
      milestone: "delivered",
      occurred_at: hoursAgo(0),
      delivered_fc_code: "ONT8",
      document_id: wrongLegPod,
    });
    expect(podOfOtherLeg.json().errors[0].message).toBe(legMessages.podRequired);
    const delivered = await record(agent, {
      milestone: "delivered",
      occurred_at: hoursAgo(0),
      delivered_fc_code: "ont2",
      document_id: await podFor(id, leg!.id),
    });
    expect(delivered.statusCode, delivered.body).toBe(201);
    expect(delivered.json().data).toMatchObject({
      milestone: "delivered",
      delivered_fc_code: "ONT2",
      late: false,
    });
    expect(delivered.json().data.events.map((e: { milestone: string }) => e.milestone)).toEqual([
      "booked",
      "picked_up",
      "departed_origin",
      "delivered",
    ]);
  });

  it("corrects a milestone with a new event that supersedes the old one", async () => {
    const id = await acceptedOrder();
    const [leg] = await legsOf(id);
    const url = `/api/shipments/${id}/legs/${leg!.id}/events/`;
    const first = await inject("POST", url, agent, {
      milestone: "picked_up",
      occurred_at: hoursAgo(3),
      location: "Wrong city",
    });
    const pickedId = first.json().data.events[1].id as number;
    await inject("POST", url, agent, { milestone: "customs_cleared", occurred_at: hoursAgo(1) });

    const mismatch = await inject("POST", url, agent, {
      milestone: "customs_cleared",
      occurred_at: hoursAgo(2),
      supersedes: pickedId,
    });
    expect(mismatch.json().errors[0].message).toBe(legMessages.correctionMismatch);
    const afterNext = await inject("POST", url, agent, {
      milestone: "picked_up",
      occurred_at: hoursAgo(0.5),
      supersedes: pickedId,
    });
    expect(afterNext.json().errors[0].message).toBe(legMessages.occurredAfterNext);
    const fixed = await inject("POST", url, admin, {
      milestone: "picked_up",
      occurred_at: hoursAgo(2),
      location: "Shenzhen",
      supersedes: pickedId,
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    const events = fixed.json().data.events as Leg["events"];
    expect(events).toHaveLength(4);
    expect(events.find((e) => e.id === pickedId)).toMatchObject({
      location: "Wrong city",
      superseded_by: events[3]!.id,
    });
    expect(events[3]).toMatchObject({
      location: "Shenzhen",
      supersedes: pickedId,
      superseded_by: null,
    });
    const twice = await inject("POST", url, admin, {
      milestone: "picked_up",
      occurred_at: hoursAgo(2),
      supersedes: pickedId,
    });
    expect(twice.json().errors[0].message).toBe(legMessages.correctionSuperseded);
  });

  it("flags late legs and legs with no update for days", async () => {
    const id = await acceptedOrder();
    const [leg, second] = await legsOf(id);
    await inject("PATCH", `/api/shipments/${id}/legs/${leg!.id}/`, agent, { eta: "2020-01-01" });
    await inject("POST", `/api/shipments/${id}/legs/${second!.id}/events/`, agent, {
      milestone: "picked_up",
      occurred_at: hoursAgo(24 * 7),
    });
    const [late, quiet] = await legsOf(id);
    expect(late).toMatchObject({ late: true, stale_days: null });
    expect(quiet).toMatchObject({ late: false, stale_days: 7 });
  });

  it("keeps a cancelled order's legs readable but closed", async () => {
    const id = await acceptedOrder();
    const cancelled = await inject("PATCH", `/api/shipment-status-update/${id}/`, agent, {
      status: "Shipment Cancelled",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [leg] = await legsOf(id);
    expect(leg!.fc_code).toBe("ONT8");
    const refused = await inject("POST", `/api/shipments/${id}/legs/${leg!.id}/events/`, agent, {
      milestone: "picked_up",
      occurred_at: hoursAgo(1),
    });
    expect(refused.json().errors[0].message).toBe(legMessages.orderClosed);
    const edit = await inject("PATCH", `/api/shipments/${id}/legs/${leg!.id}/`, seller, {
      fba_shipment_id: "FBA17ABC9XYZ",
    });
    expect(edit.json().errors[0].message).toBe(legMessages.orderClosed);
  });
});

describe("fcCodeOf", () => {
  it("reads the code that opens a delivery location, or keeps the text", () => {
    expect(fcCodeOf("ONT8 - Moreno Valley, CA")).toBe("ONT8");
    expect(fcCodeOf(" ftw1 ")).toBe("FTW1");
    expect(fcCodeOf("Moreno Valley")).toBe("MORENO VALLEY");
  });
});
