import {
  usDate,
  amountOfCents,
  centsOf,
  chargeChangeMessages,
  DISPUTE_WINDOW_DAYS,
  type ChargeChangeStatus,
  type DecideChargeChangeData,
  type StoredVarianceReason,
} from "@fba/contract";
import type { Party } from "../legs/index.js";

const DAY_MS = 86_400_000;

export interface OrderParties {
  sellerId: number;
  winnerAgentId: number | null;
  status: string;
}

/** The last moment the seller may dispute: DISPUTE_WINDOW_DAYS after completion. */
export function disputeUntil(completedAt: Date | null): Date | null {
  return completedAt ? new Date(completedAt.getTime() + DISPUTE_WINDOW_DAYS * DAY_MS) : null;
}

export interface FinalAmountTerms {
  finalAmount: string;
  reason: StoredVarianceReason;
  note: string | null;
  evidenceDocumentId: number | null;
}

export interface CurrentChange extends FinalAmountTerms {
  status: ChargeChangeStatus;
  agreedAmount: string | null;
}

export type FinalAmountStep = { kind: "none" } | { kind: "propose" } | { kind: "withdraw" };

/**
 * What a final amount set through Add info does to the order's charge change. Above the bid it
 * proposes one (the seller answers again, even after an earlier answer); back within the bid it
 * withdraws an open one. Saving again what stands (the agent fixing the tracking number) changes
 * nothing: the seller's answer or an admin's decision stays.
 */
export function finalAmountStep(
  bidTotal: string,
  next: FinalAmountTerms,
  current: CurrentChange | undefined,
  detailsGiven: boolean,
): FinalAmountStep {
  const live = current && current.status !== "withdrawn" ? current : undefined;
  const above = centsOf(next.finalAmount) > centsOf(bidTotal);
  if (live) {
    const standing = live.agreedAmount ?? live.finalAmount;
    const sameAmount = centsOf(next.finalAmount) === centsOf(standing);
    if (sameAmount && (!detailsGiven || live.status !== "pending" || sameTerms(live, next))) {
      return { kind: "none" };
    }
    return above ? { kind: "propose" } : { kind: "withdraw" };
  }
  return above ? { kind: "propose" } : { kind: "none" };
}

function sameTerms(a: FinalAmountTerms, b: FinalAmountTerms): boolean {
  return (
    a.reason === b.reason && a.note === b.note && a.evidenceDocumentId === b.evidenceDocumentId
  );
}

export interface Refusal {
  status: 400 | 403 | 409;
  field?: string;
  message: string;
}

/** The seller's answer (accept or dispute) to a pending charge change. */
export function checkAnswer(
  party: Party,
  order: OrderParties & { completedAt: Date | null },
  status: ChargeChangeStatus,
  answer: "accept" | "dispute",
  now: Date,
): Refusal | null {
  if (party !== "seller") return { status: 403, message: chargeChangeMessages.onlySeller };
  if (order.status === "Shipment Cancelled") {
    return { status: 409, message: chargeChangeMessages.orderCancelled };
  }
  if (status !== "pending") return { status: 409, message: chargeChangeMessages.notPending };
  const until = disputeUntil(order.completedAt);
  if (answer === "dispute" && until && now.getTime() > until.getTime()) {
    return { status: 400, message: chargeChangeMessages.disputeWindowClosed(usDate(until)) };
  }
  return null;
}

/** The amount an admin's decision sets, or why it is refused. */
export function decidedAmount(
  change: { bidTotal: string; finalAmount: string },
  input: DecideChargeChangeData,
): { amount: string } | Refusal {
  const low = amountOfCents(centsOf(change.bidTotal));
  const high = amountOfCents(centsOf(change.finalAmount));
  if (input.outcome === "between") {
    const cents = centsOf(input.amount ?? "");
    if (cents < centsOf(low) || cents > centsOf(high)) {
      return {
        status: 400,
        field: "amount",
        message: chargeChangeMessages.amountOutOfRange(low, high),
      };
    }
    return { amount: amountOfCents(cents) };
  }
  const amount = input.outcome === "bid_total" ? low : high;
  if (input.amount !== undefined && centsOf(input.amount) !== centsOf(amount)) {
    return { status: 400, field: "amount", message: chargeChangeMessages.amountOfOutcome(amount) };
  }
  return { amount };
}
