import {
  amountOfCents,
  centsOf,
  CHARGE_CHANGE_ACTION_LABELS,
  CHARGE_CHANGE_STATUS_LABELS,
  chargeChangeSummary,
  DECISION_OUTCOME_LABELS,
  VARIANCE_REASON_LABELS,
  type ChargeChange,
  type ChargeChangeAction,
  type ChargeChangeStatus,
  type ChargeEvidence,
  type DecisionOutcome,
  type DisputeRow,
  type StoredVarianceReason,
} from "@fba/contract";
import { money } from "../../lib/http.js";
import { downloadName } from "../documents/index.js";
import type {
  ChargeChangeEventRow,
  ChargeChangeRow,
  DisputeListRow,
  EvidenceRow,
} from "./charge-changes.repository.js";

/** What the caller may do now, worked out by the service. */
export interface ChargeChangeAbilities {
  canAccept: boolean;
  canDispute: boolean;
  canDecide: boolean;
}

export function presentEvidence(
  row: EvidenceRow | undefined,
  downloadUrl: ((documentId: number) => string) | null,
): ChargeEvidence | null {
  if (!row) return null;
  return {
    id: row.id,
    type: row.type,
    file_name: downloadName(row),
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    download_url: downloadUrl ? downloadUrl(row.id) : null,
  };
}

/** A step's reason as people read it: the list's label, the outcome's, or the seller's words. */
function eventReason(action: ChargeChangeAction, reason: string | null): string | null {
  if (reason === null) return null;
  if (action === "proposed")
    return VARIANCE_REASON_LABELS[reason as StoredVarianceReason] ?? reason;
  if (action === "decided") return DECISION_OUTCOME_LABELS[reason as DecisionOutcome] ?? reason;
  return reason;
}

export function presentChargeChange(
  row: ChargeChangeRow,
  events: ChargeChangeEventRow[],
  evidence: ChargeEvidence | null,
  disputeUntil: Date | null,
  abilities: ChargeChangeAbilities,
): ChargeChange {
  const reason = row.reason as StoredVarianceReason;
  const difference = amountOfCents(centsOf(row.finalAmount) - centsOf(row.bidTotal));
  const status = row.status as ChargeChangeStatus;
  return {
    id: row.id,
    shipment: row.shipmentId,
    status,
    status_label: CHARGE_CHANGE_STATUS_LABELS[status],
    bid_total: money(row.bidTotal)!,
    final_amount: money(row.finalAmount)!,
    difference,
    reason,
    reason_label: VARIANCE_REASON_LABELS[reason],
    note: row.note,
    evidence,
    summary: chargeChangeSummary({ difference, reason, note: row.note, evidence }),
    dispute_reason: row.disputeReason,
    disputed_at: row.disputedAt?.toISOString() ?? null,
    decision:
      row.decisionOutcome && row.agreedAmount
        ? {
            outcome: row.decisionOutcome as DecisionOutcome,
            outcome_label: DECISION_OUTCOME_LABELS[row.decisionOutcome as DecisionOutcome],
            amount: money(row.agreedAmount)!,
            note: row.decisionNote ?? "",
          }
        : null,
    agreed_amount: money(row.agreedAmount),
    dispute_until: disputeUntil?.toISOString() ?? null,
    can_accept: abilities.canAccept,
    can_dispute: abilities.canDispute,
    can_decide: abilities.canDecide,
    events: events.map((event) => ({
      id: event.id,
      action: event.action as ChargeChangeAction,
      label: CHARGE_CHANGE_ACTION_LABELS[event.action as ChargeChangeAction],
      by: {
        id: event.actor.id,
        first_name: event.actor.firstName,
        last_name: event.actor.lastName,
        group: event.actor.group,
      },
      at: event.createdAt.toISOString(),
      old_amount: money(event.oldAmount),
      new_amount: money(event.newAmount),
      reason: eventReason(event.action as ChargeChangeAction, event.reason),
      note: event.note,
      evidence_document_id: event.evidenceDocumentId,
    })),
  };
}

export function presentDisputeRow(row: DisputeListRow, chargeChange: ChargeChange): DisputeRow {
  const person = (p: DisputeListRow["seller"]) => ({
    id: p.id,
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
  });
  return {
    shipment: {
      id: row.shipment.id,
      product_name: row.shipment.productName,
      status: row.shipment.status,
      completed_at: row.shipment.completedAt?.toISOString() ?? null,
    },
    seller: person(row.seller),
    agent: person(row.agent),
    charge_change: chargeChange,
  };
}
