import { afterAll, beforeAll, expect } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { scorecardSummarySchema, type Notification, type ScorecardSummary } from "@fba/contract";
import { emailOutbox, legEvents, orderDocuments, shipmentLegs } from "../db/schema/index.js";
import { buildTestApp, type TestContext } from "./app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "./factories.js";
import { carton, endBiddingWindow, placeBid, postShipment } from "./shipment-factories.js";

export let ctx: TestContext;
export let seller: TestUser;
export let otherSeller: TestUser;
export let agent: TestUser;
export let loser: TestUser;
export let admin: TestUser;

/** Boots one app per test file with the users the agent tests act as, and closes it after. */
export function useAgentsApp(): void {
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
}

export const inject = (
  method: "GET" | "POST" | "PATCH",
  url: string,
  user: TestUser,
  payload?: object,
) => ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

export const TRACKING = "1Z999AA10123456784";
export const DAY = 86_400_000;
export const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/**
 * An order `agent` won and the seller accepted: 100 pickup + 500 normal (a bid total of 600.00),
 * cartons for ONT8, booked ten days ago so milestones can follow it.
 */
export async function acceptedOrder(
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
export async function complete(
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

export async function scorecardOf(
  agentId: number,
  user: TestUser = seller,
): Promise<ScorecardSummary> {
  const response = await inject("GET", `/api/agents/${agentId}/scorecard/`, user);
  expect(response.statusCode, response.body).toBe(200);
  return scorecardSummarySchema.parse(response.json().data);
}

export async function notificationsOf(user: TestUser, shipmentId: number): Promise<string[]> {
  const response = await inject("GET", "/api/chat/notifications/", user);
  return (response.json().data as Notification[])
    .filter((item) => item.shipment_id === shipmentId)
    .map((item) => item.content);
}

export async function emailSubjectsTo(user: TestUser): Promise<string[]> {
  const rows = await ctx.app.database.db
    .select({ subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, user.email));
  return rows.map((row) => row.subject);
}

export const fullRating = {
  overall: 4,
  communication: 5,
  care_of_cargo: 3,
  punctuality: 4,
  as_described: 4,
  comment: "Careful with the cartons",
};
