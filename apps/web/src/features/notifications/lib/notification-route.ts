import type { Group, ShipmentStatus } from "@fba/contract/constants";
import { CHAT_NOTIFICATION_PREFIXES } from "@fba/contract/constants";
import type { Notification as AppNotification } from "@fba/contract";
import {
  adminShipmentPath,
  announcementListPath,
  pathTo,
  paths,
  sellerSamplePath,
  sellerShipmentPath as sellerRowPath,
  shipperOrderPath,
} from "../../../app/paths";

/** Chat notifications read "New message from NAME: TEXT" (in Chinese "【新消息】NAME：TEXT"). */
export function isChatNotification(notification: AppNotification): boolean {
  return CHAT_NOTIFICATION_PREFIXES.some((prefix) => notification.content.startsWith(prefix));
}

/** The seller's shipment view for a status (spec: navigation by status). */
export function sellerShipmentPath(id: number, status: ShipmentStatus | null): string {
  return sellerRowPath({ id, status: status ?? "Shipment Pending" });
}

/**
 * The shipping agent's view: an order they hold (or won and the seller is deciding on; the page
 * shows a lost bid read-only), or the bid page while bidding.
 */
export function shipperShipmentPath(id: number, status: ShipmentStatus | null): string {
  switch (status) {
    case "Quotation Approved":
    case "Quotation Accepted":
      return shipperOrderPath(id, "current");
    case "Shipment Completed":
      return shipperOrderPath(id, "completed");
    case "Shipment Cancelled":
      return shipperOrderPath(id, "history");
    default:
      return pathTo(paths.shipper.bid, id);
  }
}

/**
 * Where a click on a notification leads, by role and type. A shipment's view depends on its status,
 * which the caller looks up (null when unknown: chat messages only exist on accepted orders).
 */
export function notificationTarget(
  group: Group | undefined,
  notification: AppNotification,
  status: ShipmentStatus | null,
): string {
  const { notification_type: type } = notification;
  if (type === "Announcement") return announcementListPath(group);

  if (type === "Sample Shipment") {
    const sampleId = notification.sample_shipment_id || notification.shipment_id || 0;
    const chat = isChatNotification(notification) && sampleId > 0;
    if (group === "Shipper") {
      return chat ? shipperOrderPath(sampleId, "samples") : paths.shipper.samples;
    }
    if (group === "Seller") {
      return chat ? sellerSamplePath(sampleId) : paths.seller.samples;
    }
    return sampleId > 0
      ? pathTo(paths.admin.sample, sampleId)
      : `${paths.admin.dashboard}?tab=samples`;
  }

  const id = notification.shipment_id ?? 0;
  if (!id)
    return group === "Shipper"
      ? paths.shipper.pending
      : group === "Admin"
        ? paths.admin.dashboard
        : paths.seller.dashboard;
  if (group === "Admin") return adminShipmentPath(id);
  // A lost bid opens where the agent's bids are kept, whatever became of the shipment.
  if (notification.kind === "bid_lost" && group === "Shipper") {
    return shipperOrderPath(id, "history");
  }
  const effective = status ?? (isChatNotification(notification) ? "Quotation Accepted" : null);
  return group === "Shipper"
    ? shipperShipmentPath(id, effective)
    : sellerShipmentPath(id, effective);
}
