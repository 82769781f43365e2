import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from "@mui/material";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { addShipmentInfoInputSchema, type AddShipmentInfoInput } from "@fba/contract";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { useUpdateShipmentInfo } from "../api/update-shipment";
import type { Shipment } from "../../../entities/shipment/api/types";

const FIELDS = ["final_amount", "tracking_number"] as const;

function initial(value: unknown): string {
  if (value === null || value === undefined) return "";
  return String(value);
}

/** The winning agent records the final amount and the tracking number. */
export function AddInfoDialog({
  shipment,
  open,
  onClose,
  onSaved,
}: {
  shipment: Pick<Shipment, "id" | "final_amount" | "tracking_number">;
  open: boolean;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const update = useUpdateShipmentInfo(shipment.id);
  const form = useForm<
    AddShipmentInfoInput,
    unknown,
    { final_amount: string; tracking_number: string }
  >({
    resolver: zodResolver(addShipmentInfoInputSchema),
    values: {
      final_amount: initial(shipment.final_amount),
      tracking_number: initial(shipment.tracking_number),
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await update.mutateAsync(values);
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
        <DialogTitle id="add-info-title">Add Info</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Final amount"
              autoFocus
              {...form.register("final_amount")}
              error={!!errors.final_amount}
              helperText={errors.final_amount?.message}
              slotProps={{ htmlInput: { inputMode: "decimal", maxLength: 30 } }}
            />
            <TextField
              label="Tracking number"
              {...form.register("tracking_number")}
              error={!!errors.tracking_number}
              helperText={errors.tracking_number?.message}
              slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 30 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
