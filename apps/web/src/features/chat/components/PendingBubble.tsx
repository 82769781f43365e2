import { memo, useId } from "react";
import { Box, Button, CircularProgress, Stack, Typography } from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import ErrorOutline from "@mui/icons-material/ErrorOutline";
import Refresh from "@mui/icons-material/Refresh";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import type { PendingMessage } from "../lib/outbox";
import { useChatT } from "../i18n";
import { useChatNote } from "../lib/use-chat-note";

export const NOT_SENT_LABEL = "Not sent";

interface PendingBubbleProps {
  entry: PendingMessage;
  onRetry: (clientId: string) => void;
  onDelete: (clientId: string) => void;
}

/** A message of the author's that the server has not stored yet: on their side, marked as such. */
export const PendingBubble = memo(function PendingBubble({
  entry,
  onRetry,
  onDelete,
}: PendingBubbleProps) {
  const { t } = useChatT();
  const note = useChatNote();
  const textId = useId();
  const sending = entry.state === "sending";
  return (
    <Box
      sx={{ display: "flex", flexDirection: "row-reverse", alignItems: "flex-start" }}
      data-testid="chat-pending-message"
      data-state={entry.state}
    >
      <Box sx={{ maxWidth: { xs: "85%", md: "70%" }, minWidth: 0 }}>
        <Typography
          variant="caption"
          sx={{ fontWeight: 700, display: "block", textAlign: "right", mb: 0.25, px: 0.5 }}
        >
          {t("message.you")}
        </Typography>
        <Box
          id={textId}
          sx={{
            px: 1.5,
            py: 1,
            borderRadius: 2,
            borderTopRightRadius: 4,
            bgcolor: "background.paper",
            color: "text.primary",
            border: 1,
            borderStyle: sending ? "solid" : "dashed",
            borderColor: sending ? "divider" : "error.main",
            overflowWrap: "anywhere",
          }}
        >
          {entry.reply_to && (
            <Box
              sx={{
                borderLeft: 3,
                borderColor: "primary.main",
                bgcolor: "rgba(11,61,145,0.06)",
                borderRadius: 0.5,
                px: 1,
                py: 0.5,
                mb: 0.5,
              }}
            >
              <Typography variant="caption" sx={{ fontWeight: 700, display: "block" }}>
                {entry.reply_to.sender_name}
              </Typography>
              <Typography variant="caption" noWrap sx={{ display: "block" }}>
                {entry.reply_to.content}
              </Typography>
            </Box>
          )}
          {entry.text && (
            <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
              {entry.text}
            </Typography>
          )}
          {entry.attachment && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", mt: 0.5 }}>
              <AttachFile fontSize="small" color="action" />
              <Typography variant="caption" noWrap>
                {entry.attachment.file_name}
              </Typography>
            </Stack>
          )}
        </Box>
        {sending ? (
          <Stack
            direction="row"
            spacing={0.75}
            sx={{ justifyContent: "flex-end", alignItems: "center", mt: 0.5, px: 0.5 }}
          >
            <CircularProgress size={12} aria-hidden />
            <Typography variant="caption" color="text.secondary">
              Sending…
            </Typography>
          </Stack>
        ) : (
          <Stack
            direction="row"
            sx={{
              justifyContent: "flex-end",
              alignItems: "center",
              flexWrap: "wrap",
              columnGap: 0.5,
              mt: 0.25,
            }}
          >
            <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", minWidth: 0 }}>
              <ErrorOutline sx={{ fontSize: 16 }} color="error" aria-hidden />
              <Typography
                variant="caption"
                color="error"
                sx={{ fontWeight: 700 }}
                data-testid="not-sent-label"
              >
                {t("pending.notSent")}
                {entry.error ? ` · ${note(entry.error)}` : ""}
              </Typography>
            </Stack>
            <Stack direction="row">
              <Button
                size="small"
                startIcon={<Refresh fontSize="small" />}
                onClick={() => onRetry(entry.client_id)}
                aria-describedby={textId}
                sx={{ minWidth: 0, py: 0, px: 1 }}
              >
                {t("pending.retry")}
              </Button>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutline fontSize="small" />}
                onClick={() => onDelete(entry.client_id)}
                aria-describedby={textId}
                sx={{ minWidth: 0, py: 0, px: 1 }}
              >
                {t("pending.delete")}
              </Button>
            </Stack>
          </Stack>
        )}
      </Box>
    </Box>
  );
});
