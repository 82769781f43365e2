import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from "@mui/material";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import { chatMessages } from "@fba/contract";
import { ApiError } from "../../../lib/api-client";
import { isRefusal } from "../../../components/AccessDenied";
import { QueryProblem } from "../../../components/query-state/QueryState";
import { useQueryView } from "../../../components/query-state/query-view";
import { fullName } from "../../../lib/names";
import type { ServerFrame } from "../../../lib/realtime";
import { useCurrentUser } from "../../../lib/session";
import { toastApiError } from "../../../lib/toast";
import { useChatHistory } from "../api/get-chat-history";
import { uploadAttachment } from "../api/upload-attachment";
import { useChatChannel, type ChatFrameObserver } from "../api/use-chat-channel";
import { useChatOutbox } from "../api/use-chat-outbox";
import { useChatT, useChatTimes } from "../i18n";
import { useServerMessage } from "../../../i18n/server-messages";
import { changeLock, editRefusedNote } from "../lib/message-lock";
import { useChatNote } from "../lib/use-chat-note";
import type { ChatMessage, ChatParty } from "@fba/contract";
import type { ChatPanelProps } from "../types";
import { Composer, type ComposerMode, type ComposerSubmit } from "./Composer";
import { EmojiPickerPopover } from "./EmojiPickerPopover";
import { MessageBubble, type MessageActions } from "./MessageBubble";
import { PendingBubble } from "./PendingBubble";
import { ChatHeader } from "./ChatHeader";
import { DayDivider } from "./DayDivider";
import { useChatScroll } from "./use-chat-scroll";
import { useMarkChatRead } from "./use-mark-chat-read";

export const EMPTY_CHAT_TEXT = chatMessages.emptyChat;

/** How long an edit waits for the server's answer before it is given back to the author. */
const EDIT_ANSWER_TIMEOUT_MS = 10_000;

/** What became of an edit: saved, refused with the server's reason, or no answer in time. */
type EditOutcome = { saved: true } | { saved: false; refusal: string | null };

/** The edit sent and not answered yet: settled by its message_edited frame or its refusal. */
interface PendingEdit {
  messageId: number;
  settle: (outcome: EditOutcome) => void;
}

const NO_EDIT_ANSWER =
  "No answer yet, so the edit may not be saved. Your text is still in the box: try again.";

/** Hidden on screen, read by screen readers. */
const visuallyHidden = {
  border: 0,
  clip: "rect(0 0 0 0)",
  height: "1px",
  margin: "-1px",
  overflow: "hidden",
  padding: 0,
  position: "absolute",
  whiteSpace: "nowrap",
  width: "1px",
} as const;

const OUTBOX_FULL =
  "Too many messages are waiting to be sent. Send or delete some first; your text is still in the box.";

/** The live chat of one order. */
export default function ChatView({ kind, id, side, canSend }: ChatPanelProps) {
  const { t } = useChatT();
  const note = useChatNote();
  const times = useChatTimes();
  const shown = useServerMessage();
  const user = useCurrentUser();
  const userId = user?.id ?? 0;
  const history = useChatHistory(kind, id);
  const { view: historyView } = useQueryView(history);
  const pendingEdit = useRef<PendingEdit | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The unsent messages see every frame first (their server copies and refusals).
  const outboxObserver = useRef<(frame: ServerFrame) => boolean>(() => false);
  const observe = useCallback<ChatFrameObserver>(
    (frame) => {
      if (outboxObserver.current(frame)) return true;
      const pending = pendingEdit.current;
      if (frame.event_type === "message_edited") {
        if (pending?.messageId === frame.data.id && frame.data.sender.id === userId) {
          pending.settle({ saved: true });
        }
        return false;
      }
      if (frame.event_type !== "error") return false;
      const { action, message_id: messageId, message } = frame.data;
      if (action === "edit_message" && pending && pending.messageId === messageId) {
        pending.settle({ saved: false, refusal: message });
        return true;
      }
      if (action === "edit_message" || action === "delete_message") {
        // Shown beside the message box, where a toast would cover it on a phone.
        setNotice(message);
        return true;
      }
      return false;
    },
    [userId],
  );
  const channel = useChatChannel(kind, id, Boolean(user), observe);
  const { send } = channel;
  const outbox = useChatOutbox({
    kind,
    id,
    user,
    status: channel.status,
    send,
    retryConnection: channel.retryNow,
  });
  useEffect(() => {
    outboxObserver.current = outbox.observe;
  }, [outbox.observe]);
  const [mode, setMode] = useState<ComposerMode>({ kind: "normal" });
  const [editInFlight, setEditInFlight] = useState(false);
  const [reactTarget, setReactTarget] = useState<{
    message: ChatMessage;
    anchor: HTMLElement;
  } | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<ChatMessage | null>(null);

  const data = history.data;
  const messages = useMemo(() => data?.messages ?? [], [data]);
  // Before any admin has posted the history names an admin with id 0 (for the existing client).
  const admin = data?.admin.id ? data.admin : null;
  const parties = useMemo(
    () => [data?.seller, data?.shipper, admin].filter((p): p is ChatParty => Boolean(p)),
    [data, admin],
  );
  const { scrollRef, isVisible, onScroll, stickToBottom } = useChatScroll(
    messages,
    userId,
    history.isSuccess,
    outbox.entries.length,
  );
  useMarkChatRead({ kind, id, data, isVisible, channelStatus: channel.status, send });

  // The message being edited was read (or deleted) meanwhile: the edit can no longer be saved.
  // The composer leaves edit mode but keeps the typed text, and says why.
  if (mode.kind === "editing" && !editInFlight) {
    const current = messages.find((m) => m.id === mode.message.id);
    const lock = current ? changeLock(current, parties) : "The message was deleted";
    if (lock) {
      setMode({ kind: "normal" });
      setNotice(editRefusedNote(lock));
    }
  }

  const actions: MessageActions = useMemo(
    () => ({
      onReply: (message) => setMode({ kind: "replying", message }),
      onEdit: (message) => {
        setNotice(null);
        setMode({ kind: "editing", message });
      },
      onDelete: (message) => setDeleteTarget(message),
      onReact: (message, anchor) => setReactTarget({ message, anchor }),
      onPickReaction: (message, reaction) =>
        send({ action: "add_reaction", user_id: userId, message_id: message.id, reaction }),
    }),
    [send, userId],
  );

  const onSubmit = useCallback(
    async ({ text, file, mode: current }: ComposerSubmit): Promise<boolean> => {
      if (!user) return false;
      setNotice(null);
      if (current.kind === "editing") {
        const messageId = current.message.id;
        // The box is cleared only once the server saved the edit: a refusal (someone read the
        // message first) gives the typed text back with the reason.
        setEditInFlight(true);
        const outcome = await new Promise<EditOutcome>((resolve) => {
          const unanswered = { saved: false, refusal: null } as const;
          const timer = setTimeout(() => settle(unanswered), EDIT_ANSWER_TIMEOUT_MS);
          function settle(answer: EditOutcome) {
            clearTimeout(timer);
            if (pendingEdit.current?.messageId === messageId) pendingEdit.current = null;
            resolve(answer);
          }
          pendingEdit.current = { messageId, settle };
          const sent = send({
            action: "edit_message",
            user_id: user.id,
            message_id: messageId,
            new_content: text,
          });
          if (!sent) settle(unanswered);
        });
        setEditInFlight(false);
        if (outcome.saved) {
          setMode({ kind: "normal" });
        } else if (outcome.refusal !== null) {
          setMode({ kind: "normal" });
          setNotice(editRefusedNote(outcome.refusal));
        } else {
          setNotice(NO_EDIT_ANSWER);
        }
        return outcome.saved;
      }
      let attachment: { id: number; file_name: string } | null = null;
      if (file) {
        try {
          const uploaded = await uploadAttachment(file);
          attachment = { id: uploaded.id, file_name: uploaded.file_name };
        } catch (error) {
          // The file and the text stay in the box.
          toastApiError(error);
          return false;
        }
      }
      // Kept until the server has stored it: sent now when connected, or once the connection is
      // back, and shown as not sent meanwhile.
      const parent = current.kind === "replying" ? current.message : null;
      const kept = outbox.enqueue({
        text,
        attachment,
        reply_to: parent && {
          id: parent.id,
          sender_name: fullName(parent.sender),
          content: parent.content || (parent.attachment ? t("message.attachment") : ""),
        },
      });
      if (!kept) {
        setNotice(OUTBOX_FULL);
        return false;
      }
      stickToBottom();
      setMode({ kind: "normal" });
      return true;
    },
    [send, user, stickToBottom, outbox, t],
  );

  const confirmDelete = () => {
    if (deleteTarget && user) {
      send({ action: "delete_message", user_id: user.id, message_id: deleteTarget.id });
      if (mode.kind !== "normal" && mode.message.id === deleteTarget.id) {
        setMode({ kind: "normal" });
      }
    }
    setDeleteTarget(null);
  };

  let body;
  if (historyView === "loading") {
    body = (
      <Box sx={{ display: "grid", placeItems: "center", flex: 1 }}>
        <CircularProgress aria-label={t("view.loading")} />
      </Box>
    );
  } else if (historyView !== "ready" && !(historyView === "error" && isRefusal(history.error))) {
    body = (
      <Box sx={{ p: 2 }}>
        <QueryProblem problem={historyView} what={t("view.what")} query={history} />
      </Box>
    );
  } else if (history.isError) {
    const message =
      history.error instanceof ApiError
        ? (history.error.errors[0]?.message ?? history.error.message)
        : t("view.notLoaded");
    body = (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{shown(message)}</Alert>
      </Box>
    );
  } else if (messages.length === 0 && outbox.entries.length === 0) {
    body = (
      <Stack
        spacing={1.5}
        sx={{ flex: 1, alignItems: "center", justifyContent: "center", p: 3, textAlign: "center" }}
      >
        <ForumOutlined sx={{ fontSize: 48, color: "text.disabled" }} />
        <Typography color="text.secondary" sx={{ maxWidth: 360 }}>
          {shown(EMPTY_CHAT_TEXT)}
        </Typography>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={1.25} role="log" aria-label={t("view.messages")} aria-live="polite">
        {messages.map((message, index) => {
          const day = times.day(message.timestamp);
          const previous = messages[index - 1];
          const startsDay = !previous || times.day(previous.timestamp) !== day;
          return (
            <Fragment key={message.id}>
              {startsDay && <DayDivider label={day} />}
              <MessageBubble
                message={message}
                isOwn={message.sender.id === userId}
                currentUserId={userId}
                parties={parties}
                readOnly={!canSend}
                actions={actions}
              />
            </Fragment>
          );
        })}
        {outbox.entries.map((entry) => (
          <PendingBubble
            key={entry.client_id}
            entry={entry}
            onRetry={outbox.retry}
            onDelete={outbox.discard}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Paper
      variant="outlined"
      sx={{
        display: "flex",
        flexDirection: "column",
        height: { xs: "calc(100dvh - 140px)", md: 600 },
        minHeight: 380,
        overflow: "hidden",
      }}
      data-testid="chat-panel"
      data-side={side}
    >
      <ChatHeader
        side={side}
        seller={data?.seller ?? null}
        shipper={data?.shipper ?? null}
        admin={admin}
        status={channel.status}
      />
      {channel.status === "reconnecting" && (
        <Alert
          severity="warning"
          sx={{ borderRadius: 0, py: 0, alignItems: "center" }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={channel.retryNow}
              sx={{ whiteSpace: "nowrap" }}
            >
              {t("view.retry")}
            </Button>
          }
        >
          {t("view.lost")}
        </Alert>
      )}
      <Box
        ref={scrollRef}
        // Focusable and named, so keyboard users can scroll the history.
        role="region"
        aria-label={t("view.history")}
        data-chat-history
        tabIndex={0}
        onScroll={onScroll}
        sx={{
          flex: 1,
          overflowY: "auto",
          px: { xs: 1, md: 2 },
          py: 1.5,
          display: "flex",
          flexDirection: "column",
          bgcolor: side === "shipper" ? "#eef2f7" : "#f5f7fb",
        }}
      >
        {body}
      </Box>
      {canSend ? (
        <Composer
          mode={mode}
          onCancelMode={() => setMode({ kind: "normal" })}
          onSubmit={onSubmit}
          connected={channel.status === "open"}
          sendsOffline
          notice={notice && note(notice)}
          onDismissNotice={() => setNotice(null)}
        />
      ) : (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: "center", p: 1.5, borderTop: 1, borderColor: "divider" }}
        >
          <LockOutlined fontSize="small" color="disabled" />
          <Typography variant="body2" color="text.secondary">
            {t("layout.closed")}
          </Typography>
        </Stack>
      )}
      <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid="not-sent-status">
        {outbox.announcement && note(outbox.announcement)}
      </Box>
      <EmojiPickerPopover
        anchorEl={reactTarget?.anchor ?? null}
        onClose={() => setReactTarget(null)}
        onPick={(reaction) => {
          if (reactTarget) actions.onPickReaction(reactTarget.message, reaction);
        }}
      />
      <Dialog open={deleteTarget !== null} onClose={() => setDeleteTarget(null)}>
        <DialogTitle>{t("view.deleteTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t("view.deleteText")}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleteTarget(null)}>{t("view.cancel")}</Button>
          <Button color="error" variant="contained" onClick={confirmDelete}>
            {t("view.delete")}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
