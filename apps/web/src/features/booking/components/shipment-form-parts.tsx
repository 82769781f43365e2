import type { ReactNode } from "react";
import { Alert, Box, Paper, Stack, TextField, Typography } from "@mui/material";
import { useFormContext, useWatch, type Path } from "react-hook-form";
import type { CreateShipmentData } from "@fba/contract";
import { cargoTotals, CARTON_MAX_KG, CARTON_MAX_SIDE_CM } from "./cargo-totals";
import type { ShipmentFormValues } from "./shipment-form";
import { useServerMessage } from "../../../i18n/server-messages";
import { useBookingT } from "../i18n";

/** The booking form, as its sections reach it. */
export const useShipmentForm = () =>
  useFormContext<ShipmentFormValues, unknown, CreateShipmentData>();

/** Each section's sub-heading state: open or not, and whether it holds an error. */
export interface SectionProps {
  expanded: boolean;
  onToggle: () => void;
  hasError: boolean;
}

/** A text field of the form (required and 50 characters unless told otherwise). */
export function useTextField() {
  const { register } = useShipmentForm();
  const message = useServerMessage();
  return (
    name: Path<ShipmentFormValues>,
    label: string,
    error: { message?: string } | undefined,
    extra: {
      required?: boolean;
      maxLength?: number;
      multiline?: boolean;
      inputMode?: "numeric" | "decimal" | "tel" | "email";
    } = {},
  ) => (
    <TextField
      label={label}
      required={extra.required ?? true}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      {...register(name)}
      error={!!error}
      helperText={message(error?.message)}
      slotProps={{ htmlInput: { maxLength: extra.maxLength ?? 50, inputMode: extra.inputMode } }}
    />
  );
}

export function FieldGrid({ children, columns = 2 }: { children: ReactNode; columns?: number }) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: `repeat(${columns}, minmax(0, 1fr))` },
      }}
    >
      {children}
    </Box>
  );
}

/** Sums under the cargo section, recomputed as the seller types. */
export function CargoSummary() {
  const { control } = useShipmentForm();
  const packages = useWatch({ control, name: "packages" });
  const totals = cargoTotals(packages ?? []);
  const { t } = useBookingT();
  return (
    <Stack spacing={1.5}>
      <Paper variant="outlined" sx={{ p: 2, bgcolor: "grey.50" }} aria-label={t("totals.label")}>
        <Box
          sx={{
            display: "grid",
            gap: 1.5,
            gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, minmax(0, 1fr))" },
          }}
        >
          {(
            [
              // The test ids stay the English labels, whatever the language shown.
              ["Total cartons", t("totals.cartons"), String(totals.cartons)],
              ["Gross weight", t("totals.gross"), `${totals.grossKg} kg`],
              ["Volume", t("totals.volume"), `${totals.volumeM3} m³`],
              ["Chargeable weight", t("totals.chargeable"), `${totals.chargeableKg} kg`],
            ] as const
          ).map(([testId, label, value]) => (
            <Box key={testId}>
              <Typography variant="caption" color="text.secondary" component="div">
                {label}
              </Typography>
              <Typography sx={{ fontWeight: 600 }} data-testid={testId}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      {totals.hasOversize && (
        <Alert severity="warning">
          {t("totals.oversize", { kg: CARTON_MAX_KG, cm: CARTON_MAX_SIDE_CM })}
        </Alert>
      )}
    </Stack>
  );
}
