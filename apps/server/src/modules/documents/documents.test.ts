import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DOCUMENT_MAX_BYTES,
  documentMessages,
  documentNotificationTexts,
  orderDocumentSchema,
  PRODUCT_NAME,
  shipmentMessages,
} from "@fba/contract";
import { uploadIntents } from "../../db/schema/index.js";
import { newStorageKey } from "../../lib/storage.js";
import { sweepUploadIntents } from "./upload-intent-sweep.js";
import { testImage } from "../../test/profile-factories.js";
import {
  ctx,
  seller,
  otherSeller,
  agent,
  loser,
  admin,
  PDF,
  EXE,
  acceptedOrder,
  legIds,
  upload,
  documentsOf,
  storedDocumentFiles,
  notificationsOf,
  emailSubjectsTo,
  setUpDocumentSuite,
} from "../../test/document-factories.js";

setUpDocumentSuite();

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
});
