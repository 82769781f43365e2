import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  chargeChangeMessages,
  usDate,
  chargeChangeSchema,
  chargeChangeTexts,
  disputeRowSchema,
  shipmentMessages,
  type DisputeRow,
} from "@fba/contract";
import { shipments } from "../../db/schema/index.js";
import {
  ctx,
  seller,
  otherSeller,
  agent,
  loser,
  admin,
  useChargeChangeApp,
  inject,
  acceptedOrder,
  addInfo,
  chargeChange,
  documentOn,
  notificationsOf,
  emailsTo,
  productOf,
  finalAmountOf,
} from "../../test/charge-change-fixtures.js";

useChargeChangeApp();

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
