import type { ReactNode } from "react";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from "@mui/material";
import { useComponentsT } from "./i18n";

export interface ConfirmDialogProps {
  open: boolean;
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  /** What is being confirmed in detail (amounts, a choice), under the message. */
  children?: ReactNode;
  maxWidth?: "xs" | "sm";
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question; the answer buttons default to Yes and No. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
  children,
  maxWidth = "xs",
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useComponentsT();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-message"
      maxWidth={maxWidth}
      fullWidth
    >
      <DialogTitle id="confirm-dialog-title">{title ?? t("confirm.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-message">{message}</DialogContentText>
        {children && <Box sx={{ mt: 2 }}>{children}</Box>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {cancelLabel ?? t("confirm.no")}
        </Button>
        <Button onClick={onConfirm} variant="contained" disabled={busy} autoFocus>
          {confirmLabel ?? t("confirm.yes")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
