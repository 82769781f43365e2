import type { Quotation, QuotationOrEmpty } from "@fba/contract";

export type {
  Quotation,
  QuotationOrEmpty,
  QuotationHistoryRow,
  ShipmentDetail as Shipment,
  ShipmentListRow,
} from "@fba/contract";

/** Amounts arrive as decimal strings ("1250.00"), masked bids as asterisks. */
export type Amount = number | string;

/** The API sends `{}` (never null) when there is no quotation to show. */
export function hasQuotation(
  quotation: QuotationOrEmpty | null | undefined,
): quotation is Quotation {
  return !!quotation && typeof (quotation as Partial<Quotation>).id === "number";
}
