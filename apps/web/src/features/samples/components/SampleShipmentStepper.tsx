import { Step, StepLabel, Stepper } from "@mui/material";
import type { SampleShipmentStatus } from "@fba/contract";

const STEPS = ["Sample Requested", "Shipment Pending", "Shipment Completed"] as const;

/** The sample lifecycle as a stepper: no quotation and no cancelled steps. */
export function SampleShipmentStepper({ status }: { status: SampleShipmentStatus | string }) {
  const isCompleted = status === "Shipment Completed";
  // A completed sample shows every step done; a pending one is waiting on its middle step.
  const activeStep = isCompleted ? STEPS.length : 1;
  return (
    <Stepper activeStep={activeStep} alternativeLabel aria-label="Sample shipment progress">
      {STEPS.map((label) => (
        <Step key={label}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
