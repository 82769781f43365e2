import { SHIPMENT_STATUSES, type ShipmentStatus } from "@fba/contract/constants";

/**
 * Which view a shipment page is: the `src` query of part 2 section 2 narrowed to what changes
 * the stepper.
 */
export type StepperView = "default" | "accepted" | "cancelled" | "sample";

export function stepperViewFromSrc(src: string | null): StepperView {
  if (src === "sampleShipments") return "sample";
  if (src === "accepted" || src === "currentShipments") return "accepted";
  if (src === "cancelledorders") return "cancelled";
  return "default";
}

const QUOTATION_STEPS: ShipmentStatus[] = [
  "Quotation Received",
  "Quotation Approved",
  "Quotation Accepted",
];

/**
 * The steps shown (part 1 section 4): the sample view omits the quotation and cancelled steps;
 * Cancelled appears only for cancelled orders or a cancelled status; Completed is hidden for
 * cancelled and accepted views unless the status is completed.
 */
export function visibleSteps(status: ShipmentStatus, view: StepperView): ShipmentStatus[] {
  const isCancelled = status === "Shipment Cancelled";
  const isCompleted = status === "Shipment Completed";
  return SHIPMENT_STATUSES.filter((step) => {
    if (view === "sample") return !QUOTATION_STEPS.includes(step) && step !== "Shipment Cancelled";
    if (step === "Shipment Cancelled") return isCancelled || view === "cancelled";
    if (step === "Shipment Completed") {
      if (isCompleted) return true;
      return !(isCancelled || view === "cancelled" || view === "accepted");
    }
    return true;
  });
}

/** Index of the active step; a sample's Quotation Received reads as Shipment Pending. */
export function activeStepIndex(
  steps: ShipmentStatus[],
  status: ShipmentStatus,
  view: StepperView,
): number {
  const effective =
    view === "sample" && status === "Quotation Received" ? "Shipment Pending" : status;
  const index = steps.indexOf(effective);
  return index === -1 ? 0 : index;
}

/** Shipper-facing step names. */
export function stepLabel(step: ShipmentStatus, side: "seller" | "shipper" | "admin"): string {
  if (side === "shipper") {
    if (step === "Quotation Received") return "Quote Received";
    if (step === "Quotation Accepted") return "Quote Accepted";
  }
  return step;
}
