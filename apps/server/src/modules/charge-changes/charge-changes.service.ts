import {
  amountOfCents,
  centsOf,
  chargeChangeMessages,
  chargeChangeSummary,
  shipmentMessages,
  VARIANCE_REASON_NOT_GIVEN,
  type AddShipmentInfoWithVarianceData,
  type ChargeChange,
  type ChargeChangeStatus,
  type DecideChargeChangeData,
  type DisputeRow,
  type StoredVarianceReason,
} from "@fba/contract";
import type { Db, DbOrTx } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import type { DomainEvents, EventBus } from "../../lib/events.js";
import type { AuthUser } from "../../lib/principal.js";
import { isOrder, orderParty, type Party } from "../legs/index.js";
import {
  checkAnswer,
  decidedAmount,
  disputeUntil,
  finalAmountStep,
  type Refusal,
} from "./charge-changes.policy.js";
import {
  presentChargeChange,
  presentDisputeRow,
  presentEvidence,
} from "./charge-changes.presenter.js";
import {
  eventsOf,
  findChargeChange,
  findOrderDocument,
  insertChargeChangeEvent,
  listDisputes,
  type DisputeFilter,
  orderFacts,
  saveChargeChange,
  updateChargeChange,
  type ChargeChangeRow,
  type OrderFacts,
} from "./charge-changes.repository.js";
import { setFinalAmount } from "../shipments/index.js";

type ChargeChangeUpdated = DomainEvents["charge_change.updated"];

/** Open disputes an admin's list shows at most. */
const DISPUTE_LIST_CAP = 200;

export interface ChargeChangeDeps {
  db: Db;
  events: EventBus;
  now?: () => Date;
  /** A signed download link of an order document, once documents can be downloaded. */
  documentUrl?: (documentId: number) => string;
}

function refusalError(refusal: Refusal): AppError {
  if (refusal.field) return AppError.field(refusal.field, refusal.message);
  if (refusal.status === 403) return AppError.forbidden(refusal.message);
  if (refusal.status === 409) return AppError.conflict(refusal.message);
  return AppError.badRequest(refusal.message);
}

/**
 * Records what a final amount set through Add info means for the order's charge change, inside
 * the Add info transaction (the shipment row is locked): above the accepted bid it is proposed to
 * the seller with the agent's reason (or "not given") and evidence; back within the bid an open
 * one is withdrawn. A refusal (evidence that is not this order's) rolls the whole call back.
 * Returns the event to emit after the commit, if anything changed.
 */
export async function noteFinalAmount(
  tx: DbOrTx,
  input: {
    shipmentId: number;
    byUserId: number;
    previousFinalAmount: string | null;
    finalAmount: string;
    variance: Pick<
      AddShipmentInfoWithVarianceData,
      "variance_reason" | "variance_note" | "evidence_document_id"
    >;
    now: Date;
  },
): Promise<ChargeChangeUpdated | null> {
  const order = await orderFacts(tx, input.shipmentId);
  if (!order || order.bidTotal === null || order.winnerAgentId === null) return null;
  const finalAmount = amountOfCents(centsOf(input.finalAmount));
  const { variance } = input;
  const detailsGiven =
    variance.variance_reason !== undefined ||
    variance.variance_note !== undefined ||
    variance.evidence_document_id !== undefined;
  const terms = {
    finalAmount,
    reason: (variance.variance_reason ?? VARIANCE_REASON_NOT_GIVEN) as StoredVarianceReason,
    note: variance.variance_note ?? null,
    evidenceDocumentId: variance.evidence_document_id ?? null,
  };
  const current = await findChargeChange(tx, input.shipmentId, { lock: true });
  const step = finalAmountStep(
    order.bidTotal,
    terms,
    current && {
      ...current,
      reason: current.reason as StoredVarianceReason,
      status: current.status as ChargeChangeStatus,
    },
    detailsGiven,
  );
  if (step.kind === "none") return null;
  const oldAmount = input.previousFinalAmount ?? order.bidTotal;
  const base = {
    shipmentId: input.shipmentId,
    sellerId: order.sellerId,
    agentId: order.winnerAgentId,
    byUserId: input.byUserId,
    amount: finalAmount,
  };

  if (step.kind === "withdraw" && current) {
    await updateChargeChange(tx, current.id, { status: "withdrawn", updatedAt: input.now });
    await insertChargeChangeEvent(tx, {
      chargeChangeId: current.id,
      action: "withdrawn",
      actorId: input.byUserId,
      oldAmount,
      newAmount: finalAmount,
      createdAt: input.now,
    });
    return { ...base, chargeChangeId: current.id, action: "withdrawn", detail: null };
  }

  const evidence =
    terms.evidenceDocumentId === null
      ? undefined
      : await findOrderDocument(tx, input.shipmentId, terms.evidenceDocumentId);
  if (terms.evidenceDocumentId !== null && !evidence) {
    throw AppError.field("evidence_document_id", chargeChangeMessages.evidenceUnknown);
  }
  const id = await saveChargeChange(tx, {
    shipmentId: input.shipmentId,
    status: "pending",
    bidTotal: order.bidTotal,
    finalAmount,
    reason: terms.reason,
    note: terms.note,
    evidenceDocumentId: terms.evidenceDocumentId,
    disputeReason: null,
    disputedAt: null,
    decisionOutcome: null,
    decisionNote: null,
    agreedAmount: null,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await insertChargeChangeEvent(tx, {
    chargeChangeId: id,
    action: "proposed",
    actorId: input.byUserId,
    oldAmount,
    newAmount: finalAmount,
    reason: terms.reason,
    note: terms.note,
    evidenceDocumentId: terms.evidenceDocumentId,
    createdAt: input.now,
  });
  const difference = amountOfCents(centsOf(finalAmount) - centsOf(order.bidTotal));
  return {
    ...base,
    chargeChangeId: id,
    action: "proposed",
    detail: chargeChangeSummary({ difference, reason: terms.reason, note: terms.note, evidence }),
  };
}

/**
 * A final amount above the accepted bid: the order's parties read it, the seller accepts or
 * disputes it (until DISPUTE_WINDOW_DAYS after completion), an admin decides a dispute.
 */
export class ChargeChangeService {
  constructor(private readonly deps: ChargeChangeDeps) {}

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  /** The order and the caller's part in it; everyone else gets the refusal for other orders. */
  private async partyTo(user: AuthUser, shipmentId: number): Promise<[OrderFacts, Party]> {
    const order = await orderFacts(this.deps.db, shipmentId);
    if (!order) throw AppError.notFound("Shipment not found");
    const party = orderParty(user, order);
    if (!party) throw AppError.badRequest(shipmentMessages.notAuthorisedToView);
    return [order, party];
  }

  async get(user: AuthUser, shipmentId: number): Promise<ChargeChange | null> {
    const [order, party] = await this.partyTo(user, shipmentId);
    if (!isOrder(order)) return null;
    const row = await findChargeChange(this.deps.db, shipmentId);
    return row ? this.present(row, order, party) : null;
  }

  async accept(user: AuthUser, shipmentId: number): Promise<ChargeChange> {
    return this.answer(user, shipmentId, "accept", async (tx, change, now) => {
      await updateChargeChange(tx, change.id, {
        status: "accepted",
        agreedAmount: change.finalAmount,
        updatedAt: now,
      });
      await insertChargeChangeEvent(tx, {
        chargeChangeId: change.id,
        action: "accepted",
        actorId: user.id,
        oldAmount: change.bidTotal,
        newAmount: change.finalAmount,
        createdAt: now,
      });
      return { amount: change.finalAmount, detail: null };
    });
  }

  async dispute(user: AuthUser, shipmentId: number, reason: string): Promise<ChargeChange> {
    return this.answer(user, shipmentId, "dispute", async (tx, change, now) => {
      await updateChargeChange(tx, change.id, {
        status: "disputed",
        disputeReason: reason,
        disputedAt: now,
        updatedAt: now,
      });
      await insertChargeChangeEvent(tx, {
        chargeChangeId: change.id,
        action: "disputed",
        actorId: user.id,
        oldAmount: change.bidTotal,
        newAmount: change.finalAmount,
        reason,
        createdAt: now,
      });
      return { amount: change.finalAmount, detail: reason };
    });
  }

  /** The seller's answer: checked and written under the charge change's lock. */
  private async answer(
    user: AuthUser,
    shipmentId: number,
    answer: "accept" | "dispute",
    write: (
      tx: DbOrTx,
      change: ChargeChangeRow,
      now: Date,
    ) => Promise<{ amount: string; detail: string | null }>,
  ): Promise<ChargeChange> {
    const [order, party] = await this.partyTo(user, shipmentId);
    const now = this.now();
    const event = await this.deps.db.transaction(async (tx) => {
      const change = await findChargeChange(tx, shipmentId, { lock: true });
      if (!change || !isOrder(order)) throw AppError.conflict(chargeChangeMessages.none);
      const refusal = checkAnswer(party, order, change.status as ChargeChangeStatus, answer, now);
      if (refusal) throw refusalError(refusal);
      const result = await write(tx, change, now);
      const action = answer === "accept" ? "accepted" : "disputed";
      return this.record(tx, order, change.id, action, user, result);
    });
    this.deps.events.emit("charge_change.updated", event);
    return (await this.get(user, shipmentId))!;
  }

  async decide(
    user: AuthUser,
    shipmentId: number,
    input: DecideChargeChangeData,
  ): Promise<ChargeChange> {
    const [order, party] = await this.partyTo(user, shipmentId);
    if (party !== "admin") throw AppError.forbidden();
    const now = this.now();
    const event = await this.deps.db.transaction(async (tx) => {
      const change = await findChargeChange(tx, shipmentId, { lock: true });
      if (!change || change.status !== "disputed") {
        throw AppError.conflict(chargeChangeMessages.notDisputed);
      }
      const decision = decidedAmount(change, input);
      if (!("amount" in decision)) throw refusalError(decision);
      await updateChargeChange(tx, change.id, {
        status: "decided",
        decisionOutcome: input.outcome,
        decisionNote: input.note,
        agreedAmount: decision.amount,
        updatedAt: now,
      });
      await setFinalAmount(tx, shipmentId, decision.amount, now);
      await insertChargeChangeEvent(tx, {
        chargeChangeId: change.id,
        action: "decided",
        actorId: user.id,
        oldAmount: change.finalAmount,
        newAmount: decision.amount,
        reason: input.outcome,
        note: input.note,
        createdAt: now,
      });
      return this.record(tx, order, change.id, "decided", user, {
        amount: decision.amount,
        detail: input.note,
      });
    });
    this.deps.events.emit("charge_change.updated", event);
    return (await this.get(user, shipmentId))!;
  }

  /**
   * The admins' list: the open disputes with their evidence, oldest first, or (filtered) the
   * decided ones and every one, newest first.
   */
  async openDisputes(
    user: AuthUser,
    filter: DisputeFilter = { status: "open" },
  ): Promise<DisputeRow[]> {
    if (user.group !== "Admin") throw AppError.forbidden();
    const rows = await listDisputes(this.deps.db, filter, DISPUTE_LIST_CAP);
    return Promise.all(
      rows.map(async (row) => {
        const order = {
          sellerId: row.seller.id,
          winnerAgentId: row.agent.id,
          status: row.shipment.status,
          completedAt: row.shipment.completedAt,
        };
        return presentDisputeRow(row, await this.present(row.change, order, "admin"));
      }),
    );
  }

  private async present(
    row: ChargeChangeRow,
    order: Pick<OrderFacts, "sellerId" | "winnerAgentId" | "status" | "completedAt">,
    party: Party,
  ): Promise<ChargeChange> {
    const now = this.now();
    const status = row.status as ChargeChangeStatus;
    const [events, document] = await Promise.all([
      eventsOf(this.deps.db, row.id),
      row.evidenceDocumentId === null
        ? undefined
        : findOrderDocument(this.deps.db, row.shipmentId, row.evidenceDocumentId),
    ]);
    return presentChargeChange(
      row,
      events,
      presentEvidence(document, this.deps.documentUrl ?? null),
      disputeUntil(order.completedAt),
      {
        canAccept: checkAnswer(party, order, status, "accept", now) === null,
        canDispute: checkAnswer(party, order, status, "dispute", now) === null,
        canDecide: party === "admin" && status === "disputed",
      },
    );
  }

  /** Records the step's event in its transaction; the caller emits it after the commit. */
  private record(
    tx: DbOrTx,
    order: OrderFacts,
    chargeChangeId: number,
    action: ChargeChangeUpdated["action"],
    user: AuthUser,
    result: { amount: string; detail: string | null },
  ): Promise<ChargeChangeUpdated> {
    return this.deps.events.record(tx, "charge_change.updated", {
      shipmentId: order.id,
      chargeChangeId,
      action,
      sellerId: order.sellerId,
      agentId: order.winnerAgentId!,
      byUserId: user.id,
      amount: amountOfCents(centsOf(result.amount)),
      detail: result.detail,
    });
  }
}
