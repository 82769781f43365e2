import type { ReactNode } from "react";
import { Alert, Box, Paper, Stack, TextField, Typography } from "@mui/material";
import { useFormContext, useWatch, type Path } from "react-hook-form";
import type { CreateShipmentData } from "@fba/contract";
import { cargoTotals, CARTON_MAX_KG, CARTON_MAX_SIDE_CM } from "./cargo-totals";
import type { ShipmentFormValues } from "./shipment-form";

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
      helperText={error?.message}
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
  return (
    <Stack spacing={1.5}>
      <Paper variant="outlined" sx={{ p: 2, bgcolor: "grey.50" }} aria-label="Cargo totals">
        <Box
          sx={{
            display: "grid",
            gap: 1.5,
            gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, minmax(0, 1fr))" },
          }}
        >
          {[
            ["Total cartons", String(totals.cartons)],
            ["Gross weight", `${totals.grossKg} kg`],
            ["Volume", `${totals.volumeM3} m³`],
            ["Chargeable weight", `${totals.chargeableKg} kg`],
          ].map(([label, value]) => (
            <Box key={label}>
              <Typography variant="caption" color="text.secondary" component="div">
                {label}
              </Typography>
              <Typography sx={{ fontWeight: 600 }} data-testid={label}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      {totals.hasOversize && (
        <Alert severity="warning">
          A carton is over {CARTON_MAX_KG} kg or over {CARTON_MAX_SIDE_CM} cm on a side. Amazon
          warehouses may need it labelled as heavy or oversized, and the freight cost may rise.
        </Alert>
      )}
    </Stack>
  );
}
