import { zodResolver } from "@hookform/resolvers/zod";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  TextField,
} from "@mui/material";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { averageCostInputSchema, type AverageCost, type AverageCostInput } from "@fba/contract";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { useSaveAverageCost } from "../api/manage-average-costs";
import { useAverageCostsT } from "../i18n";
import { useServerMessage } from "../../../i18n/server-messages";

interface FormValues {
  warehouse_number: string;
  slow_cost: string;
  fast_cost: string;
  air_cost: string;
}

const COST_FIELDS = [
  { name: "slow_cost", column: "slow" },
  { name: "fast_cost", column: "fast" },
  { name: "air_cost", column: "air" },
] as const;
const FIELD_NAMES: (keyof FormValues)[] = [
  "warehouse_number",
  "slow_cost",
  "fast_cost",
  "air_cost",
];

/** Adds the agent's price per kg to one FC, or edits it when `cost` is given. */
export function AverageCostDialog({
  cost,
  onClose,
}: {
  cost: AverageCost | null;
  onClose: () => void;
}) {
  const { t } = useAverageCostsT();
  const shown = useServerMessage();
  const save = useSaveAverageCost();
  const { control, handleSubmit, setError } = useForm<FormValues>({
    mode: "onTouched",
    defaultValues: {
      warehouse_number: cost?.warehouse_number ?? "",
      slow_cost: cost?.slow_cost ?? "",
      fast_cost: cost?.fast_cost ?? "",
      air_cost: cost?.air_cost ?? "",
    },
    // The server's rules; what was typed is sent as typed (the server normalises it).
    resolver: zodResolver(averageCostInputSchema, undefined, {
      raw: true,
    }) as unknown as Resolver<FormValues>,
  });

  const submit = handleSubmit(async (values) => {
    const input: AverageCostInput = values;
    try {
      const res = await save.mutateAsync({ id: cost?.id ?? null, input });
      notify.success(res.message);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, setError, FIELD_NAMES)) toastApiError(error);
    }
  });

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="average-cost-dialog-title"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="average-cost-dialog-title">
          {cost ? t("editOf", { code: cost.warehouse_number }) : t("add")}
        </DialogTitle>
        <DialogContent dividers>
          <Box sx={{ display: "grid", rowGap: 1 }}>
            <Controller
              name="warehouse_number"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={t("dialog.warehouse")}
                  required
                  error={Boolean(fieldState.error)}
                  helperText={shown(fieldState.error?.message) ?? t("dialog.warehouseHelp")}
                  slotProps={{ htmlInput: { maxLength: 10 } }}
                />
              )}
            />
            {COST_FIELDS.map((f) => (
              <Controller
                key={f.name}
                name={f.name}
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label={t(`columns.${f.column}`)}
                    required
                    error={Boolean(fieldState.error)}
                    helperText={shown(fieldState.error?.message) ?? " "}
                    slotProps={{
                      htmlInput: { inputMode: "decimal", maxLength: 13 },
                      input: {
                        startAdornment: <InputAdornment position="start">$</InputAdornment>,
                        endAdornment: <InputAdornment position="end">/ kg</InputAdornment>,
                      },
                    }}
                  />
                )}
              />
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t("dialog.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t("dialog.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
