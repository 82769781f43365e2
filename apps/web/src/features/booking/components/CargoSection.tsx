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
import { useServerMessage } from "../../../i18n/server-messages";
import { useBookingT } from "../i18n";
import { useFormat } from "../../../i18n/use-format";

export function CargoSection({
  packages,
  ...section
}: SectionProps & {
  packages: UseFieldArrayReturn<ShipmentFormValues, "packages">;
}) {
  const { control, register, formState } = useShipmentForm();
  const { errors } = formState;
  const text = useTextField();
  const { t } = useBookingT();
  const message = useServerMessage();
  const format = useFormat();
  // Each destination's estimate range from agents' average costs, looked up once typing pauses.
  const watched = useWatch({ control, name: "packages" });
  const codes = [
    ...new Set((watched ?? []).map((pkg) => destinationCode(pkg?.delivery_location))),
  ].filter((code): code is string => code !== null);
  const asked = useDebounced(codes.sort().join(","), 300);
  const estimates = useCostEstimates(asked ? asked.split(",") : []);
  return (
    <FormSection id="cargo" title={t("sections.cargo")} {...section}>
      <Stack spacing={2}>
        <FieldGrid columns={3}>
          {text("product_name", t("fields.productName"), errors.product_name)}
          {text("main_competitor_asin", t("fields.asin"), errors.main_competitor_asin)}
          {text(
            "freight_booking_reference_number",
            t("fields.reference"),
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
              aria-label={t("warehouses.title", { number: index + 1 })}
            >
              <Stack
                direction="row"
                sx={{ mb: 1.5, alignItems: "center", justifyContent: "space-between" }}
              >
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {t("warehouses.title", { number: index + 1 })}
                </Typography>
                {packages.fields.length > 1 && (
                  <Tooltip title={t("warehouses.remove")}>
                    <IconButton
                      aria-label={t("warehouses.removeLabel", { number: index + 1 })}
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
                      error={message(fieldState.error?.message)}
                    />
                  )}
                />
                <TextField
                  label={t("fields.fbaId")}
                  placeholder="FBA15ABCD1234"
                  {...register(`packages.${index}.fba_shipment_id`)}
                  error={!!packageErrors?.fba_shipment_id}
                  helperText={
                    message(packageErrors?.fba_shipment_id?.message) ?? t("fields.fbaIdHelp")
                  }
                  slotProps={{
                    htmlInput: { maxLength: 20, autoCapitalize: "characters", spellCheck: false },
                  }}
                />
                <FieldGrid columns={3}>
                  {PACKAGE_FIELDS.map(({ name, labelKey, decimal, isMoney }) => {
                    const path = `packages.${index}.${name}` as const;
                    const typed = String(watched?.[index]?.[name] ?? "");
                    // The amount as it will be stored, in the language's format (US$ in Chinese).
                    const storedAs =
                      isMoney && amountInputPreview(typed)
                        ? format.money(normalizeAmountInput(typed))
                        : null;
                    return (
                      <TextField
                        key={name}
                        label={t(labelKey)}
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
                          message(packageErrors?.[name]?.message) ??
                          (isMoney
                            ? storedAs
                              ? t("fields.storedAs", { amount: storedAs })
                              : t("fields.inUsd")
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
          <FormHelperText error>{message(errors.packages.message)}</FormHelperText>
        )}
        <Box>
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            disabled={packages.fields.length >= MAX_WAREHOUSE_GROUPS}
            onClick={() => packages.append({ ...EMPTY_PACKAGE })}
          >
            {t("warehouses.add")}
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1.5 }}>
            {t("warehouses.count", { count: packages.fields.length, max: MAX_WAREHOUSE_GROUPS })}
          </Typography>
        </Box>
        <CargoSummary />
      </Stack>
    </FormSection>
  );
}
