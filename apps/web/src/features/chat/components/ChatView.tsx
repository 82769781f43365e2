import {
  Fragment,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  Alert,
  Avatar,
  AvatarGroup,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import { useQueryClient } from "@tanstack/react-query";
import { chatMessages } from "@fba/contract";
import { ApiError } from "../../../lib/api-client";
import type { ConnectionStatus } from "../../../lib/realtime";
import { useCurrentUser } from "../../../lib/session";
import { toastApiError } from "../../../lib/toast";
import { useChatHistory } from "../api/get-chat-history";
import { uploadAttachment } from "../api/upload-attachment";
import { useChatChannel } from "../api/use-chat-channel";
import { refreshChatBadges } from "../api/chat-badges";
import { announceChatRead, registerOpenChat } from "../../../lib/open-chats";
import { unreadFromOthers } from "../lib/chat-cache";
import { fullName, initials } from "../../../lib/names";
import { dayLabel } from "../lib/format";
import type { ChatMessage, ChatParty } from "@fba/contract";
import type { ChatPanelProps } from "../types";
import { Composer, type ComposerMode, type ComposerSubmit } from "./Composer";
import { EmojiPickerPopover } from "./EmojiPickerPopover";
import { MessageBubble, type MessageActions } from "./MessageBubble";

export const EMPTY_CHAT_TEXT = chatMessages.emptyChat;

const NEAR_BOTTOM_PX = 120;

const CONNECTION_TEXT: Record<ConnectionStatus, string> = {
  open: "Live",
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  closed: "Offline",
};

function ChatHeader({
  side,
  seller,
  shipper,
  admin,
  status,
}: {
  side: ChatPanelProps["side"];
  seller: ChatParty | null;
  shipper: ChatParty | null;
  admin: ChatParty | null;
  status: ConnectionStatus;
}) {
  // Each side sees who is on the other end: agents see the seller, sellers see their agent.
  const others: Array<{ role: string; party: ChatParty }> = [];
  if (side !== "seller" && seller) others.push({ role: "Seller", party: seller });
  if (side !== "shipper" && shipper) others.push({ role: "Shipping agent", party: shipper });
  if (admin) others.push({ role: "Admin", party: admin });
  const primary = others[0];
  const statusText = CONNECTION_TEXT[status];
  const isDark = side === "shipper";

  return (
    <Stack
      direction="row"
      spacing={1.5}
      data-testid="chat-header"
      sx={{
        alignItems: "center",
        px: 2,
        py: 1.25,
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: isDark ? "#0f2a4a" : "background.paper",
        color: isDark ? "common.white" : "text.primary",
      }}
    >
      <AvatarGroup max={3} sx={{ "& .MuiAvatar-root": { width: 34, height: 34, fontSize: 14 } }}>
        {others.map(({ party, role }) => (
          <Avatar
            key={`${role}-${party.id}`}
            src={party.image ?? undefined}
            alt={fullName(party)}
            sx={
              role === "Admin"
                ? { bgcolor: "secondary.main", color: "secondary.contrastText" }
                : { bgcolor: "primary.light", color: "primary.contrastText" }
            }
          >
            {initials(party)}
          </Avatar>
        ))}
      </AvatarGroup>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle2" component="h2" noWrap sx={{ fontWeight: 700 }}>
          {primary ? `Chat with ${fullName(primary.party)}` : "Chat"}
        </Typography>
        <Typography variant="caption" noWrap sx={{ display: "block", opacity: 0.8 }}>
          {others.length > 0
            ? others.map(({ role, party }) => `${role}: ${fullName(party)}`).join(" · ")
            : "Waiting for participants"}
        </Typography>
      </Box>
      <Tooltip title={status === "open" ? "Connected: messages arrive live" : statusText}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }} aria-live="polite">
          <Box
            sx={{
              width: 8,
              height: 8,
              borderRadius: "50%",
              bgcolor:
                status === "open"
                  ? "success.main"
                  : status === "closed"
                    ? "grey.500"
                    : "warning.main",
            }}
          />
          <Typography variant="caption" noWrap>
            {statusText}
          </Typography>
        </Stack>
      </Tooltip>
    </Stack>
  );
}

function DayDivider({ label }: { label: string }) {
  return (
    <Divider sx={{ my: 1.5 }} role="separator" aria-label={label}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
    </Divider>
  );
}

/** The live chat of one order. */
export default function ChatView({ kind, id, side, canSend }: ChatPanelProps) {
  const user = useCurrentUser();
  const userId = user?.id ?? 0;
  const queryClient = useQueryClient();
  const history = useChatHistory(kind, id);
  const channel = useChatChannel(kind, id, Boolean(user));
  const { send } = channel;
  const [mode, setMode] = useState<ComposerMode>({ kind: "normal" });
  const [reactTarget, setReactTarget] = useState<{
    message: ChatMessage;
    anchor: HTMLElement;
  } | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<ChatMessage | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const lastCount = useRef(0);
  const [isVisible, setIsVisible] = useState(false);

  const data = history.data;
  const messages = useMemo(() => data?.messages ?? [], [data]);
  const parties = useMemo(
    () => [data?.seller, data?.shipper, data?.admin].filter((p): p is ChatParty => Boolean(p)),
    [data],
  );

  // Newest message in view: on first load, after own sends, and while the reader is at the bottom.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box || messages.length === 0) return;
    const last = messages[messages.length - 1];
    const grew = messages.length > lastCount.current;
    const firstLoad = lastCount.current === 0;
    lastCount.current = messages.length;
    if (firstLoad || (grew && (nearBottom.current || last?.sender.id === userId))) {
      box.scrollTop = box.scrollHeight;
    }
  }, [messages, userId]);

  // Late content (images) must not leave the newest message half hidden.
  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const onLoad = () => {
      if (nearBottom.current) box.scrollTop = box.scrollHeight;
    };
    box.addEventListener("load", onLoad, true);
    return () => box.removeEventListener("load", onLoad, true);
  }, [history.isSuccess]);

  useEffect(() => {
    const box = scrollRef.current;
    if (!box || typeof IntersectionObserver === "undefined") {
      setIsVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => setIsVisible(Boolean(entry?.isIntersecting)),
      {
        threshold: 0.2,
      },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [history.isSuccess]);

  // Mark read only while the chat is actually on screen and the tab is in front.
  const unread = unreadFromOthers(data, userId);
  const lastUnreadSent = useRef<number | null>(null);
  const newestId = messages[messages.length - 1]?.id ?? 0;
  useEffect(() => {
    if (!user || unread === 0 || !isVisible || channel.status !== "open") return;
    if (document.visibilityState === "hidden") return;
    if (lastUnreadSent.current === newestId) return;
    lastUnreadSent.current = newestId;
    send({ action: "mark_read", shipment_id: id, user_id: user.id });
    refreshChatBadges(queryClient);
    announceChatRead({ kind, id });
  }, [user, unread, isVisible, channel.status, newestId, kind, id, send, queryClient]);

  useEffect(() => {
    if (!isVisible) return;
    return registerOpenChat(kind, id);
  }, [isVisible, kind, id]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") lastUnreadSent.current = null;
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);

  const actions: MessageActions = useMemo(
    () => ({
      onReply: (message) => setMode({ kind: "replying", message }),
      onEdit: (message) => setMode({ kind: "editing", message }),
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
      if (current.kind === "editing") {
        const sent = send({
          action: "edit_message",
          user_id: user.id,
          message_id: current.message.id,
          new_content: text,
        });
        if (sent) setMode({ kind: "normal" });
        return sent;
      }
      let attachment: number | null = null;
      if (file) {
        try {
          attachment = (await uploadAttachment(file)).id;
        } catch (error) {
          toastApiError(error);
          return false;
        }
      }
      const frame = {
        message: text,
        user_id: user.id,
        sender_type: user.groups,
        attachment,
      };
      const sent =
        current.kind === "replying"
          ? send({ action: "reply_to_thread", ...frame, reply_to_id: current.message.id })
          : send({ action: "send_message", ...frame });
      if (sent) {
        nearBottom.current = true;
        setMode({ kind: "normal" });
      }
      return sent;
    },
    [send, user],
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
  if (history.isPending) {
    body = (
      <Box sx={{ display: "grid", placeItems: "center", flex: 1 }}>
        <CircularProgress aria-label="Loading messages" />
      </Box>
    );
  } else if (history.isError) {
    const message =
      history.error instanceof ApiError
        ? (history.error.errors[0]?.message ?? history.error.message)
        : "The chat could not be loaded.";
    body = (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{message}</Alert>
      </Box>
    );
  } else if (messages.length === 0) {
    body = (
      <Stack
        spacing={1.5}
        sx={{ flex: 1, alignItems: "center", justifyContent: "center", p: 3, textAlign: "center" }}
      >
        <ForumOutlined sx={{ fontSize: 48, color: "text.disabled" }} />
        <Typography color="text.secondary" sx={{ maxWidth: 360 }}>
          {EMPTY_CHAT_TEXT}
        </Typography>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={1.25} role="log" aria-label="Messages" aria-live="polite">
        {messages.map((message, index) => {
          const day = dayLabel(message.timestamp);
          const previous = messages[index - 1];
          const startsDay = !previous || dayLabel(previous.timestamp) !== day;
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
        admin={data?.admin ?? null}
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
              Retry now
            </Button>
          }
        >
          Connection lost. Messages catch up once it is back.
        </Alert>
      )}
      <Box
        ref={scrollRef}
        // Focusable and named, so keyboard users can scroll the history.
        role="region"
        aria-label="Chat history"
        tabIndex={0}
        onScroll={(event) => {
          const box = event.currentTarget;
          nearBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX;
        }}
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
        />
      ) : (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: "center", p: 1.5, borderTop: 1, borderColor: "divider" }}
        >
          <LockOutlined fontSize="small" color="disabled" />
          <Typography variant="body2" color="text.secondary">
            This chat is closed. The history stays readable.
          </Typography>
        </Stack>
      )}
      <EmojiPickerPopover
        anchorEl={reactTarget?.anchor ?? null}
        onClose={() => setReactTarget(null)}
        onPick={(reaction) => {
          if (reactTarget) actions.onPickReaction(reactTarget.message, reaction);
        }}
      />
      <Dialog open={deleteTarget !== null} onClose={() => setDeleteTarget(null)}>
        <DialogTitle>Delete message?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The message will be removed for everyone in this chat.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleteTarget(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={confirmDelete}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
