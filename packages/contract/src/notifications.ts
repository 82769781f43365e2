import { z } from "zod";
import { idSchema, NOTIFICATION_TYPES } from "./common.js";
import { PRODUCT_NAME } from "./constants.js";
import type { QuotationService } from "./quotations.js";

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/**
 * What a notification tells, where its type alone does not say; absent on the others. Additive:
 * `notification_type` keeps the spec's three values.
 */
export const NOTIFICATION_KINDS = ["bid_lost", "no_bids"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The `user` of a notification nobody caused (a bid window closing, a flagged delivery). */
export const SYSTEM_NOTIFICATION_ACTOR = { id: 0, first_name: PRODUCT_NAME } as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  notification_type: notificationTypeSchema,
  /**
   * The shipment; 0 on sample shipment notifications and null on announcements. The existing
   * client replaces a live notification by the next one with the same shipment_id, so samples and
   * announcements must not share a value.
   */
  shipment_id: z.number().int().nullable(),
  /** 0 when the notification is not about a sample shipment (kept for the existing client). */
  sample_shipment_id: z.number().int(),
  content: z.string(),
  is_read: z.boolean(),
  updated_at: z.string(),
  /**
   * Who caused it (never the recipient, unless they did): the chat message's sender, the
   * announcement's author, the seller who accepted... SYSTEM_NOTIFICATION_ACTOR (id 0) when
   * nobody did. The existing client shows its initial and hides announcements whose user is
   * the viewer.
   */
  user: z.object({ id: z.number().int(), first_name: z.string() }),
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  /** On announcement notifications: the announcement (an admin may remove it: it leaves the bell). */
  announcement_id: z.number().int().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationParamsSchema = z.object({ id: idSchema });

export const notificationMessages = {
  notFound: "Notification not found",
  markedRead: "Notification marked as read",
  allMarkedRead: "All notifications marked as read",
} as const;

// How a chat notification's text starts, per language (constants.ts: no schema library).
export { CHAT_NOTIFICATION_PREFIXES } from "./constants.js";

/** Notification texts; the server writes them, the web only shows them. */
export const notificationTexts = {
  /** To every admin, once an hour at most, when non-admins reach the hourly announcement cap. */
  announcementCapReached: (max: number) =>
    `Announcements from sellers reached the platform's cap of ${max} in an hour: further ones are refused until the hour is over. Review the latest in Announcements.`,
  chatMessage: (name: string, text: string) => `New message from ${name}: ${text}`,
  /**
   * What a chat notification says once its message was deleted: its text is gone, the prefix
   * stays (clients tell chat notifications by it).
   */
  chatMessageDeleted: (name: string) => `New message from ${name}: (message deleted)`,
  newBid: (shipmentId: number, product: string) =>
    `New quotation received for shipment #${shipmentId} (${product})`,
  biddingClosedSeller: (shipmentId: number, product: string) =>
    `Bidding closed for shipment #${shipmentId} (${product}): a winning quotation is ready for your review`,
  biddingClosedNoBids: (shipmentId: number, product: string) =>
    `Bidding closed for shipment #${shipmentId} (${product}) without any quotation`,
  bidLost: (shipmentId: number, product: string) =>
    `Your quotation for shipment #${shipmentId} (${product}) did not win the bidding`,
  biddingWon: (shipmentId: number, product: string) =>
    `Your quotation for shipment #${shipmentId} (${product}) won the bidding`,
  /** Names the service when the seller chose one on accepting. */
  quotationAccepted: (shipmentId: number, product: string, service?: QuotationService) =>
    `Your quotation for shipment #${shipmentId} (${product}) was accepted${service ? ` for the ${service} service` : ""}`,
  quotationDeclined: (shipmentId: number, product: string, reason: string | null) =>
    `Your quotation for shipment #${shipmentId} (${product}) was declined${reason ? `: ${reason}` : ""}`,
  quotationCancelled: (shipmentId: number, product: string, reason: string | null) =>
    `The seller cancelled your winning bid for shipment #${shipmentId} (${product})${reason ? `: ${reason}` : ""}`,
  statusChanged: (shipmentId: number, product: string, status: string) =>
    `Shipment #${shipmentId} (${product}) is now ${status}`,
  newSample: (sampleId: number, product: string) =>
    `New sample shipment #${sampleId} requested: ${product}`,
  sampleCompleted: (sampleId: number, product: string) =>
    `Your sample shipment #${sampleId} (${product}) was marked as completed`,
  announcement: (title: string | null, message: string) =>
    `New announcement: ${title && title.trim() ? title : message}`,
} as const;
