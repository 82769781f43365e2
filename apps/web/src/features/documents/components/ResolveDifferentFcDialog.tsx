import { useState } from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from "@mui/material";
import { differentFcMessages, type Leg } from "@fba/contract";
import { ApiError } from "../../../lib/api-client";
import { formatApiError } from "../../../lib/toast";
import { useServerMessage } from "../../../i18n/server-messages";
import { useDocumentsT } from "../i18n";

/** An admin's note on how a delivery to another FC was settled. */
export function ResolveDifferentFcDialog({
  leg,
  busy,
  onResolve,
  onClose,
}: {
  leg: Leg;
  busy: boolean;
  onResolve: (note: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useDocumentsT();
  const shown = useServerMessage();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!note.trim()) {
      setError(differentFcMessages.noteRequired);
      return;
    }
    try {
      await onResolve(note);
    } catch (caught) {
      const field =
        caught instanceof ApiError ? caught.errors.find((e) => e.field === "note") : undefined;
      setError(field?.message ?? formatApiError(caught));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`resolve-${leg.id}`}>
      <DialogTitle id={`resolve-${leg.id}`}>
        {t("differentFc.dialogTitle", { fc: leg.delivered_fc_code ?? "" })}
      </DialogTitle>
      <DialogContent>
        <TextField
          label={t("differentFc.how")}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={shown(error ?? undefined) ?? t("differentFc.sellerIsTold")}
          multiline
          minRows={3}
          fullWidth
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t("differentFc.cancel")}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {t("differentFc.resolve")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
