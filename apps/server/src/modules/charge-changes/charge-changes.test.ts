import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  chargeChangeMessages,
  usDate,
  chargeChangeSchema,
  chargeChangeTexts,
  chatMessages,
  disputeRowSchema,
  shipmentMessages,
  type ChargeChange,
  type DisputeRow,
  type Notification,
} from "@fba/contract";
import { emailOutbox, orderDocuments, shipments } from "../../db/schema/index.js";
import { buildTestApp, servicesOf, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";

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
    createAdmin(ctx.app, { firstName: "Ada", lastName: "Admin" }),
  ]);
}, 180_000);
afterAll(async () => ctx?.close());

const inject = (method: "GET" | "POST" | "PATCH", url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

const TRACKING = "1Z999AA10123456784";

/**
 * An order the seller accepted: the agent bid 100 pickup + 500 fast + 450 normal (a total of
 * 550.00) and the seller bought the fast service, so the accepted bid's total is 600.00.
 */
async function acceptedOrder(): Promise<number> {
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

async function addInfo(id: number, body: object, user: TestUser = agent) {
  const response = await inject("PATCH", `/api/shipments/${id}/`, user, {
    tracking_number: TRACKING,
    ...body,
  });
  await ctx.app.events.settle();
  return response;
}

async function chargeChange(id: number, user: TestUser = seller): Promise<ChargeChange | null> {
  const response = await inject("GET", `/api/shipments/${id}/charge-change/`, user);
  expect(response.statusCode, response.body).toBe(200);
  return chargeChangeSchema.nullable().parse(response.json().data);
}

/** An order document as an upload stores it: the name without extension, the type in the key. */
async function documentOn(shipmentId: number, fileName = "re-measure"): Promise<number> {
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

async function notificationsOf(user: TestUser, shipmentId: number): Promise<string[]> {
  const response = await inject("GET", "/api/chat/notifications/", user);
  return (response.json().data as Notification[])
    .filter((item) => item.shipment_id === shipmentId)
    .map((item) => item.content);
}

const emailsTo = (user: TestUser) =>
  ctx.app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));

async function productOf(id: number): Promise<string> {
  const [row] = await ctx.app.database.db
    .select({ name: shipments.productName })
    .from(shipments)
    .where(eq(shipments.id, id));
  return row!.name;
}

async function finalAmountOf(id: number): Promise<string | null> {
  const [row] = await ctx.app.database.db
    .select({ finalAmount: shipments.finalAmount })
    .from(shipments)
    .where(eq(shipments.id, id));
  return row?.finalAmount ?? null;
}

describe("a final amount above the accepted bid", () => {
  it("is nothing to answer while the final amount is within the bid of the service bought", async () => {
    const id = await acceptedOrder();
    const response = await addInfo(id, { final_amount: "600" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(shipmentMessages.infoUpdated);
    expect(await chargeChange(id)).toBeNull();
  });

  it("asks the seller to answer when the spec's call sets more, with the reason 'not given'", async () => {
    const id = await acceptedOrder();
    const response = await addInfo(id, { final_amount: "780" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.final_amount).toBe("780.00");

    const change = await chargeChange(id);
    expect(change).toMatchObject({
      status: "pending",
      bid_total: "600.00",
      final_amount: "780.00",
      difference: "180.00",
      reason: "not_given",
      reason_label: "Not given",
      evidence: null,
      summary: "$180.00 above the accepted bid: no reason given",
      can_accept: true,
      can_dispute: true,
      can_decide: false,
      dispute_until: null,
    });
    expect(change!.events).toMatchObject([
      {
        action: "proposed",
        by: { id: agent.id, first_name: "Andy", group: "Shipper" },
        old_amount: "600.00",
        new_amount: "780.00",
        reason: "Not given",
      },
    ]);
    expect(await notificationsOf(seller, id)).toContain(
      chargeChangeTexts.proposed(id, await productOf(id), change!.summary),
    );
    expect((await emailsTo(seller)).map((mail) => mail.subject)).toContain(
      `FBA Freight: ${chargeChangeTexts.proposedSubject(id)}`,
    );
    // The agent and admin read it too, without the seller's buttons.
    expect(await chargeChange(id, agent)).toMatchObject({ can_accept: false, can_dispute: false });
    expect(await chargeChange(id, admin)).toMatchObject({ can_accept: false, can_decide: false });
  });

  it("records the agent's reason and evidence, and refuses evidence of another order or 'other' without a note, storing nothing", async () => {
    const id = await acceptedOrder();
    const elsewhere = await documentOn(await acceptedOrder());
    const evidence = await documentOn(id, "scale-ticket");

    const foreign = await addInfo(id, {
      final_amount: "780",
      variance_reason: "remeasured_cartons",
      evidence_document_id: elsewhere,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { field: "evidence_document_id", message: chargeChangeMessages.evidenceUnknown },
    ]);
    const noNote = await addInfo(id, { final_amount: "780", variance_reason: "other" });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual([
      { field: "variance_note", message: chargeChangeMessages.noteRequired },
    ]);
    expect(await finalAmountOf(id)).toBeNull();
    expect(await chargeChange(id)).toBeNull();

    const saved = await addInfo(id, {
      final_amount: "780.00",
      variance_reason: "remeasured_cartons",
      variance_note: "Cartons measured 62 cm at the CFS",
      evidence_document_id: evidence,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const change = await chargeChange(id);
    expect(change).toMatchObject({
      reason: "remeasured_cartons",
      reason_label: "Re-measured cartons",
      note: "Cartons measured 62 cm at the CFS",
      evidence: { id: evidence, file_name: "scale-ticket.pdf", type: "Carrier invoice" },
      summary: "$180.00 above the accepted bid: re-measured cartons, evidence attached",
    });
  });

  it("keeps the seller's answer when the agent saves the same amount again, and withdraws when it drops within the bid", async () => {
    const id = await acceptedOrder();
    await addInfo(id, { final_amount: "700", variance_reason: "storage_demurrage" });
    const accepted = await inject("POST", `/api/shipments/${id}/charge-change/accept`, seller);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await ctx.app.events.settle();
    expect(accepted.json().message).toBe(chargeChangeMessages.accepted);
    expect(accepted.json().data).toMatchObject({ status: "accepted", agreed_amount: "700.00" });
    expect(await notificationsOf(agent, id)).toContain(
      chargeChangeTexts.accepted(id, await productOf(id), "700.00"),
    );

    // A new tracking number with the same amount: the seller's answer stands.
    await addInfo(id, { final_amount: "700.00", variance_reason: "storage_demurrage" });
    expect(await chargeChange(id)).toMatchObject({ status: "accepted" });

    // A higher amount asks the seller again; back within the bid withdraws it.
    await addInfo(id, { final_amount: "720", variance_reason: "storage_demurrage" });
    expect(await chargeChange(id)).toMatchObject({ status: "pending", final_amount: "720.00" });
    await addInfo(id, { final_amount: "590" });
    const withdrawn = await chargeChange(id);
    expect(withdrawn).toMatchObject({ status: "withdrawn", can_accept: false });
    expect(
      withdrawn!.events.map((event) => [event.action, event.old_amount, event.new_amount]),
    ).toEqual([
      ["proposed", "600.00", "700.00"],
      ["accepted", "600.00", "700.00"],
      ["proposed", "700.00", "720.00"],
      ["withdrawn", "720.00", "590.00"],
    ]);
  });

  it("lets only the order's seller answer, once", async () => {
    const id = await acceptedOrder();
    await addInfo(id, { final_amount: "650" });
    const url = `/api/shipments/${id}/charge-change/accept`;
    expect((await inject("POST", url, agent)).statusCode).toBe(403);
    expect((await inject("POST", url, admin)).statusCode).toBe(403);
    const outsider = await inject("POST", url, otherSeller);
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().errors[0].message).toBe(shipmentMessages.notAuthorisedToView);
    for (const user of [otherSeller, loser]) {
      const read = await inject("GET", `/api/shipments/${id}/charge-change/`, user);
      expect(read.statusCode).toBe(400);
      expect(read.json().errors[0].message).toBe(shipmentMessages.notAuthorisedToView);
      expect(read.body).not.toContain("650");
    }
    expect((await inject("POST", url, seller)).statusCode).toBe(200);
    const again = await inject("POST", url, seller);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toBe(chargeChangeMessages.notPending);
    const dispute = await inject("POST", `/api/shipments/${id}/charge-change/dispute`, seller, {
      reason: "Too late to change my mind",
    });
    expect(dispute.statusCode).toBe(409);

    const withinBid = await acceptedOrder();
    const none = await inject("POST", `/api/shipments/${withinBid}/charge-change/accept`, seller);
    expect(none.statusCode).toBe(409);
    expect(none.json().errors[0].message).toBe(chargeChangeMessages.none);
  });
});

describe("a dispute", () => {
  async function completedWithChange(daysAgo: number, evidenceFile?: string): Promise<number> {
    const id = await acceptedOrder();
    await addInfo(id, {
      final_amount: "780",
      variance_reason: "customs_examination",
      evidence_document_id: evidenceFile ? await documentOn(id, evidenceFile) : undefined,
    });
    const complete = await inject("PATCH", `/api/shipment-status-update/${id}/`, agent, {
      status: "Shipment Completed",
    });
    expect(complete.statusCode, complete.body).toBe(200);
    await ctx.app.events.settle();
    if (daysAgo > 0) {
      await ctx.app.database.db
        .update(shipments)
        .set({ completedAt: new Date(Date.now() - daysAgo * 86_400_000) })
        .where(eq(shipments.id, id));
    }
    return id;
  }

  it("needs the seller's reason and is open until 15 days after completion", async () => {
    const late = await completedWithChange(16);
    const lateChange = await chargeChange(late);
    expect(lateChange).toMatchObject({ can_dispute: false, can_accept: true });
    const refused = await inject("POST", `/api/shipments/${late}/charge-change/dispute`, seller, {
      reason: "The cartons were never re-measured",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toBe(
      chargeChangeMessages.disputeWindowClosed(usDate(new Date(lateChange!.dispute_until!))),
    );
    expect(await chargeChange(late)).toMatchObject({ status: "pending" });

    const id = await completedWithChange(14);
    const change = await chargeChange(id);
    expect(change!.can_dispute).toBe(true);
    const [row] = await ctx.app.database.db
      .select({ completedAt: shipments.completedAt })
      .from(shipments)
      .where(eq(shipments.id, id));
    expect(new Date(change!.dispute_until!).getTime()).toBe(
      row!.completedAt!.getTime() + 15 * 86_400_000,
    );
    const blank = await inject("POST", `/api/shipments/${id}/charge-change/dispute`, seller, {
      reason: "  ",
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([
      { field: "reason", message: chargeChangeMessages.disputeReasonRequired },
    ]);
  });

  it("goes to every admin with its evidence; an admin decides within the bid total and the final amount", async () => {
    const id = await completedWithChange(1, "exam-invoice");
    const product = await productOf(id);

    const disputed = await inject("POST", `/api/shipments/${id}/charge-change/dispute`, seller, {
      reason: "No customs exam was ever scheduled",
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json().message).toBe(chargeChangeMessages.disputed);
    await ctx.app.events.settle();
    const told = chargeChangeTexts.disputed(id, product, "No customs exam was ever scheduled");
    expect(await notificationsOf(admin, id)).toContain(told);
    expect(await notificationsOf(agent, id)).toContain(told);
    const adminMail = (await emailsTo(admin)).find((mail) =>
      mail.subject.includes(chargeChangeTexts.disputedSubject(id)),
    );
    expect(adminMail?.textBody).toContain("/admin/disputes");

    const list = await inject("GET", "/api/admin/disputes/", admin);
    expect(list.statusCode).toBe(200);
    const rows = disputeRowSchema.array().parse(list.json().data);
    const row = rows.find((item) => item.shipment.id === id);
    expect(row).toMatchObject({
      shipment: { id, product_name: product, status: "Shipment Completed" },
      seller: { id: seller.id, email: seller.email },
      agent: { id: agent.id, email: agent.email },
      charge_change: {
        status: "disputed",
        dispute_reason: "No customs exam was ever scheduled",
        evidence: {
          file_name: "exam-invoice.pdf",
          type: "Carrier invoice",
          download_url: expect.stringMatching(
            /\/api\/documents\/\d+\/download\?expires=\d+&signature=/,
          ),
        },
        can_decide: true,
      },
    });
    for (const user of [seller, agent]) {
      expect((await inject("GET", "/api/admin/disputes/", user)).statusCode).toBe(403);
    }

    const decide = `/api/shipments/${id}/charge-change/decide`;
    expect(
      (await inject("POST", decide, seller, { outcome: "bid_total", note: "x" })).statusCode,
    ).toBe(403);
    const tooHigh = await inject("POST", decide, admin, {
      outcome: "between",
      amount: "780.01",
      note: "Half of the exam fee",
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().errors).toEqual([
      { field: "amount", message: chargeChangeMessages.amountOutOfRange("600.00", "780.00") },
    ]);
    const mismatch = await inject("POST", decide, admin, {
      outcome: "bid_total",
      amount: "700",
      note: "Keep the bid",
    });
    expect(mismatch.json().errors).toEqual([
      { field: "amount", message: chargeChangeMessages.amountOfOutcome("600.00") },
    ]);
    const noNote = await inject("POST", decide, admin, { outcome: "between", amount: "690" });
    expect(noNote.json().errors).toEqual([
      { field: "note", message: chargeChangeMessages.decisionNoteRequired },
    ]);
    expect(await chargeChange(id)).toMatchObject({ status: "disputed", decision: null });
    expect(await finalAmountOf(id)).toBe("780.00");

    const decided = await inject("POST", decide, admin, {
      outcome: "between",
      amount: "690.50",
      note: "Half of the exam fee",
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await ctx.app.events.settle();
    const change = chargeChangeSchema.parse(decided.json().data);
    expect(change).toMatchObject({
      status: "decided",
      final_amount: "780.00",
      agreed_amount: "690.50",
      decision: { outcome: "between", amount: "690.50", note: "Half of the exam fee" },
      can_decide: false,
    });
    expect(await finalAmountOf(id)).toBe("690.50");
    expect(
      change.events.map((event) => [event.action, event.by.id, event.old_amount, event.new_amount]),
    ).toEqual([
      ["proposed", agent.id, "600.00", "780.00"],
      ["disputed", seller.id, "600.00", "780.00"],
      ["decided", admin.id, "780.00", "690.50"],
    ]);
    expect(change.events[2]).toMatchObject({
      reason: "An amount in between",
      note: "Half of the exam fee",
    });
    for (const user of [seller, agent]) {
      expect(await notificationsOf(user, id)).toContain(
        chargeChangeTexts.decided(id, product, "690.50"),
      );
    }
    expect((await inject("GET", "/api/admin/disputes/", admin)).json().data).not.toContainEqual(
      expect.objectContaining({ shipment: expect.objectContaining({ id }) }),
    );
    // The decided dispute is in the history, by status and by the day it was disputed.
    const history = async (query: string) =>
      ((await inject("GET", `/api/admin/disputes/?${query}`, admin)).json().data as DisputeRow[])
        .filter((row) => row.shipment.id === id)
        .map((row) => row.charge_change.status);
    const today = new Date().toISOString().slice(0, 10);
    expect(await history("status=decided")).toEqual(["decided"]);
    expect(await history("status=all")).toEqual(["decided"]);
    expect(await history(`status=decided&from=${today}&to=${today}`)).toEqual(["decided"]);
    expect(await history("status=decided&to=2020-01-01")).toEqual([]);
    expect(await history("status=decided&from=2999-01-01")).toEqual([]);
    for (const user of [seller, agent]) {
      expect((await inject("GET", "/api/admin/disputes/?status=all", user)).statusCode).toBe(403);
    }
    // The disputes export has it too, decided.
    const csv = (await inject("GET", "/api/admin/disputes/export.csv", admin)).body;
    expect(
      csv.split("\r\n").some((line) => line.includes(`,${id},Decided,600.00,780.00,690.50,`)),
    ).toBe(true);
    const twice = await inject("POST", decide, admin, { outcome: "final_amount", note: "Changed" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].message).toBe(chargeChangeMessages.notDisputed);
  });
});

// The admins' Disputes page sends them to read the order's chat: completing the order leaves it
// open while the charge change waits for the seller or an admin, and it closes once settled.
describe("the order's chat while a charge change is open", () => {
  const chat = (id: number) => ({ kind: "shipment" as const, id });
  const say = (user: TestUser, id: number, content: string) =>
    servicesOf(ctx.app).chat.sendMessage(user, chat(id), {
      content,
      attachmentId: null,
      replyToId: null,
    });
  const complete = async (id: number) => {
    const done = await inject("PATCH", `/api/shipment-status-update/${id}/`, agent, {
      status: "Shipment Completed",
    });
    expect(done.statusCode, done.body).toBe(200);
    await ctx.app.events.settle();
  };
  const refusedAsClosed = async (user: TestUser, id: number) => {
    await expect(say(user, id, "Still there?")).rejects.toMatchObject({
      statusCode: 409,
      message: chatMessages.chatClosed,
    });
  };

  it("stays open after completion until the seller accepts the charge change", async () => {
    const id = await acceptedOrder();
    await addInfo(id, { final_amount: "780", variance_reason: "customs_examination" });
    await complete(id);
    expect((await say(seller, id, "Why is it 780?")).content).toBe("Why is it 780?");
    expect((await say(agent, id, "Customs examined the cartons")).content).toBeTruthy();
    const accepted = await inject("POST", `/api/shipments/${id}/charge-change/accept`, seller);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await refusedAsClosed(seller, id);
    await refusedAsClosed(agent, id);
  });

  it("stays open through a dispute until an admin decides it", async () => {
    const id = await acceptedOrder();
    await addInfo(id, { final_amount: "780", variance_reason: "customs_examination" });
    await complete(id);
    const disputed = await inject("POST", `/api/shipments/${id}/charge-change/dispute`, seller, {
      reason: "The cartons were never examined",
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect((await say(admin, id, "Please upload the exam invoice")).content).toBeTruthy();
    expect((await say(agent, id, "Uploaded")).content).toBe("Uploaded");
    const decided = await inject("POST", `/api/shipments/${id}/charge-change/decide`, admin, {
      outcome: "bid_total",
      note: "No exam invoice",
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await refusedAsClosed(agent, id);
    await refusedAsClosed(admin, id);
  });

  it("closes at completion when no charge change is open", async () => {
    const within = await acceptedOrder();
    await addInfo(within, { final_amount: "600" });
    await complete(within);
    await refusedAsClosed(seller, within);
  });
});
