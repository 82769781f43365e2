import { useMemo, useState } from "react";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Divider,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import BlockIcon from "@mui/icons-material/Block";
import { Controller, useForm, useWatch, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { amountInputPreview, normalizeAmountInput, type QuotationService } from "@fba/contract";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { Panel } from "../../../components/Panel";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { hasQuotation, type Quotation, type Shipment } from "../../../entities/shipment/api/types";
import { QuotationAmounts } from "../../../entities/shipment/components/QuotationAmounts";
import { QuotationDetailsView } from "../../../entities/shipment/components/QuotationDetailsView";
import { ReconfirmPrompt } from "../../../entities/shipment/components/ReconfirmPrompt";
import { bidPreview } from "../../../entities/shipment/lib/quotation";
import {
  DEFAULT_BID_VALIDITY_DAYS,
  DUTIES_EXCLUDED,
  QUOTE_INCLUSIONS,
  SERVICE_TYPES,
  chargeableWeightKg,
  defaultValidUntil,
  pricePerKg,
  windowEndDate,
} from "../../../entities/shipment/lib/quotation-details";
import { useCreateQuotation } from "../api/create-quotation";
import {
  BID_FORM_FIELDS,
  bidFormMessages,
  bidFormSchema,
  detailsOf,
  liveTotal,
  type BidBody,
  type BidFormMessages,
  type BidFormValues,
} from "../lib/bid-form";
import { AverageCostStart } from "./AverageCostStart";
import { Trans } from "react-i18next";
import { useBiddingT } from "../i18n";
import { useFormat } from "../../../i18n/use-format";
import { useServerMessage } from "../../../i18n/server-messages";

type AmountName = "pickup_amount" | "fast_amount" | "normal_amount";

type QuotationWithDetails = Quotation;

/**
 * The form's starting values: the agent's stored bid, or blanks valid for the default validity
 * after the window's end (editable; the rules still ask only for the window's end at least).
 */
function initialValues(shipment: Shipment, existing: QuotationWithDetails | null): BidFormValues {
  const details = existing?.details ?? null;
  const days = (value: number | undefined) => (value === undefined ? "" : String(value));
  return {
    shipment: shipment.id,
    pickup_amount: existing?.pickup_amount ?? "",
    fast_amount: existing?.fast_amount ?? "",
    normal_amount: existing?.normal_amount ?? "",
    fast_service_type: details?.fast?.service_type ?? "",
    fast_transit_min_days: days(details?.fast?.transit_min_days),
    fast_transit_max_days: days(details?.fast?.transit_max_days),
    normal_service_type: details?.normal?.service_type ?? "",
    normal_transit_min_days: days(details?.normal?.transit_min_days),
    normal_transit_max_days: days(details?.normal?.transit_max_days),
    inclusions: details?.inclusions ?? [],
    valid_until: details?.valid_until ?? defaultValidUntil(shipment.bidding_ends_at),
    note: details?.note ?? "",
  };
}

/** The total as the spec defines it and its price per chargeable kg, as the agent types. */
function LiveTotal({ total, kg }: { total: number | null; kg: number | null }) {
  const { t } = useBiddingT();
  const format = useFormat();
  const perKg = total === null ? null : pricePerKg(total, kg);
  return (
    <Box
      role="status"
      aria-label={t("total.label")}
      sx={{
        display: "flex",
        flexWrap: "wrap",
        justifyContent: "space-between",
        alignItems: "baseline",
        columnGap: 2,
        rowGap: 0.5,
        p: 1.5,
        borderRadius: 1,
        bgcolor: "grey.50",
        border: 1,
        borderColor: "divider",
      }}
    >
      <Typography variant="body2" component="p" sx={{ m: 0 }}>
        <Trans
          t={t}
          i18nKey="total.total"
          components={{
            amount: (
              <Box component="strong" sx={{ fontSize: "1.1rem" }}>
                {total === null ? "—" : format.money(total)}
              </Box>
            ),
          }}
        />
      </Typography>
      <Typography variant="body2" component="p" color="text.secondary" sx={{ m: 0 }}>
        {kg === null
          ? t("total.noWeight")
          : t("total.perKg", {
              amount: perKg === null ? "—" : format.money(perKg),
              kg: format.number(kg),
            })}
      </Typography>
    </Box>
  );
}

/**
 * The agent's sealed bid: editable until they have bid while the window is open. Each offered
 * service states its type and transit days; the price states what it includes and until when it
 * holds. A bid is binding and sealed, so Submit first shows it exactly as the seller will see
 * it; only Confirm sends it.
 */
export function QuotationForm({ shipment, isOpen }: { shipment: Shipment; isOpen: boolean }) {
  const { t, i18n } = useBiddingT();
  const format = useFormat();
  const shown = useServerMessage();
  const english = i18n.language === "en";
  const messages = useMemo<BidFormMessages>(
    () =>
      english
        ? bidFormMessages
        : {
            serviceTypeRequired: t("errors.serviceTypeRequired"),
            transitRequired: t("errors.transitRequired"),
            transitRange: t("errors.transitRange"),
            transitOrder: t("errors.transitOrder"),
            validUntilRequired: t("errors.validUntilRequired"),
            validUntilBeforeWindow: (date) =>
              t("errors.validUntilBeforeWindow", { date: format.date(date) }),
            noteMax: t("errors.noteMax"),
          },
    [english, t, format],
  );
  const existing = hasQuotation(shipment.quotation)
    ? (shipment.quotation as QuotationWithDetails)
    : null;
  const canEdit = !existing && isOpen;
  const create = useCreateQuotation();
  const windowEnd = windowEndDate(shipment.bidding_ends_at);
  const kg = chargeableWeightKg(shipment);
  const [toConfirm, setToConfirm] = useState<BidBody | null>(null);
  const form = useForm<BidFormValues, unknown, BidBody>({
    resolver: zodResolver(bidFormSchema(windowEnd, messages)) as Resolver<
      BidFormValues,
      unknown,
      BidBody
    >,
    mode: "onTouched",
    values: initialValues(shipment, existing),
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control });

  const onSubmit = form.handleSubmit((body) => setToConfirm(body));

  const confirm = async () => {
    if (!toConfirm) return;
    try {
      const res = await create.mutateAsync(toConfirm);
      notify.success(shown(res.message) ?? res.message);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, BID_FORM_FIELDS)) toastApiError(error);
    } finally {
      setToConfirm(null);
    }
  };

  const amountField = (name: AmountName) => {
    // Kept as typed: "$1,850.50" is sent as 1850.50 and says so; what is not an amount in cents
    // is refused with the contract's message instead of being silently reshaped.
    const storedAs = canEdit ? amountInputPreview(String(values[name] ?? "")) : null;
    return (
      <TextField
        label={t(`form.${name}`)}
        required={name === "pickup_amount"}
        disabled={!canEdit}
        {...form.register(name)}
        error={!!errors[name]}
        // Always a line under it, so what it says changes without moving the form as one types.
        helperText={
          shown(errors[name]?.message) ??
          (storedAs
            ? t("form.storedAs", {
                amount: english
                  ? storedAs
                  : format.money(normalizeAmountInput(String(values[name] ?? ""))),
              })
            : t("form.inDollars"))
        }
        value={String(values[name] ?? "")}
        slotProps={{
          htmlInput: { inputMode: "decimal", maxLength: 16 },
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
    );
  };

  const serviceFields = (mode: QuotationService) => {
    const offered = String(values[`${mode}_amount`] ?? "").trim() !== "";
    const typeName = `${mode}_service_type` as const;
    const minName = `${mode}_transit_min_days` as const;
    const maxName = `${mode}_transit_max_days` as const;
    return (
      <Box
        component="fieldset"
        sx={{ m: 0, p: 0, border: 0, minWidth: 0, display: "grid", gap: 1.5 }}
      >
        <Typography component="legend" variant="subtitle2" sx={{ p: 0, mb: 1 }}>
          {t(`form.modes.${mode}`)}
        </Typography>
        {amountField(`${mode}_amount`)}
        {offered && !existing && (
          <Box
            sx={{
              display: "grid",
              gap: 1.5,
              gridTemplateColumns: {
                xs: "repeat(2, minmax(0, 1fr))",
                sm: "2fr 1fr 1fr",
                lg: "repeat(2, minmax(0, 1fr))",
              },
              "& > :first-of-type": { gridColumn: { xs: "1 / -1", sm: "auto", lg: "1 / -1" } },
            }}
          >
            <Controller
              control={form.control}
              name={typeName}
              render={({ field }) => (
                <TextField
                  select
                  label={t(`form.serviceType.${mode}`)}
                  required
                  disabled={!canEdit}
                  {...field}
                  value={field.value ?? ""}
                  error={!!errors[typeName]}
                  helperText={shown(errors[typeName]?.message)}
                >
                  {SERVICE_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {t(`serviceTypes.${type}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {([minName, maxName] as const).map((name) => (
              <TextField
                key={name}
                label={t(`form.${name.endsWith("min_days") ? "transitMin" : "transitMax"}.${mode}`)}
                required
                disabled={!canEdit}
                {...form.register(name)}
                value={String(values[name] ?? "")}
                error={!!errors[name]}
                helperText={shown(errors[name]?.message)}
                slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 3 } }}
              />
            ))}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <Panel title={t("form.title")}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          {existing && <Alert severity="success">{t("form.submitted")}</Alert>}
          {existing && <ReconfirmPrompt quotation={existing} />}
          {!existing && !isOpen && <Alert severity="info">{t("form.closed")}</Alert>}
          <AverageCostStart
            shipment={shipment}
            canEdit={canEdit}
            onUse={(amounts) => {
              for (const name of ["normal_amount", "fast_amount"] as const) {
                form.setValue(name, amounts[name], { shouldDirty: true, shouldValidate: true });
              }
            }}
          />
          {amountField("pickup_amount")}
          {serviceFields("fast")}
          {serviceFields("normal")}
          {existing ? (
            <>
              <Divider />
              <QuotationDetailsView details={existing.details} isExpired={existing.is_expired} />
            </>
          ) : (
            <>
              <Controller
                control={form.control}
                name="inclusions"
                render={({ field }) => (
                  <FormControl component="fieldset" disabled={!canEdit} error={!!errors.inclusions}>
                    <FormLabel component="legend" sx={{ mb: 0.5 }}>
                      {t("form.includes")}
                    </FormLabel>
                    <FormGroup>
                      {QUOTE_INCLUSIONS.map((code) => (
                        <FormControlLabel
                          key={code}
                          label={t(`inclusions.${code}`)}
                          control={
                            <Checkbox
                              size="small"
                              checked={(field.value ?? []).includes(code)}
                              onChange={(event) =>
                                field.onChange(
                                  event.target.checked
                                    ? [...(field.value ?? []), code]
                                    : (field.value ?? []).filter((item) => item !== code),
                                )
                              }
                            />
                          }
                        />
                      ))}
                    </FormGroup>
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: "flex", alignItems: "center", gap: 1, mt: 0.5, pl: 0.5 }}
                    >
                      <BlockIcon fontSize="small" aria-hidden />
                      {english ? DUTIES_EXCLUDED : t("dutiesExcluded")}
                    </Typography>
                    {errors.inclusions && (
                      <FormHelperText>{shown(errors.inclusions.message)}</FormHelperText>
                    )}
                  </FormControl>
                )}
              />
              <TextField
                label={t("form.validUntil")}
                type="date"
                required
                disabled={!canEdit}
                {...form.register("valid_until")}
                value={String(values.valid_until ?? "")}
                error={!!errors.valid_until}
                helperText={
                  shown(errors.valid_until?.message) ??
                  t("form.validUntilHelp", { days: DEFAULT_BID_VALIDITY_DAYS })
                }
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: windowEnd } }}
              />
              <TextField
                label={t("form.note")}
                multiline
                minRows={2}
                disabled={!canEdit}
                {...form.register("note")}
                value={String(values.note ?? "")}
                error={!!errors.note}
                helperText={
                  shown(errors.note?.message) ??
                  t("form.noteCount", { length: String(values.note ?? "").length })
                }
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </>
          )}
          <LiveTotal total={liveTotal(values)} kg={kg} />
          {canEdit && (
            <Box>
              <Button type="submit" variant="contained" disabled={create.isPending}>
                {t("form.submit")}
              </Button>
            </Box>
          )}
        </Stack>
      </Box>
      <ConfirmDialog
        open={toConfirm !== null}
        title={t("form.confirmTitle")}
        message={t("form.confirmMessage")}
        confirmLabel={t("form.confirm")}
        cancelLabel={t("form.back")}
        maxWidth="sm"
        busy={create.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setToConfirm(null)}
      >
        {toConfirm && (
          <Stack spacing={2}>
            <QuotationAmounts
              quotation={bidPreview({
                shipment: toConfirm.shipment,
                pickup_amount: toConfirm.pickup_amount,
                fast_amount: toConfirm.fast_amount ?? undefined,
                normal_amount: toConfirm.normal_amount ?? undefined,
              })}
            />
            <Divider />
            <QuotationDetailsView details={detailsOf(toConfirm)} />
          </Stack>
        )}
      </ConfirmDialog>
    </Panel>
  );
}
