import type { ShipmentStatus } from "@fba/contract";
import type { Locale } from "@fba/contract/locales";
import { hasQuotation, type Amount, type Shipment } from "../api/types";

const money = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Amounts are shown with a dollar prefix; absent ones as N/A (in the language given, English by
 * default: a Chinese screen's amounts come from ../../../i18n/format.ts).
 */
export function formatMoney(value: Amount | null | undefined, locale: Locale = "en"): string {
  if (value === null || value === undefined || value === "") return NOT_AVAILABLE[locale];
  const n = Number(value);
  // Masked amounts (asterisks while bidding is open) are shown as sent.
  if (!Number.isFinite(n)) return String(value);
  return `$${money.format(n)}`;
}

import { NOT_AVAILABLE, formatDateTime as formatTime } from "../../../lib/format";

export { formatDate } from "../../../lib/format";

/** A timestamp in the app's one format, "12/01/2026 7:27 PM"; absent as N/A. */
export function formatDateTime(value: string | null | undefined, locale: Locale = "en"): string {
  return value ? formatTime(value) : NOT_AVAILABLE[locale];
}

/** A destination's FC code: "ONT8 - Moreno Valley, CA" is "ONT8"; a bare code as it is. */
export function fcCodeOf(location: string): string {
  return location.split(" - ")[0]!.trim() || location;
}

/** A text as it is; blank as N/A in the language given (English by default). */
export function textOrNA(value: string | null | undefined, locale: Locale = "en"): string {
  return value && value.trim() ? value : NOT_AVAILABLE[locale];
}

export type Side = "seller" | "shipper" | "admin";

/**
 * Shown instead of Shipment Pending once the bid window has closed without a bid; the status on
 * the wire stays Shipment Pending.
 */
export const NO_BIDS_LABEL = "No bids received";

/** A shipment whose window closed without any bid, waiting for its seller to reopen or cancel. */
export function isClosedWithoutBids(
  shipment: Pick<Shipment, "status"> & Partial<Pick<Shipment, "is_bidding_open">>,
): boolean {
  return shipment.status === "Shipment Pending" && shipment.is_bidding_open === false;
}

/** Status as each side reads it (part 2 section 4), with the window's end when nobody bid. */
export function statusLabel(
  shipment: Pick<Shipment, "status" | "quotation"> & Partial<Pick<Shipment, "is_bidding_open">>,
  side: Side,
): string {
  const { status } = shipment;
  if (isClosedWithoutBids(shipment)) return NO_BIDS_LABEL;
  if (side === "shipper") {
    if (status === "Quotation Received") return "Quote Received";
    if (status === "Quotation Accepted") return "Quote Accepted";
    return status;
  }
  if (
    status === "Quotation Approved" &&
    hasQuotation(shipment.quotation) &&
    shipment.quotation.is_accepted === false
  ) {
    return "Quotation Declined";
  }
  return status;
}

export function statusColor(
  status: ShipmentStatus,
): "default" | "info" | "warning" | "success" | "error" | "primary" {
  switch (status) {
    case "Shipment Pending":
      return "default";
    case "Quotation Received":
      return "info";
    case "Quotation Approved":
      return "warning";
    case "Quotation Accepted":
      return "primary";
    case "Shipment Completed":
      return "success";
    case "Shipment Cancelled":
      return "error";
  }
}
