import { afterAll, beforeAll, expect } from "vitest";
import { eq } from "drizzle-orm";
import { chargeChangeSchema, type ChargeChange, type Notification } from "@fba/contract";
import { emailOutbox, orderDocuments, shipments } from "../db/schema/index.js";
import { buildTestApp, type TestContext } from "./app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "./factories.js";
import { endBiddingWindow, placeBid, postShipment } from "./shipment-factories.js";

export let ctx: TestContext;
export let seller: TestUser;
export let otherSeller: TestUser;
export let agent: TestUser;
export let loser: TestUser;
export let admin: TestUser;

/** Boots one app per test file with the users the charge-change tests act as, and closes it after. */
export function useChargeChangeApp(): void {
  beforeAll(async () => {
    ctx = await buildTestApp();
    [seller, otherSeller, agent, loser, admin] = await Promise.all([
      createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" }),
      createSeller(ctx.app),
      createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" }),
      createShipper(ctx.app),
      createAdmin(ctx.app, { firstName: "Ada", lastName: "Admin" }),
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

/**
 * An order the seller accepted: the agent bid 100 pickup + 500 fast + 450 normal (a total of
 * 550.00) and the seller bought the fast service, so the accepted bid's total is 600.00.
 */
export async function acceptedOrder(): Promise<number> {
  const id = await postShipment(ctx.app, seller);
  const winning = await placeBid(ctx.app, agent, id, { pickup: 100, fast: 500, normal: 450 });
  await placeBid(ctx.app, loser, id, { pickup: 300, fast: 900 });
  await endBiddingWindow(ctx.app, id);
  const accepted = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
    shipment_status: "Quotation Accepted",
    accepted_service: "fast",
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await ctx.app.events.settle();
  return id;
}

export async function addInfo(id: number, body: object, user: TestUser = agent) {
  const response = await inject("PATCH", `/api/shipments/${id}/`, user, {
    tracking_number: TRACKING,
    ...body,
  });
  await ctx.app.events.settle();
  return response;
}

export async function chargeChange(
  id: number,
  user: TestUser = seller,
): Promise<ChargeChange | null> {
  const response = await inject("GET", `/api/shipments/${id}/charge-change/`, user);
  expect(response.statusCode, response.body).toBe(200);
  return chargeChangeSchema.nullable().parse(response.json().data);
}

/** An order document as an upload stores it: the name without extension, the type in the key. */
export async function documentOn(shipmentId: number, fileName = "re-measure"): Promise<number> {
  const [row] = await ctx.app.database.db
    .insert(orderDocuments)
    .values({
      shipmentId,
      type: "Carrier invoice",
      storageKey: `documents/${shipmentId}-${fileName}.pdf`,
      fileName,
      mimeType: "application/pdf",
      sizeBytes: 2048,
      uploadedBy: agent.id,
    })
    .returning({ id: orderDocuments.id });
  return row!.id;
}

export async function notificationsOf(user: TestUser, shipmentId: number): Promise<string[]> {
  const response = await inject("GET", "/api/chat/notifications/", user);
  return (response.json().data as Notification[])
    .filter((item) => item.shipment_id === shipmentId)
    .map((item) => item.content);
}

export const emailsTo = (user: TestUser) =>
  ctx.app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));

export async function productOf(id: number): Promise<string> {
  const [row] = await ctx.app.database.db
    .select({ name: shipments.productName })
    .from(shipments)
    .where(eq(shipments.id, id));
  return row!.name;
}

export async function finalAmountOf(id: number): Promise<string | null> {
  const [row] = await ctx.app.database.db
    .select({ finalAmount: shipments.finalAmount })
    .from(shipments)
    .where(eq(shipments.id, id));
  return row?.finalAmount ?? null;
}
