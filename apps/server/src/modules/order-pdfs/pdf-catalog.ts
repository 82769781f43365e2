// The shape of the order PDFs' texts (one catalog per language), apart from the catalogs.
import type {
  ChargeChangeAction,
  ChargeChangeStatus,
  DecisionOutcome,
  OrderPdf,
  StoredVarianceReason,
} from "@fba/contract";

/** The fixed words of the order's PDFs: section titles, line labels, table headers. */
export type PdfLabel =
  | "order"
  | "orderNumber"
  | "product"
  | "bookingReference"
  | "readyDate"
  | "pickupAddress"
  | "supplierContact"
  | "acceptedOn"
  | "seller"
  | "agent"
  | "name"
  | "company"
  | "email"
  | "status"
  | "cargo"
  | "amazonDestination"
  | "cartons"
  | "chargeableWeight"
  | "acceptedBid"
  | "service"
  | "pickup"
  | "bidTotal"
  | "completedOn"
  | "completedUndelivered"
  | "completionReason"
  | "noneGiven"
  | "trackingNumber"
  | "amounts"
  | "acceptedBidTotal"
  | "finalAmountByAgent"
  | "aboveBidBy"
  | "reason"
  | "evidence"
  | "noneAttached"
  | "sellerAnswer"
  | "dispute"
  | "decision"
  | "decidedAmount"
  | "decisionNote"
  | "amountDue"
  | "changes"
  | "date"
  | "step"
  | "by"
  | "from"
  | "to"
  | "deliveries"
  | "destinationFc"
  | "fbaShipmentId"
  | "deliveredTo"
  | "deliveredOn"
  | "notDelivered";

/** One language of the order's PDFs (pdf-texts.<locale>.ts). */
export interface PdfTexts {
  labels: Record<PdfLabel, string>;
  /** Between a label and its value ("Product: ...", "品名：..."). */
  separator: string;
  title(kind: OrderPdf): string;
  subject(orderId: number, product: string): string;
  footer(generatedOn: string): string;
  /** The freight line's label, with the service bought when there is one. */
  freight(service: "fast" | "normal" | null): string;
  serviceName(service: "fast" | "normal"): string;
  /** The amount due while the seller has not answered a final amount above the bid. */
  awaitingAnswer(due: string): string;
  /** A moment's day in the language's style. */
  day(date: Date): string;
  /** A yyyy-MM-dd day in the language's style. */
  calendarDay(value: string): string;
  money(amount: string): string;
  status(status: string): string;
  varianceReason(reason: StoredVarianceReason): string;
  /** The reason of a final amount above the bid with the agent's note. */
  reasonWithNote(reason: string, note: string): string;
  /** The evidence attached: its file name and document type. */
  evidence(fileName: string, type: string): string;
  documentType(type: string): string;
  chargeStatus(status: ChargeChangeStatus): string;
  chargeAction(action: ChargeChangeAction): string;
  decision(outcome: DecisionOutcome): string;
  /** The destinations not delivered at completion ("ONT8 (Booked), LAX9 (Picked up)"). */
  undelivered(destinations: ReadonlyArray<{ fc_code: string; milestone: string }>): string;
}
