import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import {
  Alert,
  Box,
  Chip,
  CircularProgress,
  IconButton,
  InputBase,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import Close from "@mui/icons-material/Close";
import EditOutlined from "@mui/icons-material/EditOutlined";
import EmojiEmotionsOutlined from "@mui/icons-material/EmojiEmotionsOutlined";
import Reply from "@mui/icons-material/Reply";
import Send from "@mui/icons-material/Send";
import { ATTACHMENT_MAX_BYTES, CHAT_MESSAGE_MAX_LENGTH } from "@fba/contract";
import { fullName } from "../../../lib/names";
import { formatFileSize, shortenFileName } from "../lib/format";
import type { ChatMessage } from "@fba/contract";
import { EmojiPickerPopover } from "./EmojiPickerPopover";
import { useChatT } from "../i18n";

export type ComposerMode =
  | { kind: "normal" }
  | { kind: "editing"; message: ChatMessage }
  | { kind: "replying"; message: ChatMessage };

/** Send is offered only when there is something to send. */
export function canSubmit(text: string, hasAttachment: boolean, mode: ComposerMode): boolean {
  if (mode.kind === "editing") return text.trim().length > 0;
  return text.trim().length > 0 || hasAttachment;
}

export interface ComposerSubmit {
  text: string;
  file: File | null;
  mode: ComposerMode;
}

interface ComposerProps {
  mode: ComposerMode;
  onCancelMode: () => void;
  /** Resolves true when the message went out (the composer then clears). */
  onSubmit: (input: ComposerSubmit) => Promise<boolean>;
  connected: boolean;
  /**
   * New messages and replies may be sent while disconnected (they are kept and sent once the
   * connection is back); edits still need the connection.
   */
  sendsOffline?: boolean;
  /** Why the last edit or delete did not go through; shown above the box until dismissed. */
  notice?: string | null;
  onDismissNotice?: () => void;
}

function fileExtension(file: File): string {
  const dot = file.name.lastIndexOf(".");
  return dot > 0 ? file.name.slice(dot + 1) : "";
}

function fileBase(file: File): string {
  const dot = file.name.lastIndexOf(".");
  return dot > 0 ? file.name.slice(0, dot) : file.name;
}

export function Composer({
  mode,
  onCancelMode,
  onSubmit,
  connected,
  sendsOffline = false,
  notice = null,
  onDismissNotice,
}: ComposerProps) {
  const { t } = useChatT();
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [emojiAnchor, setEmojiAnchor] = useState<HTMLElement | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  // Entering edit mode loads the message text; leaving it clears the box.
  const editingId = mode.kind === "editing" ? mode.message.id : null;
  const [loadedEditId, setLoadedEditId] = useState<number | null>(null);
  if (editingId !== loadedEditId) {
    setLoadedEditId(editingId);
    if (mode.kind === "editing") {
      setText(mode.message.content);
      setFile(null);
    }
  }
  const modeKey = mode.kind === "normal" ? "normal" : `${mode.kind}-${mode.message.id}`;
  useEffect(() => {
    if (modeKey !== "normal") inputRef.current?.focus();
  }, [modeKey]);

  const canSendNow = connected || (sendsOffline && mode.kind !== "editing");
  const enabled = canSubmit(text, file !== null, mode) && !sending && canSendNow;

  const submit = async () => {
    if (!enabled) return;
    setSending(true);
    try {
      const sent = await onSubmit({ text: text.trim(), file, mode });
      if (sent) {
        setText("");
        setFile(null);
        setFileError(null);
      }
    } finally {
      setSending(false);
      inputRef.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
    if (event.key === "Escape" && mode.kind !== "normal") {
      event.preventDefault();
      cancelMode();
    }
  };

  const cancelMode = () => {
    if (mode.kind === "editing") setText("");
    onCancelMode();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = "";
    if (!picked) return;
    if (picked.size > ATTACHMENT_MAX_BYTES) {
      setFileError(t("composer.tooLarge", { size: formatFileSize(ATTACHMENT_MAX_BYTES) }));
      return;
    }
    setFileError(null);
    setFile(picked);
  };

  const insertEmoji = (emoji: string) => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? text.length;
    setText((current) => `${current.slice(0, start)}${emoji}${current.slice(end)}`);
  };

  return (
    <Box sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.paper", p: 1 }}>
      {notice && (
        <Alert
          severity="warning"
          onClose={onDismissNotice}
          sx={{ mb: 0.5, py: 0, "& .MuiAlert-message": { overflowWrap: "anywhere" } }}
          data-testid="composer-notice"
        >
          {notice}
        </Alert>
      )}
      {mode.kind !== "normal" && (
        <Stack
          direction="row"
          spacing={1}
          sx={{
            alignItems: "center",
            px: 1,
            py: 0.5,
            mb: 0.5,
            bgcolor: "action.hover",
            borderRadius: 1,
          }}
          data-testid="composer-mode"
        >
          {mode.kind === "editing" ? (
            <EditOutlined fontSize="small" color="primary" />
          ) : (
            <Reply fontSize="small" color="primary" />
          )}
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="caption" sx={{ fontWeight: 700, display: "block" }}>
              {mode.kind === "editing"
                ? t("composer.editing")
                : t("composer.replyingTo", { name: fullName(mode.message.sender) })}
            </Typography>
            <Typography variant="caption" noWrap sx={{ display: "block" }} color="text.secondary">
              {mode.message.content || (mode.message.attachment ? t("message.attachment") : "")}
            </Typography>
          </Box>
          <Tooltip title={t("composer.cancel")}>
            <IconButton size="small" aria-label={t("composer.cancel")} onClick={cancelMode}>
              <Close fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
      {file && (
        <Box sx={{ px: 1, pb: 0.5 }}>
          <Chip
            icon={<AttachFile />}
            label={`${shortenFileName(fileBase(file), fileExtension(file))} · ${formatFileSize(file.size)}`}
            onDelete={() => setFile(null)}
            aria-label={t("composer.attachmentOf", { name: file.name })}
          />
        </Box>
      )}
      {fileError && (
        <Typography variant="caption" color="error" sx={{ px: 1, display: "block" }} role="alert">
          {fileError}
        </Typography>
      )}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "flex-end" }}>
        <input ref={fileRef} type="file" hidden onChange={onFile} data-testid="chat-file-input" />
        <Tooltip title={t("composer.attach")}>
          <span>
            <IconButton
              aria-label={t("composer.attach")}
              onClick={() => fileRef.current?.click()}
              disabled={mode.kind === "editing" || sending}
            >
              <AttachFile />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t("composer.emoji")}>
          <IconButton
            aria-label={t("composer.insertEmoji")}
            onClick={(e) => setEmojiAnchor(e.currentTarget)}
          >
            <EmojiEmotionsOutlined />
          </IconButton>
        </Tooltip>
        <InputBase
          inputRef={inputRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={connected ? t("composer.placeholder") : t("composer.reconnecting")}
          multiline
          maxRows={5}
          inputProps={{ maxLength: CHAT_MESSAGE_MAX_LENGTH, "aria-label": t("composer.message") }}
          sx={{
            flex: 1,
            px: 1.5,
            py: 1,
            bgcolor: "action.hover",
            borderRadius: 2,
            fontSize: 14,
          }}
        />
        <Tooltip title={t("composer.send")}>
          <span>
            <IconButton
              color="primary"
              aria-label={t("composer.send")}
              onClick={() => void submit()}
              disabled={!enabled}
            >
              {sending ? <CircularProgress size={20} /> : <Send />}
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <EmojiPickerPopover
        anchorEl={emojiAnchor}
        onClose={() => setEmojiAnchor(null)}
        onPick={insertEmoji}
      />
    </Box>
  );
}
