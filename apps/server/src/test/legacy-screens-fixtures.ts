// Shared setup for the existing web client's later screens (legacy-screens*.test.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { type Leg, type OrderDocument } from "@fba/contract";
import { users } from "../db/schema/index.js";
import { buildTestApp, type TestContext } from "./app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "./factories.js";
import { multipartBody } from "./profile-factories.js";
import { carton, endBiddingWindow, placeBid, postShipment } from "./shipment-factories.js";

export let ctx: TestContext;
export let seller: TestUser;
export let otherSeller: TestUser;
export let agent: TestUser;
export let loser: TestUser;
export let admin: TestUser;

/** Boots one app per test file with the users the legacy screen tests act as, and closes it after. */
export function useLegacyScreensApp(): void {
  beforeAll(async () => {
    ctx = await buildTestApp();
    [seller, otherSeller, agent, loser, admin] = await Promise.all([
      createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" }),
      createSeller(ctx.app),
      createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" }),
      createShipper(ctx.app),
      createAdmin(ctx.app),
    ]);
    await ctx.app.database.db
      .update(users)
      .set({ companyName: "Sally Imports LLC", phone: "+1 555 0100" })
      .where(eq(users.id, seller.id));
  }, 180_000);
  afterAll(async () => ctx?.close());
}

export const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

/** Five 60×40×50 cm cartons of 12 kg: 100 kg chargeable (volume wins). */

/** An order the seller accepted, to ONT8 and FTW1. */
export async function acceptedOrder(): Promise<number> {
  const id = await postShipment(ctx.app, seller, {
    packages: [carton("ONT8 - Moreno Valley, CA"), carton("FTW1 - Dallas, TX")],
  });
  const winning = await placeBid(ctx.app, agent, id, { pickup: 100, normal: 700 });
  await placeBid(ctx.app, loser, id, { pickup: 100, normal: 900 });
  await endBiddingWindow(ctx.app, id);
  const accepted = await call(seller, "PATCH", `/quotations/${winning}/`, {
    shipment_status: "Quotation Accepted",
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  await ctx.app.events.settle();
  return id;
}

export type Body = {
  status: string;
  status_code: number;
  message: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- read as the client does
  errors?: Array<{ field?: string; message: string }>;
  pagination_option?: { page: number; pages: number; per_page: number; count: number };
};

/**
 * One call of the client: its axios instance joins the API base (`…/api/`) with the path as the
 * screen wrote it (with or without a leading or trailing slash), sends JSON with the bearer token
 * (no content type without a body), and hands the envelope to the screen.
 */
export async function call(
  user: TestUser,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Body }> {
  const response = await ctx.app.inject({
    method,
    url: `/api/${path.replace(/^\//, "")}`,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.json() as Body };
}

/** W4: the client appends the file as `pod_document` to a FormData and PATCHes it. */
export async function uploadPod(user: TestUser, rowId: number, name: string, bytes: Buffer) {
  const form = multipartBody(
    {},
    { pod_document: { filename: name, contentType: "application/pdf", bytes } },
  );
  const response = await ctx.app.inject({
    method: "PATCH",
    url: `/api/warehouses/${rowId}/`,
    headers: { authorization: `Bearer ${user.token}`, ...form.headers },
    payload: form.payload,
  });
  return { status: response.statusCode, body: response.json() as Body };
}

/** W1, read as the Tracking screen reads it: `data.data`. */
export async function rows(user: TestUser, shipmentId: number) {
  const { status, body } = await call(user, "GET", `/warehouses/?shipment_id=${shipmentId}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.data as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export const byCode = (list: Array<Record<string, unknown>>, code: string) =>
  list.find((row) => row.warehouse_code === code)!;

export async function legsOf(shipmentId: number): Promise<Leg[]> {
  return (await call(seller, "GET", `/shipments/${shipmentId}/legs/`)).body.data as Leg[];
}

export async function documentsOf(shipmentId: number): Promise<OrderDocument[]> {
  return (await call(seller, "GET", `/shipments/${shipmentId}/documents/`)).body
    .data as OrderDocument[];
}
