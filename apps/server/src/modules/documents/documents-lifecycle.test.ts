import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documentMessages, legMessages, shipmentMessages } from "@fba/contract";
import { type TestUser } from "../../test/factories.js";
import { expectErrorLog } from "../../test/log-capture.js";
import { testImage } from "../../test/profile-factories.js";
import { endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";
import {
  ctx,
  seller,
  agent,
  loser,
  admin,
  PDF,
  acceptedOrder,
  legIds,
  upload,
  documentsOf,
  pathOf,
  storedDocumentFiles,
  setUpDocumentSuite,
} from "../../test/document-factories.js";

setUpDocumentSuite();

describe("order documents", () => {
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
