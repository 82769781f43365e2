import type { ShipmentStatus } from "@fba/contract";
import type { Group } from "@fba/contract/constants";

/** Where a seller's row opens (part 2 section 4, navigation by status). */
export function sellerShipmentPath(
  shipment: { id: number; status: ShipmentStatus },
  list?: "cancelled" | "completed",
): string {
  if (shipment.status === "Quotation Accepted") {
    return `/seller/booking/recentorderstatus/${shipment.id}?src=currentShipments`;
  }
  if (list === "cancelled" || shipment.status === "Shipment Cancelled") {
    return `/seller/booking/order/status/${shipment.id}?src=cancelledorders`;
  }
  if (list === "completed" || shipment.status === "Shipment Completed") {
    return `/seller/booking/order/status/${shipment.id}`;
  }
  if (shipment.status === "Quotation Approved") {
    return `/seller/booking/order/status/${shipment.id}?src=pendingorders`;
  }
  return `/seller/booking/order/status/${shipment.id}?src=newshipment`;
}

export function announcementListPath(group: Group | undefined | null): string {
  if (group === "Shipper") return "/shipper/dashboard/announcement";
  if (group === "Admin") return "/admin/announcement";
  return "/seller/announcement";
}

export function announcementDetailPath(group: Group | undefined | null, id: number): string {
  return `${announcementListPath(group)}/${id}`;
}

/** The admins' list of open disputes over final amounts. */
export const ADMIN_DISPUTES_PATH = "/admin/disputes";

/** An admin's view of a shipment; `#chat` lands on its chat. */
export function adminShipmentPath(id: number, { chat = false }: { chat?: boolean } = {}): string {
  return `/admin/shipments/${id}${chat ? "#chat" : ""}`;
}
