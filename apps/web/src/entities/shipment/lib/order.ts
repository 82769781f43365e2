import { hasQuotation, type Shipment } from "../api/types";

/**
 * An accepted order, or one that was completed or cancelled after the award: it has a chat (read
 * only once it ended), destinations, documents and charge changes.
 */
export function isAwardedOrder(shipment: Pick<Shipment, "status" | "quotation">): boolean {
  if (shipment.status === "Quotation Accepted" || shipment.status === "Shipment Completed") {
    return true;
  }
  return shipment.status === "Shipment Cancelled" && hasQuotation(shipment.quotation);
}

/** Bidding has closed and there were bids: the seller can compare them. */
export function showsComparison(shipment: Pick<Shipment, "status" | "quotation_count">): boolean {
  return (
    shipment.quotation_count > 0 &&
    (shipment.status === "Quotation Approved" || shipment.status === "Quotation Accepted")
  );
}
