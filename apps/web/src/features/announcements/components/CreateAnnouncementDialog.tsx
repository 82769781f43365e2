import { useState, type FormEvent } from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { ANNOUNCEMENT_MESSAGE_MAX, ANNOUNCEMENT_TITLE_MAX } from "@fba/contract";
import { notify, toastApiError } from "../../../lib/toast";
import { useCreateAnnouncement } from "../api/announcements";
import { useAnnouncementsT } from "../i18n";
import { useServerMessage } from "../../../i18n/server-messages";

export function CreateAnnouncementDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useAnnouncementsT();
  const serverMessage = useServerMessage();
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const create = useCreateAnnouncement();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down("md"));

  const close = () => {
    if (create.isPending) return;
    setTitle("");
    setMessage("");
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A blank message is not sent.
    if (!message.trim() || create.isPending) return;
    create.mutate(
      { title: title.trim() || null, message: message.trim() },
      {
        onSuccess: (res) => {
          notify.success(serverMessage(res.message) ?? res.message);
          setTitle("");
          setMessage("");
          onClose();
        },
        onError: toastApiError,
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t("dialog.title")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("dialog.titleField")}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_TITLE_MAX } }}
              autoFocus
              fullWidth
            />
            <TextField
              label={t("dialog.message")}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_MESSAGE_MAX } }}
              multiline
              minRows={5}
              maxRows={12}
              required
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={create.isPending}>
            {t("dialog.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={!message.trim() || create.isPending}>
            {t("dialog.send")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
