import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from "@mui/material";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  disputeChargeChangeInputSchema,
  type ChargeChange,
  type DisputeChargeChangeInput,
} from "@fba/contract";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { useAnswerChargeChange } from "../api/charge-change";
import { useServerMessage } from "../../../i18n/server-messages";
import { useChargeLabels } from "../lib/charge-labels";

const REASON_MAX = 1000;

/** The seller says why the final amount is wrong; an admin decides. */
export function DisputeDialog({ change, onClose }: { change: ChargeChange; onClose: () => void }) {
  const { t, usd } = useChargeLabels();
  const serverMessage = useServerMessage();
  const answer = useAnswerChargeChange(change.shipment);
  const form = useForm<DisputeChargeChangeInput, unknown, { reason: string }>({
    resolver: zodResolver(disputeChargeChangeInputSchema),
    defaultValues: { reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const typed = String(useWatch({ control: form.control, name: "reason" }) ?? "");

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      const res = await answer.mutateAsync({ action: "dispute", reason });
      notify.success(serverMessage(res.message) ?? res.message);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ["reason"])) toastApiError(error);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="dispute-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="dispute-title">{t("dispute.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t("dispute.intro", {
              final: usd(change.final_amount),
              difference: usd(change.difference),
              bid: usd(change.bid_total),
            })}
          </DialogContentText>
          <TextField
            label={t("dispute.reason")}
            autoFocus
            fullWidth
            multiline
            minRows={3}
            required
            {...form.register("reason")}
            error={!!errors.reason}
            helperText={serverMessage(errors.reason?.message) ?? `${typed.length}/${REASON_MAX}`}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("dispute.back")}</Button>
          <Button type="submit" variant="contained" color="warning" disabled={isSubmitting}>
            {t("dispute.send")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
