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
  formatUsd,
  type ChargeChange,
  type DisputeChargeChangeInput,
} from "@fba/contract";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { useAnswerChargeChange } from "../api/charge-change";

const REASON_MAX = 1000;

/** The seller says why the final amount is wrong; an admin decides. */
export function DisputeDialog({ change, onClose }: { change: ChargeChange; onClose: () => void }) {
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
      notify.success(res.message);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ["reason"])) toastApiError(error);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="dispute-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="dispute-title">Dispute the final amount</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The agent set {formatUsd(change.final_amount)}, {formatUsd(change.difference)} above the
            accepted bid of {formatUsd(change.bid_total)}. Tell us why it is wrong: an admin reads
            both sides and decides an amount from the bid total to the final amount.
          </DialogContentText>
          <TextField
            label="Why do you dispute it?"
            autoFocus
            fullWidth
            multiline
            minRows={3}
            required
            {...form.register("reason")}
            error={!!errors.reason}
            helperText={errors.reason?.message ?? `${typed.length}/${REASON_MAX}`}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Back</Button>
          <Button type="submit" variant="contained" color="warning" disabled={isSubmitting}>
            Send dispute
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
