import { describe, expect, it } from "vitest";
import { activeStepIndex, stepLabel, stepperViewFromSrc, visibleSteps } from "./status-steps";

describe("status stepper rules", () => {
  it("shows every step but Cancelled on a default view of a live shipment", () => {
    expect(visibleSteps("Quotation Received", "default")).toEqual([
      "Shipment Pending",
      "Quotation Received",
      "Quotation Approved",
      "Quotation Accepted",
      "Shipment Completed",
    ]);
  });

  it("shows Cancelled (and hides Completed) for a cancelled status", () => {
    const steps = visibleSteps("Shipment Cancelled", "default");
    expect(steps).toContain("Shipment Cancelled");
    expect(steps).not.toContain("Shipment Completed");
    expect(activeStepIndex(steps, "Shipment Cancelled", "default")).toBe(steps.length - 1);
  });

  it("shows Cancelled on the cancelled-orders view even before the status says so", () => {
    expect(visibleSteps("Quotation Approved", "cancelled")).toContain("Shipment Cancelled");
    expect(visibleSteps("Quotation Approved", "cancelled")).not.toContain("Shipment Completed");
  });

  it("hides Completed on the accepted view unless the status is completed", () => {
    expect(visibleSteps("Quotation Accepted", "accepted")).not.toContain("Shipment Completed");
    expect(visibleSteps("Shipment Completed", "accepted")).toContain("Shipment Completed");
  });

  it("omits the quotation and cancelled steps on the sample view", () => {
    const steps = visibleSteps("Quotation Received", "sample");
    expect(steps).toEqual(["Shipment Pending", "Shipment Completed"]);
    // A sample's Quotation Received reads as Shipment Pending.
    expect(activeStepIndex(steps, "Quotation Received", "sample")).toBe(0);
  });

  it("maps src values to views and uses the agent's words", () => {
    expect(stepperViewFromSrc("sampleShipments")).toBe("sample");
    expect(stepperViewFromSrc("accepted")).toBe("accepted");
    expect(stepperViewFromSrc("cancelledorders")).toBe("cancelled");
    expect(stepperViewFromSrc(null)).toBe("default");
    expect(stepLabel("Quotation Received", "shipper")).toBe("Quote Received");
    expect(stepLabel("Quotation Accepted", "shipper")).toBe("Quote Accepted");
    expect(stepLabel("Quotation Accepted", "seller")).toBe("Quotation Accepted");
  });
});
