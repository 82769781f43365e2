import { Alert, MenuItem, Stack, TextField } from "@mui/material";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import {
  amountOfCents,
  centsOf,
  formatUsd,
  VARIANCE_REASON_LABELS,
  VARIANCE_REASONS,
  type AddShipmentInfoWithVarianceData,
  type AddShipmentInfoWithVarianceInput,
} from "@fba/contract";
import { hasQuotation, type QuotationOrEmpty } from "../../../entities/shipment/api/types";
import { boughtService, serviceTotalOf } from "../../../entities/shipment/lib/quotation";
import { useShipmentsT } from "../i18n";
import { useFormat } from "../../../i18n/use-format";
import { useServerMessage } from "../../../i18n/server-messages";

/** An order document the agent may attach as evidence. */
export interface EvidenceOption {
  id: number;
  label: string;
}

export interface Variance {
  bidTotal: string;
  difference: string;
}

type InfoForm = UseFormReturn<
  AddShipmentInfoWithVarianceInput,
  unknown,
  AddShipmentInfoWithVarianceData
>;

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;

/** The accepted bid's total: pickup plus the service the seller bought. */
export function acceptedBidTotal(quotation: QuotationOrEmpty | undefined): string | null {
  if (!hasQuotation(quotation) || quotation.is_accepted !== true) return null;
  const service = boughtService(quotation);
  return service ? serviceTotalOf(quotation, service) : quotation.total_amount;
}

/**
 * How far a typed final amount is above the accepted bid, when it is and it is not the amount
 * already saved (saving the tracking number again asks nothing new).
 */
export function varianceOf(
  typed: string,
  saved: string | null | undefined,
  quotation: QuotationOrEmpty | undefined,
): Variance | null {
  const bidTotal = acceptedBidTotal(quotation);
  const amount = typed.trim();
  if (bidTotal === null || !MONEY.test(amount)) return null;
  if (saved && MONEY.test(saved) && centsOf(saved) === centsOf(amount)) return null;
  const difference = centsOf(amount) - centsOf(bidTotal);
  return difference > 0 ? { bidTotal, difference: amountOfCents(difference) } : null;
}

/** Above the bid: why (from the list; a note for other) and, optionally, an order document. */
export function VarianceFields({
  form,
  variance,
  evidence,
}: {
  form: InfoForm;
  variance: Variance;
  evidence?: EvidenceOption[];
}) {
  const { t, i18n } = useShipmentsT();
  const format = useFormat();
  const shown = useServerMessage();
  const usd = (amount: string) =>
    i18n.language === "en" ? formatUsd(amount) : format.money(amount);
  const reasonLabel = (value: string) =>
    (t as unknown as (key: string, options: { defaultValue: string }) => string)(
      `variance.reasons.${value}`,
      {
        defaultValue: VARIANCE_REASON_LABELS[value as keyof typeof VARIANCE_REASON_LABELS] ?? value,
      },
    );
  const { errors } = form.formState;
  const reason = useWatch({ control: form.control, name: "variance_reason" });
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        {t("variance.above", { difference: usd(variance.difference), bid: usd(variance.bidTotal) })}
      </Alert>
      <Controller
        control={form.control}
        name="variance_reason"
        render={({ field }) => (
          <TextField
            select
            required
            label={t("variance.reason")}
            value={field.value ?? ""}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            error={!!errors.variance_reason}
            helperText={shown(errors.variance_reason?.message)}
          >
            {VARIANCE_REASONS.map((value) => (
              <MenuItem key={value} value={value}>
                {reasonLabel(value)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label={reason === "other" ? t("variance.note") : t("variance.noteOptional")}
        required={reason === "other"}
        multiline
        minRows={2}
        {...form.register("variance_note")}
        error={!!errors.variance_note}
        helperText={shown(errors.variance_note?.message)}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      {evidence && (
        <Controller
          control={form.control}
          name="evidence_document_id"
          render={({ field }) => (
            <TextField
              select
              label={t("variance.evidence")}
              value={field.value === undefined || field.value === null ? "" : String(field.value)}
              onChange={(event) =>
                field.onChange(event.target.value === "" ? undefined : Number(event.target.value))
              }
              error={!!errors.evidence_document_id}
              helperText={
                shown(errors.evidence_document_id?.message) ??
                (evidence.length === 0 ? t("variance.evidenceNone") : t("variance.evidenceHelp"))
              }
            >
              <MenuItem value="">{t("variance.none")}</MenuItem>
              {evidence.map((option) => (
                <MenuItem key={option.id} value={String(option.id)}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
    </Stack>
  );
}
