import { zodResolver } from "@hookform/resolvers/zod";
import CloseIcon from "@mui/icons-material/Close";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
} from "@mui/material";
import { Controller, useForm } from "react-hook-form";
import {
  createSampleShipmentInputSchema,
  type CreateSampleShipmentData,
  type CreateSampleShipmentInput,
  SAMPLE_ADDRESS_MAX,
  SAMPLE_PRODUCT_NAME_MAX,
  SAMPLE_QUANTITY_MAX_DIGITS,
} from "@fba/contract";
import { applyFieldErrors, notify, toastApiError } from "../../../lib/toast";
import { useCreateSampleShipment } from "../api/create-sample-shipment";
import { useSamplesT } from "../i18n";
import { useServerMessage } from "../../../i18n/server-messages";

export interface SampleShipmentDialogProps {
  open: boolean;
  onClose: () => void;
}

const EMPTY: CreateSampleShipmentInput = { product_name: "", quantity: "", address: "" };
const FIELDS = ["product_name", "quantity", "address"] as const;

/** The sample shipment request dialog (product name, quantity, address). */
export function SampleShipmentDialog({ open, onClose }: SampleShipmentDialogProps) {
  const createSample = useCreateSampleShipment();
  const {
    control,
    handleSubmit,
    reset,
    setError,
    trigger,
    formState: { isValid },
  } = useForm<CreateSampleShipmentInput, unknown, CreateSampleShipmentData>({
    mode: "onChange",
    defaultValues: EMPTY,
    // The contract schema trims the text and turns the quantity into a number.
    resolver: zodResolver(createSampleShipmentInputSchema),
  });

  // Leaving a field checks them all: Submit stays disabled until the form is valid (spec), so
  // every reason shows at once rather than one field at a time.
  const checkAllOnBlur = (onBlur: () => void) => () => {
    onBlur();
    void trigger();
  };

  const { t } = useSamplesT();
  const serverMessage = useServerMessage();
  // Contract messages in the language shown; " " keeps each field's helper line.
  const helper = (message: string | undefined) => serverMessage(message) ?? " ";

  const close = () => {
    if (createSample.isPending) return;
    reset(EMPTY);
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    try {
      const res = await createSample.mutateAsync(values);
      notify.success(serverMessage(res.message) ?? res.message);
      reset(EMPTY);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, setError, FIELDS)) toastApiError(error);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="sample-dialog-title"
    >
      <DialogTitle id="sample-dialog-title" sx={{ pr: 6 }}>
        {t("form.title")}
      </DialogTitle>
      <IconButton
        aria-label={t("form.close")}
        onClick={close}
        sx={{ position: "absolute", right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Controller
              name="product_name"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  onBlur={checkAllOnBlur(field.onBlur)}
                  label={t("form.productName")}
                  required
                  autoFocus
                  error={Boolean(fieldState.error)}
                  helperText={helper(fieldState.error?.message)}
                  slotProps={{ htmlInput: { maxLength: SAMPLE_PRODUCT_NAME_MAX } }}
                />
              )}
            />
            <Controller
              name="quantity"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  // Kept as typed: "1.5" is refused with a message, never turned into 15.
                  {...field}
                  onBlur={checkAllOnBlur(field.onBlur)}
                  label={t("form.quantity")}
                  required
                  error={Boolean(fieldState.error)}
                  helperText={helper(fieldState.error?.message)}
                  slotProps={{
                    htmlInput: {
                      maxLength: SAMPLE_QUANTITY_MAX_DIGITS,
                      inputMode: "numeric",
                      pattern: "[0-9]*",
                    },
                  }}
                />
              )}
            />
            <Controller
              name="address"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  onBlur={checkAllOnBlur(field.onBlur)}
                  label={t("form.address")}
                  required
                  multiline
                  minRows={2}
                  error={Boolean(fieldState.error)}
                  helperText={helper(fieldState.error?.message)}
                  slotProps={{ htmlInput: { maxLength: SAMPLE_ADDRESS_MAX } }}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} disabled={createSample.isPending}>
            {t("form.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={!isValid || createSample.isPending}>
            {t("form.submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
