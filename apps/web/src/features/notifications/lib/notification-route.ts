import type { Group, ShipmentStatus } from "@fba/contract/constants";
import type { Notification as AppNotification } from "@fba/contract";
import { announcementListPath } from "../../../app/paths";

/** Chat notifications read "New message from NAME: TEXT". */
export function isChatNotification(notification: AppNotification): boolean {
  return notification.content.startsWith("New message from");
}

/** The seller's shipment view for a status (spec: navigation by status). */
export function sellerShipmentPath(id: number, status: ShipmentStatus | null): string {
  switch (status) {
    case "Quotation Approved":
      return `/seller/booking/order/status/${id}?src=pendingorders`;
    case "Quotation Accepted":
      return `/seller/booking/recentorderstatus/${id}?src=currentShipments`;
    case "Shipment Completed":
      return `/seller/booking/order/status/${id}`;
    case "Shipment Cancelled":
      return `/seller/booking/order/status/${id}?src=cancelledorders`;
    default:
      return `/seller/booking/order/status/${id}?src=newshipment`;
  }
}

/**
 * The shipping agent's view: an order they hold (or won and the seller is deciding on; the page
 * shows a lost bid read-only), or the bid page while bidding.
 */
export function shipperShipmentPath(id: number, status: ShipmentStatus | null): string {
  switch (status) {
    case "Quotation Approved":
    case "Quotation Accepted":
      return `/shipper/dashboard/orders/status/${id}?src=accepted`;
    case "Shipment Completed":
      return `/shipper/dashboard/orders/pastorders/status/${id}?src=accepted`;
    case "Shipment Cancelled":
      return `/shipper/dashboard/orders/shipmenthistories/status/${id}?src=accepted`;
    default:
      return `/shipper/bid/${id}`;
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
      return chat
        ? `/shipper/dashboard/orders/status/${sampleId}?src=sampleShipments`
        : "/shipper/dashboard/orders/sample-shipments";
    }
    if (group === "Seller") {
      return chat
        ? `/seller/booking/recentorderstatus/${sampleId}?src=sampleShipments`
        : "/seller/booking/sampleshipments";
    }
    return sampleId > 0 ? `/admin/samples/${sampleId}` : "/admin/dashboard?tab=samples";
  }

  const id = notification.shipment_id ?? 0;
  if (!id)
    return group === "Shipper"
      ? "/shipper/dashboard"
      : group === "Admin"
        ? "/admin/dashboard"
        : "/seller/dashboard";
  if (group === "Admin") return `/admin/shipments/${id}`;
  // A lost bid opens where the agent's bids are kept, whatever became of the shipment.
  if (notification.kind === "bid_lost" && group === "Shipper") {
    return `/shipper/dashboard/orders/shipmenthistories/status/${id}?src=accepted`;
  }
  const effective = status ?? (isChatNotification(notification) ? "Quotation Accepted" : null);
  return group === "Shipper"
    ? shipperShipmentPath(id, effective)
    : sellerShipmentPath(id, effective);
}
