import { Step, StepLabel, Stepper } from "@mui/material";
import type { SampleShipmentStatus } from "@fba/contract";
import { useSamplesT } from "../i18n";

const STEPS = ["requested", "pending", "completed"] as const;

/** The sample lifecycle as a stepper: no quotation and no cancelled steps. */
export function SampleShipmentStepper({ status }: { status: SampleShipmentStatus | string }) {
  const { t } = useSamplesT();
  const isCompleted = status === "Shipment Completed";
  // A completed sample shows every step done; a pending one is waiting on its middle step.
  const activeStep = isCompleted ? STEPS.length : 1;
  return (
    <Stepper activeStep={activeStep} alternativeLabel aria-label={t("stepper.label")}>
      {STEPS.map((step) => (
        <Step key={step}>
          <StepLabel>{t(`stepper.${step}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
