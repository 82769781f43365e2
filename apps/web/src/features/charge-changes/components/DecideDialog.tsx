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
  DECISION_OUTCOMES,
  decideChargeChangeInputSchema,
  amountInputPreview,
  normalizeAmountInput,
  type ChargeChange,
  type DecideChargeChangeData,
  type DecideChargeChangeInput,
} from "@fba/contract";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { useAnswerChargeChange } from "../api/charge-change";
import { useServerMessage } from "../../../i18n/server-messages";
import { useChargeLabels } from "../lib/charge-labels";

const FIELDS = ["outcome", "amount", "note"] as const;

/** An admin settles a dispute: the bid total, the final amount, or an amount in between. */
export function DecideDialog({ change, onClose }: { change: ChargeChange; onClose: () => void }) {
  const labels = useChargeLabels();
  const { t, usd } = labels;
  const serverMessage = useServerMessage();
  const answer = useAnswerChargeChange(change.shipment);
  const form = useForm<DecideChargeChangeInput, unknown, DecideChargeChangeData>({
    resolver: zodResolver(decideChargeChangeInputSchema),
    defaultValues: { outcome: "bid_total", amount: "", note: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const outcome = useWatch({ control: form.control, name: "outcome" });
  const typedAmount = useWatch({ control: form.control, name: "amount" });
  const preview = typeof typedAmount === "string" ? amountInputPreview(typedAmount) : null;
  // The preview is "$1,850.50": the same amount in the reader's format.
  const storedAs = preview && usd(preview.replace(/[$,]/g, ""));
  const amountOf = {
    bid_total: usd(change.bid_total),
    final_amount: usd(change.final_amount),
    between: t("decide.range", { from: usd(change.bid_total), to: usd(change.final_amount) }),
  };

  const onSubmit = form.handleSubmit(async (decision) => {
    // Only an amount in between is typed; the other outcomes name theirs.
    const amount = decision.outcome === "between" ? decision.amount : undefined;
    try {
      const res = await answer.mutateAsync({
        action: "decide",
        decision: { ...decision, amount },
      });
      notify.success(serverMessage(res.message) ?? res.message);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) toastApiError(error);
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="decide-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="decide-title">{t("decide.title", { id: change.shipment })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            {t("decide.intro", {
              difference: usd(change.difference),
              reason: change.dispute_reason,
            })}
          </DialogContentText>
          <Stack spacing={2}>
            <Controller
              control={form.control}
              name="outcome"
              render={({ field }) => (
                <RadioGroup
                  aria-label={t("decide.outcome")}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  {DECISION_OUTCOMES.map((value) => (
                    <FormControlLabel
                      key={value}
                      value={value}
                      control={<Radio />}
                      label={t("decide.option", {
                        label: t(`outcomes.${value}`),
                        amount: amountOf[value],
                      })}
                    />
                  ))}
                </RadioGroup>
              )}
            />
            {outcome === "between" && (
              <TextField
                label={t("decide.amount")}
                required
                {...form.register("amount", {
                  // "$1,850.50" is sent as "1850.50"; the rules then check what is sent.
                  setValueAs: (value: unknown) =>
                    typeof value === "string" ? normalizeAmountInput(value) : value,
                })}
                error={!!errors.amount}
                helperText={
                  serverMessage(errors.amount?.message) ??
                  t(storedAs ? "decide.helpStored" : "decide.help", {
                    stored: storedAs,
                    from: usd(change.bid_total),
                    to: usd(change.final_amount),
                  })
                }
                slotProps={{ htmlInput: { inputMode: "decimal", maxLength: 14 } }}
              />
            )}
            <TextField
              label={t("decide.note")}
              required
              fullWidth
              multiline
              minRows={3}
              {...form.register("note")}
              error={!!errors.note}
              helperText={serverMessage(errors.note?.message)}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("decide.back")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t("decide.record")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
