import { useMemo } from "react";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  legMessages,
  recordMilestoneInputSchema,
  type Leg,
  type Milestone,
  type MilestoneEvent,
  type RecordMilestoneInput,
  type TransportMode,
} from "@fba/contract";
import { ApiError } from "../../../lib/api-client";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { useRecordMilestone } from "../api/change-leg";
import { useServerMessage } from "../../../i18n/server-messages";
import { useLegText } from "../i18n";
import { fromLocalInput, nextMilestones, toLocalInput, TRANSPORT_MODES } from "../lib/leg-view";

export interface RecordFormValues {
  milestone: Milestone | "";
  occurred_at: string;
  location: string;
  note: string;
  mode: TransportMode | "";
  vessel_or_flight: string;
  delivered_fc_code: string;
}

const FIELDS = [
  "milestone",
  "occurred_at",
  "location",
  "note",
  "mode",
  "vessel_or_flight",
  "delivered_fc_code",
] as const;

/** The form's values as the contract reads them: a local time becomes an instant. */
function toInput(values: RecordFormValues, supersedes: number | undefined) {
  const departed = values.milestone === "departed_origin";
  const delivered = values.milestone === "delivered";
  return {
    milestone: values.milestone || undefined,
    occurred_at: fromLocalInput(values.occurred_at),
    location: values.location,
    note: values.note,
    mode: departed ? values.mode || undefined : undefined,
    vessel_or_flight: departed ? values.vessel_or_flight : undefined,
    delivered_fc_code: delivered ? values.delivered_fc_code || undefined : undefined,
    supersedes,
  };
}

const contractResolver = zodResolver(recordMilestoneInputSchema);

/** The contract's rules and messages, on the form's values as the contract reads them. */
function recordResolver(
  supersedes: number | undefined,
): Resolver<RecordFormValues, unknown, RecordMilestoneInput> {
  return (values, context, options) =>
    contractResolver(toInput(values, supersedes) as never, context, options as never) as never;
}

function defaults(leg: Leg, correcting: MilestoneEvent | undefined): RecordFormValues {
  return {
    milestone: correcting?.milestone ?? nextMilestones(leg)[0] ?? "",
    occurred_at: toLocalInput(correcting?.occurred_at ?? new Date()),
    location: correcting?.location ?? "",
    note: correcting?.note ?? "",
    mode: correcting?.mode ?? "",
    vessel_or_flight: correcting?.vessel_or_flight ?? "",
    delivered_fc_code: correcting?.delivered_fc_code ?? "",
  };
}

/**
 * The agent's (or an admin's) quick entry of a leg's next milestone, or the correction of one:
 * the milestone is then fixed and the corrected version stays in the history.
 */
export function RecordMilestoneDialog({
  shipmentId,
  leg,
  correcting,
  onClose,
}: {
  shipmentId: number;
  leg: Leg;
  correcting?: MilestoneEvent;
  onClose: () => void;
}) {
  const { t, milestone: milestoneName } = useLegText();
  const shown = useServerMessage();
  const record = useRecordMilestone(shipmentId);
  const resolver = useMemo(() => recordResolver(correcting?.id), [correcting?.id]);
  const form = useForm<RecordFormValues, unknown, RecordMilestoneInput>({
    resolver,
    defaultValues: defaults(leg, correcting),
  });
  const { errors, isSubmitting } = form.formState;
  const milestone = useWatch({ control: form.control, name: "milestone" });
  const mode = useWatch({ control: form.control, name: "mode" });
  const choices = correcting ? [correcting.milestone] : nextMilestones(leg);
  const title = correcting
    ? t("record.correctTitle", {
        label: milestoneName(correcting.milestone, correcting.label),
        fc: leg.fc_code,
      })
    : t("record.title", { fc: leg.fc_code });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const res = await record.mutateAsync({ legId: leg.id, input });
      notify.success(shown(res.message) ?? res.message);
      onClose();
    } catch (error) {
      const matched = applyFieldErrors(error, form.setError, FIELDS);
      // A refusal about the proof of delivery or the corrected event belongs to no field here.
      const others =
        error instanceof ApiError
          ? error.errors.filter(
              (item) => !item.field || !(FIELDS as readonly string[]).includes(item.field),
            )
          : [];
      if (others.length > 0) {
        form.setError("root.server", {
          message: others.map((item) => shown(item.message) ?? item.message).join("\n"),
        });
      } else if (!matched) {
        toastApiError(error);
      }
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="record-milestone-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="record-milestone-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label={t("record.milestone")}
              value={milestone}
              onChange={(event) =>
                form.setValue("milestone", event.target.value as Milestone, {
                  shouldValidate: form.formState.isSubmitted,
                })
              }
              disabled={Boolean(correcting)}
              error={!!errors.milestone}
              helperText={shown(errors.milestone?.message)}
            >
              {choices.map((choice) => (
                <MenuItem key={choice} value={choice}>
                  {t(`milestones.${choice}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t("record.when")}
              type="datetime-local"
              {...form.register("occurred_at")}
              error={!!errors.occurred_at}
              helperText={shown(errors.occurred_at?.message) ?? t("record.localTime")}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
            />
            <TextField
              label={t("record.location")}
              {...form.register("location")}
              error={!!errors.location}
              helperText={shown(errors.location?.message)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            {milestone === "departed_origin" && (
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <TextField
                  select
                  label={t("record.mode")}
                  value={mode}
                  onChange={(event) =>
                    form.setValue("mode", event.target.value as TransportMode, {
                      shouldValidate: form.formState.isSubmitted,
                    })
                  }
                  error={!!errors.mode}
                  helperText={shown(errors.mode?.message)}
                  sx={{ minWidth: 160 }}
                >
                  {TRANSPORT_MODES.map((mode) => (
                    <MenuItem key={mode} value={mode}>
                      {t(`modes.${mode}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label={t("record.vesselOrFlight")}
                  fullWidth
                  {...form.register("vessel_or_flight")}
                  error={!!errors.vessel_or_flight}
                  helperText={shown(errors.vessel_or_flight?.message)}
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                />
              </Stack>
            )}
            {milestone === "delivered" && (
              <>
                <TextField
                  label={t("record.deliveredFc")}
                  {...form.register("delivered_fc_code")}
                  error={!!errors.delivered_fc_code}
                  helperText={
                    shown(errors.delivered_fc_code?.message) ??
                    t("record.bookedFor", { fc: leg.fc_code })
                  }
                  slotProps={{ htmlInput: { maxLength: 10, autoCapitalize: "characters" } }}
                />
                {!errors.root?.server && (
                  <Alert severity="info">{shown(legMessages.podRequired)}</Alert>
                )}
              </>
            )}
            <TextField
              label={t("record.note")}
              multiline
              minRows={2}
              {...form.register("note")}
              error={!!errors.note}
              helperText={shown(errors.note?.message)}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            {errors.root?.server && (
              <Alert severity="error" sx={{ whiteSpace: "pre-line" }}>
                {errors.root.server.message}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("record.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {correcting ? t("record.saveCorrection") : t("record.record")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
