import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from "@mui/material";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  DECISION_OUTCOME_LABELS,
  DECISION_OUTCOMES,
  decideChargeChangeInputSchema,
  amountInputPreview,
  formatUsd,
  normalizeAmountInput,
  type ChargeChange,
  type DecideChargeChangeData,
  type DecideChargeChangeInput,
} from "@fba/contract";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { useAnswerChargeChange } from "../api/charge-change";

const FIELDS = ["outcome", "amount", "note"] as const;

/** An admin settles a dispute: the bid total, the final amount, or an amount in between. */
export function DecideDialog({ change, onClose }: { change: ChargeChange; onClose: () => void }) {
  const answer = useAnswerChargeChange(change.shipment);
  const form = useForm<DecideChargeChangeInput, unknown, DecideChargeChangeData>({
    resolver: zodResolver(decideChargeChangeInputSchema),
    defaultValues: { outcome: "bid_total", amount: "", note: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const outcome = useWatch({ control: form.control, name: "outcome" });
  const typedAmount = useWatch({ control: form.control, name: "amount" });
  const storedAs = typeof typedAmount === "string" ? amountInputPreview(typedAmount) : null;
  const amountOf = {
    bid_total: formatUsd(change.bid_total),
    final_amount: formatUsd(change.final_amount),
    between: `${formatUsd(change.bid_total)} to ${formatUsd(change.final_amount)}`,
  };

  const onSubmit = form.handleSubmit(async (decision) => {
    // Only an amount in between is typed; the other outcomes name theirs.
    const amount = decision.outcome === "between" ? decision.amount : undefined;
    try {
      const res = await answer.mutateAsync({
        action: "decide",
        decision: { ...decision, amount },
      });
      notify.success(res.message);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) toastApiError(error);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="decide-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="decide-title">
          Decide the dispute on shipment #{change.shipment}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            The seller disputes {formatUsd(change.difference)} above the accepted bid:{" "}
            {change.dispute_reason}
          </DialogContentText>
          <Stack spacing={2}>
            <Controller
              control={form.control}
              name="outcome"
              render={({ field }) => (
                <RadioGroup
                  aria-label="Outcome"
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  {DECISION_OUTCOMES.map((value) => (
                    <FormControlLabel
                      key={value}
                      value={value}
                      control={<Radio />}
                      label={`${DECISION_OUTCOME_LABELS[value]} (${amountOf[value]})`}
                    />
                  ))}
                </RadioGroup>
              )}
            />
            {outcome === "between" && (
              <TextField
                label="Amount"
                required
                {...form.register("amount", {
                  // "$1,850.50" is sent as "1850.50"; the rules then check what is sent.
                  setValueAs: (value: unknown) =>
                    typeof value === "string" ? normalizeAmountInput(value) : value,
                })}
                error={!!errors.amount}
                helperText={
                  errors.amount?.message ??
                  `${storedAs ? `Stored as ${storedAs}. ` : ""}From ${formatUsd(change.bid_total)} to ${formatUsd(change.final_amount)}`
                }
                slotProps={{ htmlInput: { inputMode: "decimal", maxLength: 14 } }}
              />
            )}
            <TextField
              label="Note to the seller and the agent"
              required
              fullWidth
              multiline
              minRows={3}
              {...form.register("note")}
              error={!!errors.note}
              helperText={errors.note?.message}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Back</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            Record decision
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
