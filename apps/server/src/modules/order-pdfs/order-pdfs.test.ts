import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { orderPdfMessages, shipmentMessages, type Leg } from "@fba/contract";
import { orderDocuments, users } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { carton, endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";
import { printable } from "./order-pdf.js";

const run = promisify(execFile);

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

const inject = (method: "GET" | "POST" | "PATCH", url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

/** Accepted with the normal service: 100 pickup + 450 normal = a bid total of 550.00. */
async function acceptedOrder(): Promise<number> {
  const id = await postShipment(ctx.app, seller, {
    product_name: "Bamboo Lamps",
    packages: [carton("ONT8 - Moreno Valley, CA", 10), carton("FTW1 - Dallas, TX", 4)],
  });
  const winning = await placeBid(ctx.app, agent, id, { pickup: 100, fast: 500, normal: 450 });
  await placeBid(ctx.app, loser, id, { pickup: 300, fast: 900 });
  await endBiddingWindow(ctx.app, id);
  const accepted = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
    shipment_status: "Quotation Accepted",
    accepted_service: "normal",
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await ctx.app.events.settle();
  return id;
}

async function pdfText(id: number, kind: "confirmation" | "statement", user: TestUser) {
  const response = await inject("GET", `/api/shipments/${id}/${kind}.pdf`, user);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  expect(response.headers["content-disposition"]).toContain(
    `attachment; filename="fba-freight-order-${id}-${kind}.pdf"`,
  );
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["cache-control"]).toBe("private, no-store");
  expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  // Lines of a PDF may come back joined by spaces or newlines: compare on single spaces.
  return text.replace(/\s+/g, " ");
}

describe("the order confirmation PDF", () => {
  it("prints the product's name, the order, its parties, cargo and accepted bid for each party", async () => {
    const id = await acceptedOrder();
    for (const user of [seller, agent, admin]) {
      const text = await pdfText(id, "confirmation", user);
      expect(text).toContain("FBA Freight");
      expect(text).toContain("Order confirmation");
      expect(text).toContain(`Order number: #${id}`);
      expect(text).toContain("Product: Bamboo Lamps");
      expect(text).toContain("Sally Seller");
      expect(text).toContain("Andy Agent");
      expect(text).toContain("ONT8 - Moreno Valley, CA");
      expect(text).toContain("FTW1 - Dallas, TX");
      expect(text).toContain("Service: Normal");
      expect(text).toContain("Normal freight: $450.00");
      expect(text).toContain("Bid total: $550.00");
    }
  });

  it("is refused to everyone else and before acceptance", async () => {
    const id = await acceptedOrder();
    for (const user of [otherSeller, loser]) {
      const response = await inject("GET", `/api/shipments/${id}/confirmation.pdf`, user);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toBe(shipmentMessages.notAuthorisedToView);
      expect(response.body).not.toContain("Bamboo");
    }
    expect(
      (await ctx.app.inject({ method: "GET", url: `/api/shipments/${id}/confirmation.pdf` }))
        .statusCode,
    ).toBe(401);
    const pending = await postShipment(ctx.app, seller);
    const early = await inject("GET", `/api/shipments/${pending}/confirmation.pdf`, seller);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].message).toBe(orderPdfMessages.confirmationNotReady);
  });
});

describe("the final statement PDF", () => {
  it("is ready once the order is completed, with the bid, the charge change, its decision and each delivery", async () => {
    const id = await acceptedOrder();
    const notYet = await inject("GET", `/api/shipments/${id}/statement.pdf`, seller);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().errors[0].message).toBe(orderPdfMessages.statementNotReady);

    const [evidence] = await ctx.app.database.db
      .insert(orderDocuments)
      .values({
        shipmentId: id,
        type: "Carrier invoice",
        storageKey: "documents/evidence-1.pdf",
        fileName: "cfs-remeasure",
        mimeType: "application/pdf",
        sizeBytes: 2048,
        uploadedBy: agent.id,
      })
      .returning({ id: orderDocuments.id });
    const info = await inject("PATCH", `/api/shipments/${id}/`, agent, {
      tracking_number: "1Z999AA10123456784",
      final_amount: "730",
      variance_reason: "remeasured_cartons",
      variance_note: "Cartons were 62 cm",
      evidence_document_id: evidence!.id,
    });
    expect(info.statusCode, info.body).toBe(200);

    // The ONT8 leg is delivered (with its proof of delivery); FTW1 is not.
    const legs = (await inject("GET", `/api/shipments/${id}/legs/`, seller)).json().data as Leg[];
    const ont8 = legs.find((leg) => leg.fc_code === "ONT8")!;
    const [pod] = await ctx.app.database.db
      .insert(orderDocuments)
      .values({
        shipmentId: id,
        legId: ont8.id,
        type: "Proof of delivery",
        storageKey: "documents/pod",
        fileName: "pod.pdf",
        mimeType: "application/pdf",
        sizeBytes: 10,
        uploadedBy: agent.id,
      })
      .returning({ id: orderDocuments.id });
    const deliveredAt = new Date();
    const delivered = await inject("POST", `/api/shipments/${id}/legs/${ont8.id}/events/`, agent, {
      milestone: "delivered",
      occurred_at: deliveredAt.toISOString(),
      delivered_fc_code: "ONT8",
      document_id: pod!.id,
    });
    expect(delivered.statusCode, delivered.body).toBe(201);

    const complete = await inject("PATCH", `/api/shipment-status-update/${id}/`, agent, {
      status: "Shipment Completed",
    });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(
      (
        await inject("POST", `/api/shipments/${id}/charge-change/dispute`, seller, {
          reason: "The cartons were 60 cm at pickup",
        })
      ).statusCode,
    ).toBe(200);
    const decided = await inject("POST", `/api/shipments/${id}/charge-change/decide`, admin, {
      outcome: "between",
      amount: "640.25",
      note: "Half the re-measure charge",
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const text = await pdfText(id, "statement", seller);
    const day = (date: Date) => {
      const iso = date.toISOString();
      return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    };
    for (const expected of [
      "FBA Freight",
      "Final statement",
      `Order number: #${id}`,
      `Completed on: ${day(new Date())}`,
      "Tracking number: 1Z999AA10123456784 (UPS)",
      "Accepted bid total: $550.00",
      "Final amount set by the agent: $730.00",
      "Above the bid by: $180.00",
      "Reason: Re-measured cartons: Cartons were 62 cm",
      "Evidence: cfs-remeasure.pdf (Carrier invoice)",
      "Dispute: The cartons were 60 cm at pickup",
      "Decision: An amount in between",
      "Decided amount: $640.25",
      "Decision note: Half the re-measure charge",
      "Amount due: $640.25",
      "Admin decided the dispute",
      "Not delivered",
      day(deliveredAt),
    ]) {
      expect(text).toContain(expected);
    }
    // The delivered leg's row names the FC it reached.
    expect(text).toMatch(/ONT8[^$]*ONT8/);
    expect(await pdfText(id, "statement", agent)).toContain("Amount due: $640.25");
  });
});

describe("text in the PDFs", () => {
  it("prints Latin, Cyrillic and Chinese as written, spacing as spaces, the rest plainer or as ?", () => {
    expect(printable("Café Düsseldorf – 50 €")).toBe("Café Düsseldorf – 50 €");
    // Letters the font lacks are spelled without their accents where that leaves a letter it has.
    expect(printable("Kraków Łódź Иванов")).toBe("Kraków ?ódz Иванов");
    expect(printable("东京\tline\r\nnext")).toBe("东京 line\nnext");
    // Thai is not in the embedded font.
    expect(printable("ก")).toBe("?");
  });

  it("prints a Chinese booking's names in both PDFs, searchable, with only the glyphs used", async () => {
    const chineseSeller = await createSeller(ctx.app, { firstName: "王", lastName: "芳" });
    const id = await postShipment(ctx.app, chineseSeller, {
      product_name: "竹制砧板",
      supplier_contact_name: "李伟",
      packages: [carton("ONT8 - Moreno Valley, CA", 10)],
      contact_information: { first_name: "王", last_name: "芳", email: "wang@example.com" },
    });
    const winning = await placeBid(ctx.app, agent, id, { pickup: 100, fast: 500 });
    await endBiddingWindow(ctx.app, id);
    const accepted = await inject("PATCH", `/api/quotations/${winning}/`, chineseSeller, {
      shipment_status: "Quotation Accepted",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const confirmation = await pdfText(id, "confirmation", chineseSeller);
    expect(confirmation).toContain("Product: 竹制砧板");
    expect(confirmation).toContain("Name: 王 芳");
    const info = await inject("PATCH", `/api/shipments/${id}/`, agent, {
      tracking_number: "1Z999AA10123456784",
      final_amount: "600",
    });
    expect(info.statusCode, info.body).toBe(200);
    const complete = await inject("PATCH", `/api/shipment-status-update/${id}/`, agent, {
      status: "Shipment Completed",
    });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(await pdfText(id, "statement", agent)).toContain("Product: 竹制砧板");
    const pdf = await inject("GET", `/api/shipments/${id}/confirmation.pdf`, chineseSeller);
    // The font is subset: a page of text stays far below the 10 MB font file.
    expect(pdf.rawPayload.length).toBeLessThan(200_000);

    // The PDFs are in the language of whoever asks for them: the seller chose Chinese, the agent
    // has no choice (English). poppler's pdftotext reads the text as a PDF reader would.
    await ctx.app.database.db
      .update(users)
      .set({ locale: "zh-CN" })
      .where(eq(users.id, chineseSeller.id));
    const read = async (kind: "confirmation" | "statement", user: TestUser) => {
      const res = await inject("GET", `/api/shipments/${id}/${kind}.pdf`, user);
      expect(res.statusCode).toBe(200);
      return pdftotext(res.rawPayload);
    };
    const zhConfirmation = await read("confirmation", chineseSeller);
    for (const line of [
      "订单确认书",
      "品名：竹制砧板",
      "供应商联系人：李伟",
      "姓名：王 芳",
      "报价总额：US$600.00",
    ]) {
      expect(zhConfirmation).toContain(line);
    }
    expect(zhConfirmation).not.toContain("Product");
    const zhStatement = await read("statement", chineseSeller);
    for (const line of [
      "结算单",
      "品名：竹制砧板",
      "供应商联系人：李伟",
      "应付金额：US$600.00",
      "金额单位为美元",
    ]) {
      expect(zhStatement).toContain(line);
    }
    const enConfirmation = await read("confirmation", agent);
    for (const line of [
      "Order confirmation",
      "Product: 竹制砧板",
      "Supplier contact: 李伟",
      "Name: 王 芳",
    ]) {
      expect(enConfirmation).toContain(line);
    }
    const enStatement = await read("statement", agent);
    for (const line of [
      "Final statement",
      "Product: 竹制砧板",
      "Supplier contact: 李伟",
      "Amount due: $600.00",
    ]) {
      expect(enStatement).toContain(line);
    }
  });
});

/** The text of a PDF as poppler's pdftotext (Debian's poppler-utils) extracts it. */
async function pdftotext(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "order-pdf-"));
  try {
    const file = join(dir, "order.pdf");
    await writeFile(file, pdf);
    const { stdout } = await run("pdftotext", ["-enc", "UTF-8", file, "-"]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
