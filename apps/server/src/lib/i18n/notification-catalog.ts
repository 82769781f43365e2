// The shape of a notification catalog (one per language), apart from the catalogs themselves.
import type { QuotationService, StoredVarianceReason } from "@fba/contract";

/** A shipment named in a notification: its number and product. */
interface About {
  shipmentId: number;
  product: string;
}

/** The terms of a final amount above the bid, when the subscriber could read them. */
export interface ChargeTerms {
  difference: string;
  reason: StoredVarianceReason;
  note: string | null;
  evidence: boolean;
}

/**
 * Every text of a notification (its line in the bell) and of its email's subject, by key, with
 * what it says. Each language's catalog (notifications.<locale>.ts) writes every key.
 */
export interface NotificationParams {
  announcementCapReached: { max: number };
  chatMessage: { name: string; text: string };
  chatMessageDeleted: { name: string };
  newBid: About;
  biddingClosedSeller: About;
  biddingClosedNoBids: About;
  biddingClosedSubject: { shipmentId: number };
  biddingWon: About;
  bidLost: About;
  quotationAccepted: About & { service?: QuotationService };
  /** Accepted with the award's reason (another bid than the lowest, or the automatic rule). */
  quotationAwarded: About & { reason: string; service?: QuotationService };
  quotationAcceptedSubject: { shipmentId: number };
  quotationDeclined: About & { reason: string | null };
  quotationDeclinedSubject: { shipmentId: number };
  quotationCancelled: About & { reason: string | null };
  quotationCancelledSubject: { shipmentId: number };
  awardLost: About & { reason: string };
  awardSubject: { shipmentId: number };
  reconfirmRequested: About;
  reconfirmRequestedSubject: { shipmentId: number };
  /** `agentName` null when the agent is gone; `validUntil` a yyyy-MM-dd day. */
  reconfirmed: About & { agentName: string | null; validUntil: string };
  reconfirmDeclined: About & { agentName: string | null };
  reconfirmAnsweredSubject: { shipmentId: number };
  statusChanged: About & { status: string };
  statusChangedSubject: { shipmentId: number; status: string };
  completedUndelivered: About & {
    destinations: ReadonlyArray<{ fc_code: string; milestone: string }>;
    reason: string | null;
  };
  completedUndeliveredSubject: { shipmentId: number };
  milestoneRecorded: About & { fcCode: string; milestone: string; correction: boolean };
  milestoneSubject: { shipmentId: number; fcCode: string; milestone: string; correction: boolean };
  documentUploaded: About & { type: string; fcCode: string | null };
  documentSubject: { shipmentId: number; type: string };
  differentFcFlagged: About & { bookedFc: string; deliveredFc: string };
  differentFcFlaggedSubject: { shipmentId: number };
  differentFcResolved: About & { deliveredFc: string; note: string };
  differentFcResolvedSubject: { shipmentId: number };
  /** `summary` is the English line the event carries; `terms` what it was made of, when known. */
  chargeProposed: About & { summary: string; terms?: ChargeTerms };
  chargeProposedSubject: { shipmentId: number };
  chargeAccepted: About & { amount: string };
  chargeDisputed: About & { reason: string };
  chargeDisputedSubject: { shipmentId: number };
  chargeDecided: About & { amount: string };
  chargeDecidedSubject: { shipmentId: number };
  rated: About & { overall: number };
  ratedSubject: { shipmentId: number };
  ratingReplied: About;
  ratingRepliedSubject: { shipmentId: number };
  newSample: { sampleId: number; product: string };
  sampleCompleted: { sampleId: number; product: string };
  sampleCompletedSubject: { sampleId: number };
  /** Cut to the 500 characters a notification keeps. */
  announcement: { title: string | null; message: string };
}

export type NotificationKey = keyof NotificationParams;

export type NotificationCatalog = {
  [K in NotificationKey]: (params: NotificationParams[K]) => string;
};

/** A notification's text before it has a language: written in each recipient's own. */
export type NotificationText = {
  [K in NotificationKey]: { key: K; params: NotificationParams[K] };
}[NotificationKey];
