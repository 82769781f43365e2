import { memo, useId, useState, type MouseEvent } from "react";
import {
  Box,
  Chip,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import AddReactionOutlined from "@mui/icons-material/AddReactionOutlined";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import Done from "@mui/icons-material/Done";
import DoneAll from "@mui/icons-material/DoneAll";
import EditOutlined from "@mui/icons-material/EditOutlined";
import MoreVert from "@mui/icons-material/MoreVert";
import Reply from "@mui/icons-material/Reply";
import { fullName } from "../../../lib/names";
import { useChatTimes } from "../i18n";
import { changeLock } from "../lib/message-lock";
import type { ChatMessage, ChatParty } from "@fba/contract";
import { AttachmentView } from "./AttachmentView";
import { LinkifiedText } from "./LinkifiedText";
import { QuickReactions } from "./QuickReactions";
import { useChatT } from "../i18n";

export interface MessageActions {
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onReact: (message: ChatMessage, anchor: HTMLElement) => void;
  onPickReaction: (message: ChatMessage, emoji: string) => void;
}

interface MessageBubbleProps {
  message: ChatMessage;
  isOwn: boolean;
  currentUserId: number;
  parties: ChatParty[];
  /** Read-only history: no actions offered. */
  readOnly: boolean;
  actions: MessageActions;
}

function ParentQuote({ parent, isOwn }: { parent: ChatMessage; isOwn: boolean }) {
  const { t } = useChatT();
  const text = parent.content || (parent.attachment ? t("message.attachment") : "");
  return (
    <Box
      sx={{
        borderLeft: 3,
        borderColor: isOwn ? "rgba(255,255,255,0.7)" : "primary.main",
        bgcolor: isOwn ? "rgba(255,255,255,0.14)" : "rgba(11,61,145,0.06)",
        borderRadius: 0.5,
        px: 1,
        py: 0.5,
        mb: 0.5,
      }}
      data-testid="reply-quote"
    >
      <Typography variant="caption" sx={{ fontWeight: 700, display: "block" }}>
        {fullName(parent.sender)}
      </Typography>
      <Typography
        variant="caption"
        sx={{
          display: "-webkit-box",
          WebkitLineClamp: 2,
          WebkitBoxOrient: "vertical",
          overflow: "hidden",
          whiteSpace: "pre-wrap",
        }}
      >
        {text}
      </Typography>
    </Box>
  );
}

function ReactionChips({
  message,
  currentUserId,
  disabled,
  onPick,
}: {
  message: ChatMessage;
  currentUserId: number;
  disabled: boolean;
  onPick: (emoji: string) => void;
}) {
  const { t } = useChatT();
  if (message.reactions.length === 0) return null;
  const groups = new Map<string, string[]>();
  let mine: string | null = null;
  for (const reaction of message.reactions) {
    const names = groups.get(reaction.reaction) ?? [];
    names.push(fullName(reaction.user));
    groups.set(reaction.reaction, names);
    if (reaction.user.id === currentUserId) mine = reaction.reaction;
  }
  return (
    <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: "wrap" }} useFlexGap>
      {[...groups.entries()].map(([emoji, names]) => (
        <Tooltip key={emoji} title={names.join(t("reactions.separator"))}>
          <Chip
            size="small"
            variant={mine === emoji ? "filled" : "outlined"}
            color={mine === emoji ? "primary" : "default"}
            label={`${emoji} ${names.length}`}
            onClick={disabled || mine === emoji ? undefined : () => onPick(emoji)}
            aria-label={t("reactions.reactedBy", {
              emoji,
              names: names.join(t("reactions.separator")),
            })}
            sx={{ bgcolor: mine === emoji ? undefined : "background.paper" }}
          />
        </Tooltip>
      ))}
    </Stack>
  );
}

function ReadReceipt({ message, parties }: { message: ChatMessage; parties: ChatParty[] }) {
  const readers = parties.filter(
    (party) => party.id !== message.sender.id && message.read_by.includes(party.id),
  );
  const { t } = useChatT();
  const label =
    readers.length > 0
      ? t("message.readBy", { names: readers.map((p) => fullName(p)).join(", ") })
      : t("message.sent");
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        sx={{ display: "inline-flex", verticalAlign: "middle", ml: 0.5 }}
      >
        {readers.length > 0 ? (
          <DoneAll sx={{ fontSize: 16, color: "#8fd3ff" }} />
        ) : (
          <Done sx={{ fontSize: 16, opacity: 0.8 }} />
        )}
      </Box>
    </Tooltip>
  );
}

/** One message: own messages on the right, everyone else's on the left. */
export const MessageBubble = memo(function MessageBubble({
  message,
  isOwn,
  currentUserId,
  parties,
  readOnly,
  actions,
}: MessageBubbleProps) {
  const times = useChatTimes();
  const { t } = useChatT();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  // Reactions open beside the message itself (its bubble), not where the menu was.
  const [bubble, setBubble] = useState<HTMLDivElement | null>(null);
  const [quickOpen, setQuickOpen] = useState(false);
  const name = fullName(message.sender);
  const closeMenu = () => setMenuAnchor(null);
  // Edit and delete are offered only while nobody else has read the message; a read receipt
  // arriving while the menu is open disables them at once, with the reason under them.
  const lock = isOwn ? changeLock(message, parties) : null;
  const lockNoteId = useId();

  return (
    <Box
      sx={{
        display: "flex",
        flexDirection: isOwn ? "row-reverse" : "row",
        alignItems: "flex-start",
        gap: 0.5,
        "&:hover .message-actions, &:focus-within .message-actions": { opacity: 1 },
      }}
      data-testid="chat-message"
      data-message-id={message.id}
    >
      <Box sx={{ maxWidth: { xs: "85%", md: "70%" }, minWidth: 0 }}>
        <Stack
          direction={isOwn ? "row-reverse" : "row"}
          spacing={1}
          sx={{ alignItems: "baseline", mb: 0.25, px: 0.5 }}
        >
          <Typography
            variant="caption"
            noWrap
            title={name}
            sx={{ fontWeight: 700, maxWidth: 92, display: "inline-block" }}
            data-testid="sender-name"
          >
            {isOwn ? t("message.you") : name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {t(`roles.${message.sender_type}`, { defaultValue: message.sender_type })}
          </Typography>
        </Stack>
        <Box
          ref={setBubble}
          sx={{
            px: 1.5,
            py: 1,
            borderRadius: 2,
            borderTopRightRadius: isOwn ? 4 : undefined,
            borderTopLeftRadius: isOwn ? undefined : 4,
            bgcolor: isOwn ? "primary.main" : "background.paper",
            color: isOwn ? "primary.contrastText" : "text.primary",
            boxShadow: isOwn ? 0 : "0 1px 2px rgba(16,24,40,0.08)",
            border: isOwn ? 0 : 1,
            borderColor: "divider",
            overflowWrap: "anywhere",
          }}
        >
          {message.parent && <ParentQuote parent={message.parent} isOwn={isOwn} />}
          {message.content && (
            <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
              <LinkifiedText text={message.content} />
            </Typography>
          )}
          {message.attachment && <AttachmentView attachment={message.attachment} />}
          <Box sx={{ textAlign: "right", mt: 0.25, lineHeight: 1 }}>
            <Typography variant="caption" sx={{ opacity: 0.75, fontSize: 11 }}>
              {message.edited_at ? "edited · " : ""}
              {times.time(message.timestamp)}
            </Typography>
            {isOwn && <ReadReceipt message={message} parties={parties} />}
          </Box>
        </Box>
        <Box sx={{ display: "flex", justifyContent: isOwn ? "flex-end" : "flex-start" }}>
          <ReactionChips
            message={message}
            currentUserId={currentUserId}
            disabled={readOnly}
            onPick={(emoji) => actions.onPickReaction(message, emoji)}
          />
        </Box>
      </Box>
      {!readOnly && (
        <Box
          className="message-actions"
          sx={{
            display: "flex",
            flexDirection: "column",
            mt: 2,
            opacity: { xs: 1, md: 0.35 },
            transition: "opacity 120ms",
          }}
        >
          <IconButton
            size="small"
            aria-label={t("message.react")}
            aria-haspopup="dialog"
            onClick={() => setQuickOpen(true)}
          >
            <AddReactionOutlined fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t("message.actions")}
            aria-haspopup="menu"
            onClick={(event: MouseEvent<HTMLElement>) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVert fontSize="small" />
          </IconButton>
        </Box>
      )}
      <QuickReactions
        anchorEl={quickOpen ? bubble : null}
        alignEnd={isOwn}
        onClose={() => setQuickOpen(false)}
        onPick={(emoji) => actions.onPickReaction(message, emoji)}
        onMore={() => {
          if (bubble) actions.onReact(message, bubble);
        }}
      />
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={closeMenu}>
        <MenuItem
          onClick={() => {
            closeMenu();
            actions.onReply(message);
          }}
        >
          <ListItemIcon>
            <Reply fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("message.reply")}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            closeMenu();
            setQuickOpen(true);
          }}
        >
          <ListItemIcon>
            <AddReactionOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("message.react")}</ListItemText>
        </MenuItem>
        {isOwn && (
          <MenuItem
            disabled={lock !== null}
            aria-describedby={lock ? lockNoteId : undefined}
            onClick={() => {
              closeMenu();
              actions.onEdit(message);
            }}
          >
            <ListItemIcon>
              <EditOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("message.edit")}</ListItemText>
          </MenuItem>
        )}
        {isOwn && (
          <MenuItem
            disabled={lock !== null}
            aria-describedby={lock ? lockNoteId : undefined}
            onClick={() => {
              closeMenu();
              actions.onDelete(message);
            }}
            sx={{ color: "error.main" }}
          >
            <ListItemIcon>
              <DeleteOutline fontSize="small" color="error" />
            </ListItemIcon>
            <ListItemText>{t("message.delete")}</ListItemText>
          </MenuItem>
        )}
        {lock && (
          <Typography
            component="li"
            role="presentation"
            id={lockNoteId}
            variant="caption"
            color="text.secondary"
            data-testid="message-lock-note"
            sx={{ display: "block", px: 2, pt: 0.5, pb: 1, maxWidth: 240 }}
          >
            {lock}: it can no longer be edited or deleted.
          </Typography>
        )}
      </Menu>
    </Box>
  );
});
