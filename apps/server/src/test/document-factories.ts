import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { orderDocumentSchema, type OrderDocument } from "@fba/contract";
import { emailOutbox } from "../db/schema/index.js";
import { buildTestApp, type TestContext } from "./app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "./factories.js";
import { multipartBody } from "./profile-factories.js";
import { carton, endBiddingWindow, placeBid, postShipment } from "./shipment-factories.js";

/**
 * The order documents' suites: one app and five users per test file (set up by
 * `setUpDocumentSuite`), an accepted order, uploads and what the parties see of them.
 */
export let ctx: TestContext;
export let seller: TestUser;
export let otherSeller: TestUser;
export let agent: TestUser;
export let loser: TestUser;
export let admin: TestUser;

export function setUpDocumentSuite(): void {
  beforeAll(async () => {
    ctx = await buildTestApp();
    [seller, otherSeller, agent, loser, admin] = await Promise.all([
      createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" }),
      createSeller(ctx.app),
      createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" }),
      createShipper(ctx.app),
      createAdmin(ctx.app),
    ]);
  }, 180_000);
  afterAll(async () => ctx?.close());
}

export const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
/** A Windows executable's first bytes: what a renamed .exe starts with. */
export const EXE = Buffer.concat([
  Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"),
  Buffer.alloc(120),
]);

/** An order accepted by the seller, with legs to ONT8 and FTW1. */
export async function acceptedOrder(): Promise<number> {
  const id = await postShipment(ctx.app, seller, {
    packages: [carton("ONT8 - Moreno Valley, CA"), carton("FTW1 - Dallas, TX")],
  });
  const winning = await placeBid(ctx.app, agent, id, { pickup: 100, normal: 700 });
  await placeBid(ctx.app, loser, id, { pickup: 100, normal: 900 });
  await endBiddingWindow(ctx.app, id);
  const accepted = await ctx.app.inject({
    method: "PATCH",
    url: `/api/quotations/${winning}/`,
    headers: seller.auth,
    payload: { shipment_status: "Quotation Accepted" },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await ctx.app.events.settle();
  return id;
}

export async function legIds(id: number): Promise<number[]> {
  const response = await ctx.app.inject({
    url: `/api/shipments/${id}/legs/`,
    headers: seller.auth,
  });
  return (response.json().data as Array<{ id: number }>).map((leg) => leg.id);
}

export function upload(
  id: number,
  user: TestUser | null,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; contentType?: string },
) {
  const body = multipartBody(
    fields,
    file
      ? {
          file: {
            filename: file.name,
            contentType: file.contentType ?? "application/octet-stream",
            bytes: file.bytes,
          },
        }
      : {},
  );
  return ctx.app.inject({
    method: "POST",
    url: `/api/shipments/${id}/documents/`,
    headers: { ...(user?.auth ?? {}), ...body.headers },
    payload: body.payload,
  });
}

export async function documentsOf(id: number, user: TestUser = seller): Promise<OrderDocument[]> {
  const response = await ctx.app.inject({
    url: `/api/shipments/${id}/documents/`,
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return orderDocumentSchema.array().parse(response.json().data);
}

/** The signed link as the web app opens it: path and query on this server. */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

export async function storedDocumentFiles(): Promise<string[]> {
  try {
    return await readdir(path.join(ctx.config.DATA_DIR, "uploads", "documents"));
  } catch {
    return [];
  }
}

export async function notificationsOf(user: TestUser): Promise<string[]> {
  const response = await ctx.app.inject({ url: "/api/chat/notifications/", headers: user.auth });
  return (response.json().data as Array<{ content: string }>).map((n) => n.content);
}

export const emailSubjectsTo = async (user: TestUser) =>
  (
    await ctx.app.database.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, user.email))
  ).map((row) => row.subject);
