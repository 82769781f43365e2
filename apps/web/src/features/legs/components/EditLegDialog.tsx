import { useMemo } from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from "@mui/material";
import { useForm, type Path, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { updateLegInputSchema, type Leg, type UpdateLegInput } from "@fba/contract";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { useUpdateLeg } from "../api/change-leg";
import { fromLocalInput, toLocalInput } from "../lib/leg-view";
import { useServerMessage } from "../../../i18n/server-messages";
import { useLegsT } from "../i18n";

/** The seller's Amazon references, or the agent's ETA, appointment and tracking number. */
export type LegFieldSet = "references" | "logistics";

interface EditLegValues {
  fba_shipment_id: string;
  amazon_reference_id: string;
  eta: string;
  appointment_id: string;
  appointment_at: string;
  tracking_number: string;
}

const SETS: Record<LegFieldSet, ReadonlyArray<keyof EditLegValues>> = {
  references: ["fba_shipment_id", "amazon_reference_id"],
  logistics: ["eta", "appointment_id", "appointment_at", "tracking_number"],
};

function initialValues(leg: Leg): EditLegValues {
  return {
    fba_shipment_id: leg.fba_shipment_id ?? "",
    amazon_reference_id: leg.amazon_reference_id ?? "",
    eta: leg.eta ?? "",
    appointment_id: leg.appointment_id ?? "",
    appointment_at: toLocalInput(leg.appointment_at).slice(0, 16),
    tracking_number: leg.tracking_number ?? "",
  };
}

/** Sends the set's fields only (a blank one clears it), as the contract reads them. */
function toInput(values: EditLegValues, fields: ReadonlyArray<keyof EditLegValues>) {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    input[field] =
      field === "appointment_at"
        ? (fromLocalInput(values.appointment_at) ?? (values.appointment_at ? "invalid" : null))
        : values[field];
  }
  return input;
}

const contractResolver = zodResolver(updateLegInputSchema);

/** The contract's rules and messages, on the set's fields as the contract reads them. */
function legResolver(
  fields: ReadonlyArray<keyof EditLegValues>,
): Resolver<EditLegValues, unknown, UpdateLegInput> {
  return (values, context, options) =>
    contractResolver(toInput(values, fields) as never, context, options as never) as never;
}

/** One leg's fields of one party, checked by the contract's rules and messages. */
export function EditLegDialog({
  shipmentId,
  leg,
  fieldSet,
  onClose,
}: {
  shipmentId: number;
  leg: Leg;
  fieldSet: LegFieldSet;
  onClose: () => void;
}) {
  const { t } = useLegsT();
  const shown = useServerMessage();
  const fields = SETS[fieldSet];
  const update = useUpdateLeg(shipmentId);
  const resolver = useMemo(() => legResolver(fields), [fields]);
  const form = useForm<EditLegValues, unknown, UpdateLegInput>({
    resolver,
    defaultValues: initialValues(leg),
  });
  const { errors, isSubmitting } = form.formState;
  const text = (name: keyof EditLegValues, label: string, extra: object = {}) => (
    <TextField
      label={label}
      {...form.register(name as Path<EditLegValues>)}
      error={!!errors[name]}
      helperText={shown(errors[name]?.message)}
      {...extra}
    />
  );

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const res = await update.mutateAsync({ legId: leg.id, input });
      notify.success(shown(res.message) ?? res.message);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, fields)) toastApiError(error);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-leg-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="edit-leg-title">
          {t(`edit.titles.${fieldSet}`)} · {leg.fc_code}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {fieldSet === "references" ? (
              <>
                {text("fba_shipment_id", t("edit.fbaShipmentId"), {
                  autoFocus: true,
                  placeholder: "FBA15ABCD1234",
                  slotProps: {
                    htmlInput: { maxLength: 20, autoCapitalize: "characters", spellCheck: false },
                  },
                })}
                {text("amazon_reference_id", t("edit.amazonReferenceId"), {
                  slotProps: { htmlInput: { maxLength: 100 } },
                })}
              </>
            ) : (
              <>
                {text("eta", t("edit.eta"), {
                  type: "date",
                  slotProps: { inputLabel: { shrink: true } },
                })}
                {text("appointment_id", t("edit.appointmentId"), {
                  slotProps: { htmlInput: { maxLength: 100 } },
                })}
                {text("appointment_at", t("edit.appointmentAt"), {
                  type: "datetime-local",
                  slotProps: { inputLabel: { shrink: true } },
                })}
                {text("tracking_number", t("edit.trackingNumber"), {
                  slotProps: { htmlInput: { maxLength: 40, spellCheck: false } },
                })}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("edit.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t("edit.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
