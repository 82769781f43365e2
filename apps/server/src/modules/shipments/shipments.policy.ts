import type { AgentStatusChoice, Group, QuotationDecision, ShipmentStatus } from "@fba/contract";

/** The lifecycle rules of ARCHITECTURE.md section 4, as pure functions of the shipment's state. */

export interface Actor {
  id: number;
  group: Group;
}

export interface LifecycleState {
  sellerId: number;
  status: ShipmentStatus;
  biddingEndsAt: Date;
  winningQuotationId: number | null;
  winnerAgentId: number | null;
  quotationCount: number;
  trackingNumber: string | null;
  finalAmount: string | null;
}

export type Refusal = {
  ok: false;
  code: "FORBIDDEN" | "CONFLICT" | "BAD_REQUEST";
  message: string;
};
export type Verdict<T = object> = ({ ok: true } & T) | Refusal;

const refuse = (code: Refusal["code"], message: string): Refusal => ({ ok: false, code, message });

export const refusals = {
  notOwner: "You are not authorised to update this shipment",
  notWinner: "Only the winning shipping agent can update this shipment",
  biddingClosed: "Bidding for this shipment has closed",
  alreadyBid: "You have already submitted a quotation for this shipment",
  notAccepted: "This shipment is not an accepted order",
  needsInfo: "Add the final amount and tracking number before completing the shipment",
  notAwaitingDecision: "This shipment has no winning quotation awaiting your decision",
  notWinningQuotation: "Only the winning quotation can be accepted or declined",
  cannotCancelBid: "Only an approved or accepted winning bid can be cancelled",
  cannotReopen: "Bidding can be reopened only when the window has closed with no bids",
  cannotCancel: "Only a shipment without bids can be cancelled",
  cannotSetWinner: "A winner can be chosen only while bids are being taken or awaiting the seller",
  quotationOfOtherShipment: "This quotation does not belong to this shipment",
} as const;

const OPEN_STATUSES: readonly ShipmentStatus[] = ["Shipment Pending", "Quotation Received"];

export function isBiddingOpen(
  state: Pick<LifecycleState, "status" | "biddingEndsAt">,
  now: Date,
): boolean {
  return OPEN_STATUSES.includes(state.status) && state.biddingEndsAt.getTime() > now.getTime();
}

export type ViewAccess = "allowed" | "lost-bid" | "not-a-party" | "not-now";

/**
 * Who may open a shipment: the seller who posted it, any agent while bids are taken, afterwards
 * the agent who won it, and admins always. An agent whose bid did not win keeps a read-only view
 * of the shipment as it was bid on, with their own bid ("lost-bid"); other agents, none.
 */
export function shipmentViewAccess(
  actor: Actor,
  state: Pick<LifecycleState, "sellerId" | "status" | "biddingEndsAt" | "winnerAgentId">,
  now: Date,
  hasBid = false,
): ViewAccess {
  if (actor.group === "Admin") return "allowed";
  if (actor.group === "Seller") return state.sellerId === actor.id ? "allowed" : "not-a-party";
  if (isBiddingOpen(state, now) || state.winnerAgentId === actor.id) return "allowed";
  return hasBid ? "lost-bid" : "not-now";
}

/**
 * Whether a bid may be placed now. A second bid of the same agent is refused by the quotations'
 * unique (shipment, agent) index when it is stored (`refusals.alreadyBid`), not looked up first.
 */
export function canPlaceBid(
  state: Pick<LifecycleState, "status" | "biddingEndsAt">,
  now: Date,
): Verdict<{ nextStatus: ShipmentStatus }> {
  if (!isBiddingOpen(state, now)) return refuse("CONFLICT", refusals.biddingClosed);
  return { ok: true, nextStatus: "Quotation Received" };
}

/** What the window's end does: judge the bids, or leave a bidless shipment for the seller. */
export function closingTransition(
  state: Pick<LifecycleState, "status" | "biddingEndsAt">,
  now: Date,
): "approve-lowest" | "nothing" {
  if (state.status !== "Quotation Received") return "nothing";
  return state.biddingEndsAt.getTime() <= now.getTime() ? "approve-lowest" : "nothing";
}

/** The seller's decision on a quotation of their shipment. */
export function decideQuotation(
  actor: Actor,
  state: LifecycleState,
  quotationId: number,
  decision: QuotationDecision,
): Verdict<{ nextStatus: ShipmentStatus; event: "accepted" | "declined" | "cancelled" }> {
  if (actor.group !== "Seller" || state.sellerId !== actor.id) {
    return refuse("FORBIDDEN", refusals.notOwner);
  }
  if (state.winningQuotationId !== quotationId) {
    return refuse("CONFLICT", refusals.notWinningQuotation);
  }
  if (decision.action === "accept") {
    if (state.status !== "Quotation Approved") {
      return refuse("CONFLICT", refusals.notAwaitingDecision);
    }
    return { ok: true, nextStatus: "Quotation Accepted", event: "accepted" };
  }
  if (decision.action === "decline") {
    if (state.status !== "Quotation Approved") {
      return refuse("CONFLICT", refusals.notAwaitingDecision);
    }
    return { ok: true, nextStatus: "Shipment Cancelled", event: "declined" };
  }
  // Cancelling the winning bid before accepting it is the same as declining it.
  if (state.status === "Quotation Approved") {
    return { ok: true, nextStatus: "Shipment Cancelled", event: "declined" };
  }
  if (state.status === "Quotation Accepted") {
    return { ok: true, nextStatus: "Shipment Cancelled", event: "cancelled" };
  }
  return refuse("CONFLICT", refusals.cannotCancelBid);
}

function isWinningAgent(actor: Actor, state: Pick<LifecycleState, "winnerAgentId">): boolean {
  return actor.group === "Shipper" && state.winnerAgentId === actor.id;
}

/** Final amount and tracking number: the winning agent, on an accepted order. */
export function canAddShipmentInfo(actor: Actor, state: LifecycleState): Verdict {
  if (!isWinningAgent(actor, state) && actor.group !== "Admin") {
    return refuse("FORBIDDEN", refusals.notWinner);
  }
  if (state.status !== "Quotation Accepted") return refuse("CONFLICT", refusals.notAccepted);
  return { ok: true };
}

/** The winning agent's status selector on an accepted order. */
export function agentStatusChange(
  actor: Actor,
  state: LifecycleState,
  target: AgentStatusChoice,
): Verdict<{ nextStatus: ShipmentStatus; changed: boolean }> {
  if (!isWinningAgent(actor, state) && actor.group !== "Admin") {
    return refuse("FORBIDDEN", refusals.notWinner);
  }
  if (state.status !== "Quotation Accepted") return refuse("CONFLICT", refusals.notAccepted);
  if (target === "Quotation Accepted") {
    return { ok: true, nextStatus: "Quotation Accepted", changed: false };
  }
  if (target === "Shipment Completed" && (!state.trackingNumber || state.finalAmount === null)) {
    return refuse("CONFLICT", refusals.needsInfo);
  }
  return { ok: true, nextStatus: target, changed: true };
}

function isBidlessAndClosed(state: LifecycleState, now: Date): boolean {
  return (
    state.status === "Shipment Pending" &&
    state.quotationCount === 0 &&
    state.biddingEndsAt.getTime() <= now.getTime()
  );
}

export function canReopenBidding(actor: Actor, state: LifecycleState, now: Date): Verdict {
  if (actor.group !== "Seller" || state.sellerId !== actor.id) {
    return refuse("FORBIDDEN", refusals.notOwner);
  }
  if (!isBidlessAndClosed(state, now)) return refuse("CONFLICT", refusals.cannotReopen);
  return { ok: true };
}

/** The seller of a shipment whose winning estimate awaits their decision may pass it over. */
export function canTakeNextBid(actor: Actor, state: LifecycleState): Verdict {
  if (actor.group !== "Seller" || state.sellerId !== actor.id) {
    return refuse("FORBIDDEN", refusals.notOwner);
  }
  if (state.status !== "Quotation Approved" || state.winningQuotationId === null) {
    return refuse("CONFLICT", refusals.notAwaitingDecision);
  }
  return { ok: true };
}

/** A seller may withdraw a shipment nobody has bid on, during or after the window. */
export function canCancelShipment(actor: Actor, state: LifecycleState): Verdict {
  if (actor.group !== "Seller" || state.sellerId !== actor.id) {
    return refuse("FORBIDDEN", refusals.notOwner);
  }
  if (state.status !== "Shipment Pending" || state.quotationCount !== 0) {
    return refuse("CONFLICT", refusals.cannotCancel);
  }
  return { ok: true };
}

/** Admin: approve a bid before the window closes, or replace the automatic winner. */
export function canSetWinner(actor: Actor, state: LifecycleState): Verdict {
  if (actor.group !== "Admin") return refuse("FORBIDDEN", "Only an admin can choose the winner");
  if (state.status !== "Quotation Received" && state.status !== "Quotation Approved") {
    return refuse("CONFLICT", refusals.cannotSetWinner);
  }
  return { ok: true };
}

/** A destination not delivered when the order is completed: its FC and milestone's label. */
export interface UndeliveredDestination {
  fc_code: string;
  milestone: string;
}

/**
 * What completing an order records about destinations not delivered. Our web app sends
 * `undelivered_reason` with every completion (null when it saw them all delivered): then a reason
 * is required while any is not delivered. The spec's call sends none and completes as before.
 */
export function completionRecord(
  undelivered: UndeliveredDestination[],
  reasonField: string | null | undefined,
):
  | { ok: true; undelivered: UndeliveredDestination[] | null; reason: string | null }
  | { ok: false; missingReason: true } {
  if (undelivered.length === 0) return { ok: true, undelivered: null, reason: null };
  const reason = reasonField?.trim() || null;
  if (reasonField !== undefined && reason === null) return { ok: false, missingReason: true };
  return { ok: true, undelivered, reason };
}
