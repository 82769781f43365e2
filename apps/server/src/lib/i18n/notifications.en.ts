import {
  awardNotificationTexts as award,
  chargeChangeTexts as charge,
  completionTexts as completion,
  differentFcTexts as differentFc,
  documentNotificationTexts as document,
  milestoneNotificationTexts as milestone,
  notificationTexts as t,
  ratingNotificationTexts as rating,
  MILESTONE_LABELS,
  undeliveredList,
  type Milestone,
} from "@fba/contract";
import type { NotificationCatalog } from "./notification-catalog.js";

const label = (milestone: string) => MILESTONE_LABELS[milestone as Milestone];

/**
 * The notifications in English: the contract's own texts (the existing client reads them, and
 * tells chat notifications by their "New message from" start).
 */
export const notificationsEn: NotificationCatalog = {
  announcementCapReached: ({ max }) => t.announcementCapReached(max),
  chatMessage: ({ name, text }) => t.chatMessage(name, text),
  chatMessageDeleted: ({ name }) => t.chatMessageDeleted(name),
  newBid: (p) => t.newBid(p.shipmentId, p.product),
  biddingClosedSeller: (p) => t.biddingClosedSeller(p.shipmentId, p.product),
  biddingClosedNoBids: (p) => t.biddingClosedNoBids(p.shipmentId, p.product),
  biddingClosedSubject: ({ shipmentId }) => `Bidding closed for shipment #${shipmentId}`,
  biddingWon: (p) => t.biddingWon(p.shipmentId, p.product),
  bidLost: (p) => t.bidLost(p.shipmentId, p.product),
  quotationAccepted: (p) => t.quotationAccepted(p.shipmentId, p.product, p.service),
  quotationAwarded: (p) => award.won(p.shipmentId, p.product, p.reason, p.service),
  quotationAcceptedSubject: ({ shipmentId }) => `Quotation accepted (shipment #${shipmentId})`,
  quotationDeclined: (p) => t.quotationDeclined(p.shipmentId, p.product, p.reason),
  quotationDeclinedSubject: ({ shipmentId }) => `Quotation declined (shipment #${shipmentId})`,
  quotationCancelled: (p) => t.quotationCancelled(p.shipmentId, p.product, p.reason),
  quotationCancelledSubject: ({ shipmentId }) => `Winning bid cancelled (shipment #${shipmentId})`,
  awardLost: (p) => award.lost(p.shipmentId, p.product, p.reason),
  awardSubject: ({ shipmentId }) => award.subject(shipmentId),
  reconfirmRequested: (p) => award.reconfirmRequested(p.shipmentId, p.product),
  reconfirmRequestedSubject: ({ shipmentId }) => award.reconfirmRequestedSubject(shipmentId),
  reconfirmed: (p) =>
    award.reconfirmed(p.shipmentId, p.product, p.agentName ?? "The agent", p.validUntil),
  reconfirmDeclined: (p) =>
    award.reconfirmDeclined(p.shipmentId, p.product, p.agentName ?? "The agent"),
  reconfirmAnsweredSubject: ({ shipmentId }) => award.reconfirmAnsweredSubject(shipmentId),
  statusChanged: (p) => t.statusChanged(p.shipmentId, p.product, p.status),
  statusChangedSubject: ({ shipmentId, status }) => `Shipment #${shipmentId} is now ${status}`,
  completedUndelivered: (p) =>
    completion.undelivered(p.shipmentId, p.product, undeliveredList(p.destinations), p.reason),
  completedUndeliveredSubject: ({ shipmentId }) => completion.undeliveredSubject(shipmentId),
  milestoneRecorded: (p) =>
    milestone.recorded(p.shipmentId, p.product, p.fcCode, label(p.milestone), p.correction),
  milestoneSubject: (p) =>
    milestone.subject(p.shipmentId, p.fcCode, label(p.milestone), p.correction),
  documentUploaded: (p) => document.uploaded(p.shipmentId, p.product, p.type, p.fcCode),
  documentSubject: ({ shipmentId, type }) => document.subject(shipmentId, type),
  differentFcFlagged: (p) =>
    differentFc.flagged(p.shipmentId, p.product, p.bookedFc, p.deliveredFc),
  differentFcFlaggedSubject: ({ shipmentId }) =>
    `Shipment #${shipmentId} delivered to a different FC`,
  differentFcResolved: (p) => differentFc.resolved(p.shipmentId, p.product, p.deliveredFc, p.note),
  differentFcResolvedSubject: ({ shipmentId }) =>
    `Delivery to a different FC resolved (shipment #${shipmentId})`,
  chargeProposed: (p) => charge.proposed(p.shipmentId, p.product, p.summary),
  chargeProposedSubject: ({ shipmentId }) => charge.proposedSubject(shipmentId),
  chargeAccepted: (p) => charge.accepted(p.shipmentId, p.product, p.amount),
  chargeDisputed: (p) => charge.disputed(p.shipmentId, p.product, p.reason),
  chargeDisputedSubject: ({ shipmentId }) => charge.disputedSubject(shipmentId),
  chargeDecided: (p) => charge.decided(p.shipmentId, p.product, p.amount),
  chargeDecidedSubject: ({ shipmentId }) => charge.decidedSubject(shipmentId),
  rated: (p) => rating.rated(p.shipmentId, p.product, p.overall),
  ratedSubject: ({ shipmentId }) => rating.ratedSubject(shipmentId),
  ratingReplied: (p) => rating.replied(p.shipmentId, p.product),
  ratingRepliedSubject: ({ shipmentId }) => rating.repliedSubject(shipmentId),
  newSample: (p) => t.newSample(p.sampleId, p.product),
  sampleCompleted: (p) => t.sampleCompleted(p.sampleId, p.product),
  sampleCompletedSubject: ({ sampleId }) => `Sample shipment #${sampleId} completed`,
  announcement: (p) => t.announcement(p.title, p.message).slice(0, 500),
};
