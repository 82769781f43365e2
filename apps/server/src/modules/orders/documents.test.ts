import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DOCUMENT_MAX_BYTES,
  documentMessages,
  documentNotificationTexts,
  legMessages,
  orderDocumentSchema,
  PRODUCT_NAME,
  shipmentMessages,
  type OrderDocument,
} from "@fba/contract";
import { emailOutbox, uploadIntents } from "../../db/schema/index.js";
import { newStorageKey } from "../../lib/storage.js";
import { sweepUploadIntents } from "./upload-intent-sweep.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { expectErrorLog } from "../../test/log-capture.js";
import { multipartBody, testImage } from "../../test/profile-factories.js";
import { carton, endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";

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
    createShipper(ctx.app),
    createAdmin(ctx.app),
  ]);
}, 180_000);
afterAll(async () => ctx?.close());

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
/** A Windows executable's first bytes: what a renamed .exe starts with. */
const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(120)]);

/** An order accepted by the seller, with legs to ONT8 and FTW1. */
async function acceptedOrder(): Promise<number> {
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

async function legIds(id: number): Promise<number[]> {
  const response = await ctx.app.inject({
    url: `/api/shipments/${id}/legs/`,
    headers: seller.auth,
  });
  return (response.json().data as Array<{ id: number }>).map((leg) => leg.id);
}

function upload(
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

async function documentsOf(id: number, user: TestUser = seller): Promise<OrderDocument[]> {
  const response = await ctx.app.inject({
    url: `/api/shipments/${id}/documents/`,
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return orderDocumentSchema.array().parse(response.json().data);
}

/** The signed link as the web app opens it: path and query on this server. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

async function storedDocumentFiles(): Promise<string[]> {
  try {
    return await readdir(path.join(ctx.config.DATA_DIR, "uploads", "documents"));
  } catch {
    return [];
  }
}

async function notificationsOf(user: TestUser): Promise<string[]> {
  const response = await ctx.app.inject({ url: "/api/chat/notifications/", headers: user.auth });
  return (response.json().data as Array<{ content: string }>).map((n) => n.content);
}

const emailSubjectsTo = async (user: TestUser) =>
  (
    await ctx.app.database.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, user.email))
  ).map((row) => row.subject);

describe("order documents", () => {
  it("removes the file of an upload whose process died before keeping it, once no request can still be writing it", async () => {
    const died = newStorageKey("documents", "pdf");
    const running = newStorageKey("documents", "pdf");
    for (const key of [died, running]) {
      await ctx.app.database.db.insert(uploadIntents).values({ storageKey: key });
      await ctx.app.storage.write(key, PDF);
    }
    // A write cut off half way leaves its temp file beside the key.
    const { writeFile } = await import("node:fs/promises");
    await writeFile(path.join(ctx.config.DATA_DIR, "uploads", `${died}.tmp`), "half");
    await ctx.app.database.db
      .update(uploadIntents)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(uploadIntents.storageKey, died));

    expect(await sweepUploadIntents(ctx.app.database.db, ctx.app.storage, 30_000)).toBe(1);
    expect(await ctx.app.storage.exists(died)).toBe(false);
    expect(await storedDocumentFiles()).not.toContain(`${path.basename(died)}.tmp`);
    expect(await ctx.app.storage.exists(running)).toBe(true);
    const left = await ctx.app.database.db.select().from(uploadIntents);
    expect(left.map((row) => row.storageKey)).toContain(running);
    expect(left.map((row) => row.storageKey)).not.toContain(died);
  });

  it("keeps no intent once an upload has its row", async () => {
    const id = await acceptedOrder();
    const before = (await ctx.app.database.db.select().from(uploadIntents)).length;
    const response = await upload(
      id,
      seller,
      { type: "Packing list" },
      { name: "pl.pdf", bytes: PDF },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect((await ctx.app.database.db.select().from(uploadIntents)).length).toBe(before);
  });
  it("tells the order's other parties of a new document, live and by email, never the uploader", async () => {
    const id = await acceptedOrder();
    const [ont8] = await legIds(id);
    const invoice = await upload(
      id,
      seller,
      { type: "Commercial invoice" },
      { name: "ci.pdf", bytes: PDF },
    );
    expect(invoice.statusCode, invoice.body).toBe(201);
    const pod = await upload(
      id,
      agent,
      { type: "Proof of delivery", leg_id: String(ont8) },
      { name: "pod.pdf", bytes: PDF },
    );
    expect(pod.statusCode, pod.body).toBe(201);
    await ctx.app.events.settle();

    const product = (
      await ctx.app.inject({ url: `/api/shipments/${id}/`, headers: seller.auth })
    ).json().data.product_name as string;
    const invoiceText = documentNotificationTexts.uploaded(id, product, "Commercial invoice", null);
    const podText = documentNotificationTexts.uploaded(id, product, "Proof of delivery", "ONT8");
    expect(await notificationsOf(agent)).toContain(invoiceText);
    expect(await notificationsOf(agent)).not.toContain(podText);
    expect(await notificationsOf(seller)).toContain(podText);
    expect(await notificationsOf(seller)).not.toContain(invoiceText);
    expect(await emailSubjectsTo(agent)).toContain(
      `${PRODUCT_NAME}: ${documentNotificationTexts.subject(id, "Commercial invoice")}`,
    );
    expect(await emailSubjectsTo(seller)).toContain(
      `${PRODUCT_NAME}: ${documentNotificationTexts.subject(id, "Proof of delivery")}`,
    );
    expect(await notificationsOf(loser)).not.toContain(invoiceText);
  });

  it("lets the seller, the winning agent and an admin upload; everyone else gets the refusal for other orders", async () => {
    const id = await acceptedOrder();
    const byParty = [];
    for (const user of [seller, agent, admin]) {
      const response = await upload(
        id,
        user,
        { type: "Packing list" },
        { name: "list.pdf", bytes: PDF },
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().message).toBe(documentMessages.uploaded);
      byParty.push(orderDocumentSchema.parse(response.json().data).uploaded_by.id);
    }
    expect(byParty).toEqual([seller.id, agent.id, admin.id]);

    for (const outsider of [otherSeller, loser]) {
      const refused = await upload(
        id,
        outsider,
        { type: "Packing list" },
        { name: "x.pdf", bytes: PDF },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].message).toBe(shipmentMessages.notAuthorisedToView);
      const list = await ctx.app.inject({
        url: `/api/shipments/${id}/documents/`,
        headers: outsider.auth,
      });
      expect(list.statusCode).toBe(400);
      expect(list.json().errors[0].message).toBe(shipmentMessages.notAuthorisedToView);
    }
    expect(
      (await upload(id, null, { type: "Packing list" }, { name: "x.pdf", bytes: PDF })).statusCode,
    ).toBe(401);

    // The three parties read the same list.
    for (const user of [seller, agent, admin]) expect(await documentsOf(id, user)).toHaveLength(3);
  });

  it("keeps every version of a type, numbering them and marking the newest", async () => {
    const id = await acceptedOrder();
    await upload(
      id,
      seller,
      { type: "Commercial invoice" },
      { name: "invoice v1.pdf", bytes: PDF },
    );
    await upload(id, agent, { type: "FBA box labels" }, { name: "labels.pdf", bytes: PDF });
    await upload(
      id,
      seller,
      { type: "Commercial invoice" },
      { name: "invoice v2.pdf", bytes: PDF },
    );
    const documents = await documentsOf(id);
    expect(documents.map((d) => [d.type, d.version, d.latest, d.file_name])).toEqual([
      ["Commercial invoice", 2, true, "invoice v2.pdf"],
      ["FBA box labels", 1, true, "labels.pdf"],
      ["Commercial invoice", 1, false, "invoice v1.pdf"],
    ]);
    expect(documents[0]).toMatchObject({
      shipment: id,
      leg: null,
      mime_type: "application/pdf",
      size_bytes: PDF.length,
      uploaded_by: { id: seller.id, first_name: "Sally", last_name: "Seller" },
    });
  });

  it("types a file by its bytes: a PDF named .png is a PDF, an executable named .pdf is refused", async () => {
    const id = await acceptedOrder();
    const before = await storedDocumentFiles();
    const renamed = await upload(
      id,
      seller,
      { type: "Commercial invoice" },
      { name: "scan.png", bytes: PDF, contentType: "image/png" },
    );
    expect(renamed.statusCode, renamed.body).toBe(201);
    expect(renamed.json().data).toMatchObject({
      mime_type: "application/pdf",
      file_name: "scan.pdf",
    });

    const png = await upload(
      id,
      seller,
      { type: "FBA box labels" },
      { name: "labels.pdf", bytes: await testImage("png", 40, 40), contentType: "application/pdf" },
    );
    expect(png.json().data).toMatchObject({ mime_type: "image/png", file_name: "labels.png" });

    for (const [name, bytes] of [
      ["invoice.pdf", EXE],
      ["notes.pdf", Buffer.from("just some text, not a PDF")],
      ["animation.pdf", await testImage("gif", 40, 40)],
    ] as const) {
      const refused = await upload(
        id,
        seller,
        { type: "Commercial invoice" },
        { name, bytes, contentType: "application/pdf" },
      );
      expect(refused.statusCode, name).toBe(415);
      expect(refused.json().errors).toEqual([
        { field: "file", message: documentMessages.fileType },
      ]);
    }
    expect(await documentsOf(id)).toHaveLength(2);
    expect((await storedDocumentFiles()).length).toBe(before.length + 2);
  });

  it("refuses a file over 25 MB with the reason, storing nothing", async () => {
    const id = await acceptedOrder();
    const before = await storedDocumentFiles();
    const tooBig = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES + 1 - PDF.length)]);
    const refused = await upload(
      id,
      seller,
      { type: "Packing list" },
      { name: "big.pdf", bytes: tooBig },
    );
    expect(refused.statusCode).toBe(413);
    expect(refused.json().errors).toEqual([
      { field: "file", message: documentMessages.fileTooLarge },
    ]);
    const atLimit = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES - PDF.length)]);
    const accepted = await upload(
      id,
      seller,
      { type: "Packing list" },
      { name: "big.pdf", bytes: atLimit },
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().data.size_bytes).toBe(DOCUMENT_MAX_BYTES);
    expect((await storedDocumentFiles()).length).toBe(before.length + 1);
  });

  it("checks the form: a type, a file, and a leg of this order for proof of delivery", async () => {
    const id = await acceptedOrder();
    const [leg] = await legIds(id);
    const other = await acceptedOrder();
    const [otherLeg] = await legIds(other);

    const empty = await upload(id, agent, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { field: "type", message: documentMessages.typeRequired },
      { field: "file", message: documentMessages.fileRequired },
    ]);
    const unknownType = await upload(id, agent, { type: "Selfie" }, { name: "a.pdf", bytes: PDF });
    expect(unknownType.json().errors).toEqual([
      { field: "type", message: documentMessages.typeRequired },
    ]);
    const podWithoutLeg = await upload(
      id,
      agent,
      { type: "Proof of delivery" },
      { name: "pod.pdf", bytes: PDF },
    );
    expect(podWithoutLeg.json().errors).toEqual([
      { field: "leg_id", message: documentMessages.legRequired },
    ]);
    const foreignLeg = await upload(
      id,
      agent,
      { type: "Proof of delivery", leg_id: String(otherLeg) },
      { name: "pod.pdf", bytes: PDF },
    );
    expect(foreignLeg.json().errors).toEqual([
      { field: "leg_id", message: documentMessages.legUnknown },
    ]);

    const pod = await upload(
      id,
      agent,
      { type: "Proof of delivery", leg_id: String(leg) },
      { name: "pod.pdf", bytes: PDF },
    );
    expect(pod.statusCode, pod.body).toBe(201);
    expect(pod.json().data).toMatchObject({ leg, type: "Proof of delivery", version: 1 });
  });

  it("attaches the leg's latest proof of delivery to Delivered when none is named", async () => {
    const id = await acceptedOrder();
    const [leg, otherLeg] = await legIds(id);
    const deliver = () =>
      ctx.app.inject({
        method: "POST",
        url: `/api/shipments/${id}/legs/${leg}/events/`,
        headers: agent.auth,
        payload: {
          milestone: "delivered",
          occurred_at: new Date().toISOString(),
          delivered_fc_code: "ONT8",
        },
      });
    // Another leg's proof does not count.
    await upload(
      id,
      agent,
      { type: "Proof of delivery", leg_id: String(otherLeg) },
      { name: "other.pdf", bytes: PDF },
    );
    const without = await deliver();
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual([
      { field: "document_id", message: legMessages.podRequired },
    ]);
    const pods = [];
    for (const name of ["first.pdf", "second.pdf"]) {
      const pod = await upload(
        id,
        agent,
        { type: "Proof of delivery", leg_id: String(leg) },
        { name, bytes: PDF },
      );
      pods.push(pod.json().data.id as number);
    }
    const delivered = await deliver();
    expect(delivered.statusCode, delivered.body).toBe(201);
    const events = delivered.json().data.events as Array<{
      milestone: string;
      document_id: number;
    }>;
    expect(events.find((event) => event.milestone === "delivered")?.document_id).toBe(pods[1]);
  });

  it("tells which documents the agent still needs before pickup, on the order and the agent's list", async () => {
    const id = await postShipment(ctx.app, seller, {
      compliance: {
        detailed_product_description: "Power banks",
        compliance: ["Batteries or Hazardous Materials"],
      },
    });
    const plain = await postShipment(ctx.app, seller);
    const missing = async (shipmentId: number, user: TestUser = seller) =>
      (await ctx.app.inject({ url: `/api/shipments/${shipmentId}/`, headers: user.auth })).json()
        .data.documents_missing as string[];
    expect(await missing(id)).toEqual([
      "Commercial invoice",
      "Packing list",
      "FBA box labels",
      "Safety data sheet",
    ]);
    expect(await missing(plain)).toEqual(["Commercial invoice", "Packing list", "FBA box labels"]);

    const winning = await placeBid(ctx.app, agent, id, { pickup: 100, normal: 700 });
    await endBiddingWindow(ctx.app, id);
    await ctx.app.inject({
      method: "PATCH",
      url: `/api/quotations/${winning}/`,
      headers: seller.auth,
      payload: { shipment_status: "Quotation Accepted" },
    });
    await upload(id, seller, { type: "Commercial invoice" }, { name: "ci.pdf", bytes: PDF });
    await upload(id, seller, { type: "Commercial invoice" }, { name: "ci2.pdf", bytes: PDF });
    await upload(id, agent, { type: "Safety data sheet" }, { name: "sds.pdf", bytes: PDF });
    await upload(
      id,
      agent,
      { type: "Bill of lading / Air waybill" },
      { name: "bl.pdf", bytes: PDF },
    );
    expect(await missing(id, agent)).toEqual(["Packing list", "FBA box labels"]);

    const list = await ctx.app.inject({ url: "/api/shipper/recent-orders/", headers: agent.auth });
    const row = (list.json().data as Array<{ id: number; documents_missing: string[] }>).find(
      (item) => item.id === id,
    );
    expect(row?.documents_missing).toEqual(["Packing list", "FBA box labels"]);
    await upload(id, seller, { type: "Packing list" }, { name: "pl.pdf", bytes: PDF });
    await upload(id, seller, { type: "FBA box labels" }, { name: "labels.pdf", bytes: PDF });
    expect(await missing(id)).toEqual([]);
  });

  it("takes documents only on a live order", async () => {
    const pending = await postShipment(ctx.app, seller);
    const early = await upload(
      pending,
      seller,
      { type: "Packing list" },
      { name: "a.pdf", bytes: PDF },
    );
    expect(early.json().errors[0].message).toBe(documentMessages.notAnOrder);
    expect(await documentsOf(pending)).toEqual([]);

    const id = await acceptedOrder();
    await upload(id, seller, { type: "Packing list" }, { name: "a.pdf", bytes: PDF });
    const cancelled = await ctx.app.inject({
      method: "PATCH",
      url: `/api/shipment-status-update/${id}/`,
      headers: agent.auth,
      payload: { status: "Shipment Cancelled" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const late = await upload(id, seller, { type: "Packing list" }, { name: "b.pdf", bytes: PDF });
    expect(late.json().errors[0].message).toBe(documentMessages.orderClosed);
    expect(await documentsOf(id)).toHaveLength(1);
  });

  it("serves the bytes by a signed link, safely: nosniff, a sandbox, a download unless an image", async () => {
    const id = await acceptedOrder();
    await upload(
      id,
      seller,
      { type: "Commercial invoice" },
      { name: "Rechnung März.pdf", bytes: PDF },
    );
    await upload(
      id,
      agent,
      { type: "FBA box labels" },
      { name: "labels.png", bytes: await testImage("png", 40, 40) },
    );
    const [labels, invoice] = await documentsOf(id);

    const pdf = await ctx.app.inject({ url: pathOf(invoice!.download_url) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    expect(pdf.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-length": String(PDF.length),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "content-disposition": `attachment; filename="Rechnung M_rz.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`,
    });
    const image = await ctx.app.inject({ url: pathOf(labels!.download_url) });
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["content-disposition"]).toMatch(/^inline; filename="labels.png"/);

    // A link is for its one document, unaltered; without a signature a party's token works.
    const url = new URL(invoice!.download_url);
    const signature = url.searchParams.get("signature")!;
    const swapped = await ctx.app.inject({
      url: `/api/documents/${labels!.id}/download?expires=${url.searchParams.get("expires")}&signature=${signature}`,
    });
    expect(swapped.statusCode).toBe(403);
    expect(swapped.json().message).toBe(documentMessages.linkInvalid);
    const expired = await ctx.app.inject({
      url: `/api/documents/${invoice!.id}/download?expires=1000&signature=${signature}`,
    });
    expect(expired.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ url: `/api/documents/${invoice!.id}/download` })).statusCode,
    ).toBe(401);
    const byToken = await ctx.app.inject({
      url: `/api/documents/${invoice!.id}/download`,
      headers: agent.auth,
    });
    expect(byToken.statusCode).toBe(200);
    const outsider = await ctx.app.inject({
      url: `/api/documents/${invoice!.id}/download`,
      headers: loser.auth,
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().errors[0].message).toBe(shipmentMessages.notAuthorisedToView);
    const missing = await ctx.app.inject({
      url: "/api/documents/2147483000/download",
      headers: admin.auth,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("removes the file again when its row cannot be written", async () => {
    expectErrorLog(/refused by the test/);
    const id = await acceptedOrder();
    const db = ctx.app.database.db;
    await db.execute(sql`create function refuse_document() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await db.execute(sql`create trigger refuse_document before insert on order_documents
      for each row when (new.file_name = 'refused') execute function refuse_document()`);
    try {
      const before = await storedDocumentFiles();
      const failed = await upload(
        id,
        seller,
        { type: "Packing list" },
        { name: "refused.pdf", bytes: PDF },
      );
      expect(failed.statusCode).toBe(500);
      expect(await storedDocumentFiles()).toEqual(before);
      expect(await documentsOf(id)).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger refuse_document on order_documents`);
      await db.execute(sql`drop function refuse_document`);
    }
  });
});
