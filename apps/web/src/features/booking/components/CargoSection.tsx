import {
  Box,
  Button,
  FormHelperText,
  IconButton,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import { Controller, useWatch, type UseFieldArrayReturn } from "react-hook-form";
import { MAX_WAREHOUSE_GROUPS, amountInputPreview, normalizeAmountInput } from "@fba/contract";
import { useCostEstimates } from "../../../entities/average-cost/api/average-costs";
import { destinationCode } from "../../../entities/average-cost/lib/estimate";
import { cargoTotals } from "./cargo-totals";
import { DestinationEstimate } from "./DestinationEstimate";
import { FormSection } from "./FormSection";
import { useDebounced } from "./use-debounced";
import { WarehouseField } from "./WarehouseField";
import { EMPTY_PACKAGE, PACKAGE_FIELDS, type ShipmentFormValues } from "./shipment-form";
import {
  CargoSummary,
  FieldGrid,
  useShipmentForm,
  useTextField,
  type SectionProps,
} from "./shipment-form-parts";

export function CargoSection({
  packages,
  ...section
}: SectionProps & {
  packages: UseFieldArrayReturn<ShipmentFormValues, "packages">;
}) {
  const { control, register, formState } = useShipmentForm();
  const { errors } = formState;
  const text = useTextField();
  // Each destination's estimate range from agents' average costs, looked up once typing pauses.
  const watched = useWatch({ control, name: "packages" });
  const codes = [
    ...new Set((watched ?? []).map((pkg) => destinationCode(pkg?.delivery_location))),
  ].filter((code): code is string => code !== null);
  const asked = useDebounced(codes.sort().join(","), 300);
  const estimates = useCostEstimates(asked ? asked.split(",") : []);
  return (
    <FormSection id="cargo" title="Cargo" {...section}>
      <Stack spacing={2}>
        <FieldGrid columns={3}>
          {text("product_name", "Product name", errors.product_name)}
          {text("main_competitor_asin", "Main competitor ASIN", errors.main_competitor_asin)}
          {text(
            "freight_booking_reference_number",
            "Freight booking reference number",
            errors.freight_booking_reference_number,
          )}
        </FieldGrid>
        {packages.fields.map((item, index) => {
          const packageErrors = errors.packages?.[index];
          const code = destinationCode(watched?.[index]?.delivery_location);
          const estimate = estimates.data?.find((row) => row.warehouse_number === code);
          return (
            <Paper
              key={item.id}
              variant="outlined"
              sx={{ p: 2 }}
              component="fieldset"
              aria-label={`Amazon warehouse ${index + 1}`}
            >
              <Stack
                direction="row"
                sx={{ mb: 1.5, alignItems: "center", justifyContent: "space-between" }}
              >
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                  Amazon warehouse {index + 1}
                </Typography>
                {packages.fields.length > 1 && (
                  <Tooltip title="Remove this warehouse">
                    <IconButton
                      aria-label={`Remove Amazon warehouse ${index + 1}`}
                      onClick={() => packages.remove(index)}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
              <Stack spacing={2}>
                <Controller
                  control={control}
                  name={`packages.${index}.delivery_location`}
                  render={({ field, fieldState }) => (
                    <WarehouseField
                      name={field.name}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <TextField
                  label="FBA shipment ID (optional)"
                  placeholder="FBA15ABCD1234"
                  {...register(`packages.${index}.fba_shipment_id`)}
                  error={!!packageErrors?.fba_shipment_id}
                  helperText={
                    packageErrors?.fba_shipment_id?.message ??
                    "From Seller Central, if you have it already; you can add it later"
                  }
                  slotProps={{
                    htmlInput: { maxLength: 20, autoCapitalize: "characters", spellCheck: false },
                  }}
                />
                <FieldGrid columns={3}>
                  {PACKAGE_FIELDS.map(({ name, label, decimal, isMoney }) => {
                    const path = `packages.${index}.${name}` as const;
                    const storedAs = isMoney
                      ? amountInputPreview(String(watched?.[index]?.[name] ?? ""))
                      : null;
                    return (
                      <TextField
                        key={name}
                        label={label}
                        required
                        {...register(
                          path,
                          isMoney
                            ? {
                                setValueAs: (value: unknown) =>
                                  typeof value === "string" ? normalizeAmountInput(value) : value,
                              }
                            : undefined,
                        )}
                        error={!!packageErrors?.[name]}
                        // A money field always has a line under it, so what it says can change
                        // as the seller types without moving anything below.
                        helperText={
                          packageErrors?.[name]?.message ??
                          (isMoney
                            ? storedAs
                              ? `Stored as ${storedAs}`
                              : "In US dollars"
                            : undefined)
                        }
                        slotProps={{
                          htmlInput: {
                            inputMode: decimal ? "decimal" : "numeric",
                            maxLength: 12,
                          },
                        }}
                      />
                    );
                  })}
                </FieldGrid>
                <DestinationEstimate
                  code={code}
                  kg={cargoTotals([watched?.[index] ?? {}]).chargeableKg}
                  estimate={estimate}
                  pending={
                    code &&
                    !(
                      estimates.isSuccess &&
                      asked.split(",").includes(code) &&
                      (estimate || !estimates.isPlaceholderData)
                    )
                      ? estimates.isError
                        ? "failed"
                        : "loading"
                      : false
                  }
                />
              </Stack>
            </Paper>
          );
        })}
        {errors.packages?.message && (
          <FormHelperText error>{errors.packages.message}</FormHelperText>
        )}
        <Box>
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            disabled={packages.fields.length >= MAX_WAREHOUSE_GROUPS}
            onClick={() => packages.append({ ...EMPTY_PACKAGE })}
          >
            Add Amazon warehouse
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1.5 }}>
            {packages.fields.length} of {MAX_WAREHOUSE_GROUPS}
          </Typography>
        </Box>
        <CargoSummary />
      </Stack>
    </FormSection>
  );
}
