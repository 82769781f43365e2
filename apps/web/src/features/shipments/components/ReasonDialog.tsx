import { useState } from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from "@mui/material";
import { useShipmentsT } from "../i18n";

/** Asks why (decline, cancel the winning bid, cancel a shipment) before doing it. */
export function ReasonDialog({
  open,
  title,
  text,
  confirmLabel,
  isRequired = true,
  isBusy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  isRequired?: boolean;
  isBusy?: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { t } = useShipmentsT();
  const submit = () => {
    const value = reason.trim();
    if (isRequired && !value) {
      setError(t("reason.required"));
      return;
    }
    onConfirm(value);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reason-title">
      <DialogTitle id="reason-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        <TextField
          label={t("reason.label")}
          autoFocus
          fullWidth
          multiline
          minRows={3}
          required={isRequired}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? `${reason.length}/500`}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("reason.back")}</Button>
        <Button variant="contained" color="error" onClick={submit} disabled={isBusy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
