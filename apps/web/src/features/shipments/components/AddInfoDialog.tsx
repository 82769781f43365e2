import { useState } from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  TRACKING_CARRIERS,
  TRACKING_CARRIER_LABELS,
  addShipmentInfoWithVarianceSchema,
  amountInputPreview,
  chargeChangeMessages,
  normalizeAmountInput,
  type AddShipmentInfoWithVarianceData,
  type AddShipmentInfoWithVarianceInput,
  type QuotationOrEmpty,
  type TrackingCarrier,
} from "@fba/contract";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { useUpdateShipmentInfo } from "../api/update-shipment";
import type { Shipment } from "../../../entities/shipment/api/types";
import { useTrackingDetection } from "./use-tracking-detection";
import { useShipmentsT } from "../i18n";
import { useServerMessage } from "../../../i18n/server-messages";
import { VarianceFields, varianceOf, type EvidenceOption } from "./VarianceFields";

const FIELDS = [
  "final_amount",
  "tracking_number",
  "variance_reason",
  "variance_note",
  "evidence_document_id",
] as const;
/** The carrier list's choice for "none of these": the link goes to a multi-carrier tracker. */
const OTHER = "other";

function initial(value: unknown): string {
  if (value === null || value === undefined) return "";
  return String(value);
}

/** "Add info" until the order has a final amount or a tracking number, then "Edit info". */
export function infoActionLabel(
  shipment: Pick<Shipment, "final_amount" | "tracking_number">,
): "Add info" | "Edit info" {
  const has = (value: unknown) => value !== null && value !== undefined && String(value) !== "";
  return has(shipment.final_amount) || has(shipment.tracking_number) ? "Edit info" : "Add info";
}

/**
 * The winning agent records the final amount, the tracking number and, if unsure, its carrier.
 * A final amount above the accepted bid also asks why, with the order's documents as evidence
 * where the page hands them in (`evidence`).
 */
export function AddInfoDialog({
  shipment,
  open,
  onClose,
  onSaved,
  evidence,
}: {
  shipment: Pick<Shipment, "id" | "final_amount" | "tracking_number"> & {
    tracking_carrier?: TrackingCarrier | null;
    quotation?: QuotationOrEmpty;
  };
  open: boolean;
  onClose: () => void;
  onSaved?: () => void;
  evidence?: EvidenceOption[];
}) {
  const { t } = useShipmentsT();
  const shown = useServerMessage();
  const update = useUpdateShipmentInfo(shipment.id);
  const form = useForm<AddShipmentInfoWithVarianceInput, unknown, AddShipmentInfoWithVarianceData>({
    resolver: zodResolver(addShipmentInfoWithVarianceSchema),
    values: {
      final_amount: initial(shipment.final_amount),
      tracking_number: initial(shipment.tracking_number),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const typed = String(useWatch({ control: form.control, name: "tracking_number" }) ?? "");
  const detection = useTrackingDetection(typed);
  const detected = detection?.sure ? detection.carrier : null;
  // Unsure: the agent picks; the likeliest carrier (or the one saved before) is offered first.
  const [picked, setPicked] = useState<TrackingCarrier | typeof OTHER | "">(
    shipment.tracking_carrier ?? "",
  );
  const askCarrier = typed.trim() !== "" && detection !== undefined && !detection.sure;
  const carrierChoice = picked || detection?.carrier || "";
  const amount = String(useWatch({ control: form.control, name: "final_amount" }) ?? "");
  const variance = varianceOf(amount, shipment.final_amount, shipment.quotation);
  const storedAs = amountInputPreview(amount);

  const onSubmit = form.handleSubmit(async (values) => {
    const { variance_reason, variance_note, evidence_document_id, ...info } = values;
    if (variance && !variance_reason) {
      form.setError("variance_reason", { message: chargeChangeMessages.reasonInvalid });
      return;
    }
    // Why, only when the amount is above the bid (the fields are not on screen otherwise).
    const why = variance ? { variance_reason, variance_note, evidence_document_id } : {};
    const tracking_carrier = askCarrier
      ? carrierChoice === OTHER || carrierChoice === ""
        ? null
        : carrierChoice
      : undefined;
    try {
      const res = await update.mutateAsync({ ...info, ...why, tracking_carrier });
      notify.success(res.message);
      onSaved?.();
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) toastApiError(error);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="add-info-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="add-info-title">
          {infoActionLabel(shipment) === "Edit info"
            ? t("addInfo.titleEdit")
            : t("addInfo.titleAdd")}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("addInfo.finalAmount")}
              autoFocus
              {...form.register("final_amount", {
                // "$1,850.50" is sent as "1850.50"; the spec's rules then check what is sent.
                setValueAs: (value: unknown) =>
                  typeof value === "string" ? normalizeAmountInput(value) : value,
              })}
              error={!!errors.final_amount}
              helperText={
                shown(errors.final_amount?.message) ??
                (storedAs ? t("addInfo.storedAs", { amount: storedAs }) : t("addInfo.inUsd"))
              }
              slotProps={{ htmlInput: { inputMode: "decimal", maxLength: 30 } }}
            />
            <TextField
              label={t("addInfo.tracking")}
              {...form.register("tracking_number")}
              error={!!errors.tracking_number}
              helperText={
                shown(errors.tracking_number?.message) ??
                (detected
                  ? t("addInfo.carrierIs", { carrier: TRACKING_CARRIER_LABELS[detected] })
                  : t("addInfo.trackingHelp"))
              }
              slotProps={{
                htmlInput: { autoCapitalize: "characters", spellCheck: false, maxLength: 60 },
                formHelperText: { "aria-live": "polite" },
              }}
            />
            {askCarrier && (
              <TextField
                select
                label={t("addInfo.carrier")}
                value={carrierChoice}
                onChange={(event) => setPicked(event.target.value as TrackingCarrier)}
                helperText={t("addInfo.carrierHelp")}
              >
                {TRACKING_CARRIERS.map((carrier) => (
                  <MenuItem key={carrier} value={carrier}>
                    {TRACKING_CARRIER_LABELS[carrier]}
                  </MenuItem>
                ))}
                <MenuItem value={OTHER}>{t("addInfo.otherCarrier")}</MenuItem>
              </TextField>
            )}
            {variance && <VarianceFields form={form} variance={variance} evidence={evidence} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("addInfo.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t("addInfo.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
