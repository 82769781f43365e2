import type { QuotationService, ServerEventData } from "@fba/contract";

/** A shipment's or a sample's chat. */
interface ChatRef {
  kind: "shipment" | "sample";
  id: number;
}

/**
 * Domain events. A service records each one in the transaction that makes the change
 * (`events.record(tx, ...)`) and emits it after the commit (`events.emit`). Two kinds of reaction:
 * - subscribers (`subscribe`, in each module's `<module>.subscribers.ts`): durable consequences
 *   (notifications and their emails, scorecards, legs). An event that has one is written to the
 *   outbox (domain_events) and the dispatcher (lib/outbox.ts) hands it to them after the commit,
 *   with retries, even when the process died in between; they are idempotent by event id.
 * - listeners (`on`): in-memory reactions that a restart re-derives anyway: live socket frames
 *   (realtime/outbound.ts), chat parties of open sockets. Services never write to sockets.
 */
export interface DomainEvents {
  "shipment.created": { shipmentId: number; sellerId: number };
  "quotation.created": {
    quotationId: number;
    shipmentId: number;
    agentId: number;
    sellerId: number;
  };
  "bidding.closed": {
    shipmentId: number;
    sellerId: number;
    winningQuotationId: number | null;
    winnerAgentId: number | null;
    loserAgentIds: number[];
  };
  "quotation.accepted": {
    shipmentId: number;
    sellerId: number;
    agentId: number;
    quotationId: number;
    /** The service the seller chose; absent when the acceptance named none. */
    service?: QuotationService;
    /**
     * Why this bid won, when the acceptance also announces the award to every bidder: the winner
     * hears it in this one notification, not in a second one from the award.
     */
    awardReason?: string;
  };
  /**
   * A shipment's winning quotation was accepted (through the spec's accept, or the seller's pick
   * of a bid with a reason): every bidder hears the outcome and why. `reason` is the award's label
   * ("Faster transit", "Other: ...") or the automatic one ("lowest total of 4 bids").
   */
  "bidding.awarded": {
    shipmentId: number;
    sellerId: number;
    winningQuotationId: number;
    winnerAgentId: number;
    bidderAgentIds: number[];
    reason: string;
    /** The seller picked another bid than the lowest total (with a reason from the fixed list). */
    picked: boolean;
  };
  /** The seller asked the agent of an expired quotation to re-confirm it. */
  "quotation.reconfirm_requested": {
    shipmentId: number;
    sellerId: number;
    agentId: number;
    quotationId: number;
  };
  /** The agent answered: a new validity date ("YYYY-MM-DD"), or null for a decline. */
  "quotation.reconfirmed": {
    shipmentId: number;
    sellerId: number;
    agentId: number;
    quotationId: number;
    validUntil: string | null;
  };
  /** The seller rated the agent of a completed order. */
  "rating.created": { shipmentId: number; sellerId: number; agentId: number; overall: number };
  /** The agent answered the seller's rating. */
  "rating.replied": { shipmentId: number; sellerId: number; agentId: number };
  "quotation.declined": {
    shipmentId: number;
    sellerId: number;
    agentId: number;
    quotationId: number;
    reason: string | null;
  };
  "quotation.cancelled": {
    shipmentId: number;
    sellerId: number;
    agentId: number;
    quotationId: number;
    reason: string | null;
  };
  "shipment.status_changed": {
    shipmentId: number;
    sellerId: number;
    agentId: number | null;
    status: string;
    byUserId: number;
  };
  /**
   * An order was completed while some of its destinations were not delivered: which ones (FC and
   * milestone) and the agent's reason (null through the spec's call, which gives none).
   */
  "shipment.completed_undelivered": {
    shipmentId: number;
    sellerId: number;
    agentId: number | null;
    byUserId: number;
    destinations: Array<{ fc_code: string; milestone: string }>;
    reason: string | null;
  };
  "shipment.info_updated": { shipmentId: number; sellerId: number; agentId: number };
  /** A step of a final amount above the accepted bid (a charge change). */
  "charge_change.updated": {
    shipmentId: number;
    chargeChangeId: number;
    action: "proposed" | "withdrawn" | "accepted" | "disputed" | "decided";
    sellerId: number;
    agentId: number;
    byUserId: number;
    /** The order's amount after this step ("780.00"). */
    amount: string;
    /** The summary line (proposed), the seller's reason (disputed), the admin's note (decided). */
    detail: string | null;
  };
  /** A leg's references, ETA or appointment changed. */
  "leg.updated": {
    shipmentId: number;
    legId: number;
    sellerId: number;
    agentId: number | null;
    byUserId: number;
  };
  /** A document was added to an order (by its seller, winning agent or an admin). */
  "document.uploaded": {
    shipmentId: number;
    documentId: number;
    type: string;
    legId: number | null;
    sellerId: number;
    agentId: number | null;
    byUserId: number;
  };
  /** A milestone (or a correction of one) was recorded on a leg. */
  "leg.milestone_recorded": {
    shipmentId: number;
    legId: number;
    eventId: number;
    milestone: string;
    /** The leg's destination FC. */
    fcCode: string;
    correction: boolean;
    sellerId: number;
    agentId: number | null;
    byUserId: number;
  };
  /** A leg was delivered to another FC than the booked one, and nobody has decided on it yet. */
  "leg.different_fc_flagged": {
    shipmentId: number;
    legId: number;
    sellerId: number;
    bookedFc: string;
    deliveredFc: string;
  };
  /** The seller accepted, or an admin resolved, a delivery to a different FC. */
  "leg.different_fc_decided": {
    shipmentId: number;
    legId: number;
    sellerId: number;
    status: "accepted" | "resolved";
    deliveredFc: string;
    note: string | null;
    byUserId: number;
  };
  "sample.created": { sampleId: number; sellerId: number };
  "sample.completed": { sampleId: number; sellerId: number; byUserId: number };
  /** An agent took a sample over: from now on only they, its seller and admins are its parties. */
  "sample.claimed": { sampleId: number; sellerId: number; agentId: number };
  "announcement.created": {
    announcementId: number;
    senderId: number;
    announcement: ServerEventData<"announcement_created">;
  };
  /** An admin removed an announcement; its notifications are deleted. */
  "announcement.removed": { announcementId: number; senderId: number };
  /** Non-admins reached the platform's hourly announcement cap (told once an hour at most). */
  "announcement.cap_reached": { max: number };
  "user.updated": { userId: number };
  "user.disabled": { userId: number };
  /** Sessions ended: one (`sessionId`, a logout) or all of the user's (a password change). */
  "user.sessions_ended": { userId: number; sessionId?: string };
  "chat.message_created": {
    kind: "shipment" | "sample";
    chatId: number;
    messageId: number;
    senderId: number;
    senderName: string;
    text: string;
    recipientIds: number[];
  };
  /** Live changes to a chat, for everyone with it open. */
  "chat.message_posted": {
    chat: ChatRef;
    /** The chat's seller and agent (null until a sample is claimed: every agent may read it). */
    parties: { sellerId: number; agentId: number | null };
    message: ServerEventData<"message_sent">;
    isReply: boolean;
  };
  /** `senderName` and `text` are what notifications quoting the message now say. */
  "chat.message_edited": {
    chat: ChatRef;
    message: ServerEventData<"message_edited">;
    senderName: string;
    text: string;
  };
  "chat.message_deleted": {
    chat: ChatRef;
    parties: { sellerId: number; agentId: number | null };
    messageId: number;
    senderName: string;
  };
  "chat.reaction_added": { chat: ChatRef; reaction: ServerEventData<"reaction_added"> };
  "chat.read": { chat: ChatRef; userId: number };
  /** Who a chat's parties are now (besides admins): sockets of anyone else close. */
  "chat.parties_changed": ChatRef & { sellerId: number; agentId: number | null };
  "notification.created": { userId: number; notification: ServerEventData<"send_notification"> };
  /** A stored notification's text changed (the message it quoted was edited or deleted). */
  "notification.updated": {
    userId: number;
    notification: ServerEventData<"notification_updated">;
  };
  "notification.read": { userId: number; notificationId: number };
  "notification.unread_changed": { userId: number; count: number };
}

export type DomainEventName = keyof DomainEvents;

/** Users an event names; `null` entries (no agent yet) are dropped. */
type Named = ReadonlyArray<number | null>;

/**
 * Whose data each event changes: the users whose pages may show it, or `null` when that may be
 * anyone (an announcement, a name everyone sees next to a shipment). Admins see every shipment,
 * so what is kept in memory for them goes stale with any change (lib/page-cache.ts). Every event
 * says: a new one does not compile until it does.
 */
const concerns: { [K in DomainEventName]: (event: DomainEvents[K]) => Named | null } = {
  "shipment.created": (e) => [e.sellerId],
  "quotation.created": (e) => [e.sellerId, e.agentId],
  "bidding.closed": (e) => [e.sellerId, e.winnerAgentId, ...e.loserAgentIds],
  "quotation.accepted": (e) => [e.sellerId, e.agentId],
  "bidding.awarded": (e) => [e.sellerId, e.winnerAgentId, ...e.bidderAgentIds],
  "quotation.reconfirm_requested": (e) => [e.sellerId, e.agentId],
  "quotation.reconfirmed": (e) => [e.sellerId, e.agentId],
  "rating.created": (e) => [e.sellerId, e.agentId],
  "rating.replied": (e) => [e.sellerId, e.agentId],
  "quotation.declined": (e) => [e.sellerId, e.agentId],
  "quotation.cancelled": (e) => [e.sellerId, e.agentId],
  "shipment.status_changed": (e) => [e.sellerId, e.agentId, e.byUserId],
  "shipment.completed_undelivered": (e) => [e.sellerId, e.agentId, e.byUserId],
  "shipment.info_updated": (e) => [e.sellerId, e.agentId],
  "charge_change.updated": (e) => [e.sellerId, e.agentId, e.byUserId],
  "leg.updated": (e) => [e.sellerId, e.agentId, e.byUserId],
  "document.uploaded": (e) => [e.sellerId, e.agentId, e.byUserId],
  "leg.milestone_recorded": (e) => [e.sellerId, e.agentId, e.byUserId],
  // The order's agent is not named: anyone.
  "leg.different_fc_flagged": () => null,
  "leg.different_fc_decided": () => null,
  // Open sample requests are every agent's to read.
  "sample.created": () => null,
  "sample.completed": () => null,
  "sample.claimed": () => null,
  "announcement.created": () => null,
  "announcement.removed": () => null,
  "announcement.cap_reached": () => null,
  // A name or an account's state shows on other users' pages.
  "user.updated": () => null,
  "user.disabled": () => null,
  "user.sessions_ended": (e) => [e.userId],
  "chat.message_created": (e) => [e.senderId, ...e.recipientIds],
  // Unread counts: the chat's parties'; an unclaimed sample's chat is every agent's.
  "chat.message_posted": (e) =>
    e.parties.agentId === null ? null : [e.parties.sellerId, e.parties.agentId],
  "chat.message_deleted": (e) =>
    e.parties.agentId === null ? null : [e.parties.sellerId, e.parties.agentId],
  // Neither changes a count or anything a list shows.
  "chat.message_edited": () => [],
  "chat.reaction_added": () => [],
  "chat.read": (e) => [e.userId],
  "chat.parties_changed": (e) => [e.sellerId, e.agentId],
  "notification.created": (e) => [e.userId],
  "notification.updated": (e) => [e.userId],
  "notification.read": (e) => [e.userId],
  "notification.unread_changed": (e) => [e.userId],
};

/** The users whose data an event changes (see `concerns`), or null for anyone's. */
export function usersConcerned<K extends DomainEventName>(
  name: K,
  event: DomainEvents[K],
): number[] | null {
  const named = concerns[name](event);
  return named === null ? null : [...new Set(named.filter((id): id is number => id !== null))];
}
