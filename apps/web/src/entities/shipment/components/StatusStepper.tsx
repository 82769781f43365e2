import { Paper, Step, StepLabel, Stepper, Typography, useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import type { ShipmentStatus } from "@fba/contract";
import { activeStepIndex, stepLabel, visibleSteps, type StepperView } from "../lib/status-steps";
import { useShipmentsT } from "../i18n";
import { useListsT } from "../../../i18n/lists";

export interface StatusStepperProps {
  status: ShipmentStatus;
  view: StepperView;
  side: "seller" | "shipper" | "admin";
  /** Vertical at every width, for a narrow side column. */
  compact?: boolean;
}

/** The Shipment Status panel. */
export function StatusStepper({ status, view, side, compact = false }: StatusStepperProps) {
  const theme = useTheme();
  const isVertical = useMediaQuery(theme.breakpoints.down("md")) || compact;
  const steps = visibleSteps(status, view);
  const active = activeStepIndex(steps, status, view);
  const isFinal = status === "Shipment Completed" || status === "Shipment Cancelled";
  const { t } = useShipmentsT();
  const lists = useListsT().t;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="status-heading">
      <Typography id="status-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t("status.title")}
      </Typography>
      <Stepper
        activeStep={isFinal ? active + 1 : active}
        orientation={isVertical ? "vertical" : "horizontal"}
        alternativeLabel={!isVertical}
      >
        {steps.map((step, index) => (
          <Step key={step} completed={index < active || (isFinal && index === active)}>
            <StepLabel error={step === "Shipment Cancelled" && status === step}>
              {lists(`status.${stepLabel(step, side)}` as "status.Shipment Pending", {
                defaultValue: stepLabel(step, side),
              })}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
    </Paper>
  );
}
