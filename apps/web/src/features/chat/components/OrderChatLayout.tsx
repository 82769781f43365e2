import { useEffect, useRef, useSyncExternalStore, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
import { Badge, Box, Button, useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import ChatIcon from "@mui/icons-material/ChatOutlined";
import { useLocation } from "react-router";
import {
  CHAT_JUMP_ATTRIBUTE,
  ORDER_NAV_ACTIONS_ID,
} from "../../../entities/shipment/components/OrderSectionNav";
import { useCurrentUser } from "../../../lib/session";
import { prefersReducedMotion, useIsOnScreen } from "../../../lib/use-is-on-screen";
import { useChatHistory } from "../api/get-chat-history";
import { unreadFromOthers } from "../lib/chat-cache";
import type { ChatPanelProps } from "../types";
import { ChatPanel } from "./ChatPanel";
import { useChatT } from "../i18n";

/** The sticky app bar plus a little air: a chat brought into view is not hidden under it. */
const APP_BAR_CLEARANCE_PX = 76;
/** How long a #chat landing keeps the chat in place while the page above it settles. */
const LANDING_SETTLE_MS = 3000;
/** Anything the reader does themselves ends that: the page is theirs to scroll. */
const READER_INTENT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
/** Longer than any smooth scroll takes: a glide's end is awaited no longer than this. */
const GLIDE_LIMIT_MS = 2000;

export interface OrderChatLayoutProps {
  /** Beside the chat on wide screens: what the reader checks while chatting. */
  main: ReactNode;
  /** Under both at full width (the cargo table needs every column of it). */
  wide?: ReactNode;
  chat: ChatPanelProps;
}

/** Brings the chat into view and puts the keyboard in its history. */
function goToChat(chat: HTMLElement, smooth: boolean) {
  const glide = smooth && !prefersReducedMotion();
  chat.scrollIntoView({ behavior: glide ? "smooth" : "auto" });
  // A glide aims where the chat was when it began: a panel above that grew meanwhile would leave
  // it short of the top, so it is aligned once more where the glide ends. A glide that never
  // starts (the chat already in place) leaves no listener for the reader's own scrolling later.
  if (glide) {
    const listening = new AbortController();
    window.addEventListener("scrollend", () => chat.scrollIntoView({ behavior: "auto" }), {
      once: true,
      signal: listening.signal,
    });
    window.setTimeout(() => listening.abort(), GLIDE_LIMIT_MS);
  }
  const history = chat.querySelector<HTMLElement>("[data-chat-history]");
  (history ?? chat).focus({ preventScroll: true });
}

/**
 * The order page's bar for the button, looked up again once the page is on screen (the bar and
 * the chat may render together): the store is the document, which does not announce changes.
 */
const findNavActions = () => document.getElementById(ORDER_NAV_ACTIONS_ID);
const stayPut = () => () => {};

/**
 * A "Chat" button with the unread count, while the chat is below and out of view. On an order
 * page it sits in the sticky bar of section links (ORDER_NAV_ACTIONS_ID), which the content scrolls
 * under, so it covers nothing; a page without that bar gets it floating in the bottom corner.
 */
function JumpToChatButton({
  chat,
  chatRef,
}: {
  chat: ChatPanelProps;
  chatRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useChatT();
  const user = useCurrentUser();
  // The same query the chat reads: no second request.
  const history = useChatHistory(chat.kind, chat.id);
  const unread = unreadFromOthers(history.data, user?.id ?? 0);
  const isChatOnScreen = useIsOnScreen(chatRef);
  // A server's first paint of the page has no bar to find: the button shows in the page there.
  const bar = useSyncExternalStore(stayPut, findNavActions, () => null);
  if (isChatOnScreen) return null;
  const button = (
    <Button
      variant="contained"
      {...{ [CHAT_JUMP_ATTRIBUTE]: "" }}
      aria-label={unread > 0 ? t("layout.chatUnread", { count: unread }) : t("layout.chat")}
      onClick={() => {
        if (chatRef.current) goToChat(chatRef.current, true);
      }}
      sx={
        bar
          ? { gap: 0.75, height: 32, px: 1.5, borderRadius: "16px", boxShadow: 0 }
          : {
              // A contained button drawn as MUI's extended Fab (round ends, raised).
              position: "fixed",
              right: 16,
              bottom: "calc(16px + env(safe-area-inset-bottom, 0px))",
              zIndex: (theme) => theme.zIndex.speedDial,
              gap: 1,
              height: 40,
              px: 2,
              borderRadius: "20px",
              boxShadow: 6,
              "&:hover, &:active, &.Mui-focusVisible": { boxShadow: 6 },
            }
      }
    >
      <Badge badgeContent={unread} color="error" max={99}>
        <ChatIcon fontSize={bar ? "small" : "medium"} />
      </Badge>
      {t("layout.chat")}
    </Button>
  );
  return bar ? createPortal(button, bar) : button;
}

/**
 * An order page with its chat. On wide screens the chat sits beside `main` and `wide` spans the
 * full width below; narrower, everything stacks with the chat last and a "Chat" button reaches it.
 * Links ending in `#chat` land on it.
 */
export function OrderChatLayout({ main, wide, chat }: OrderChatLayoutProps) {
  const theme = useTheme();
  const isSideBySide = useMediaQuery(theme.breakpoints.up("lg"));
  const chatRef = useRef<HTMLDivElement>(null);
  const { hash, key } = useLocation();

  // Links ending in #chat land on the chat. Whatever still grows above it afterwards (a late
  // panel, images, fonts) would push it down on a browser without scroll anchoring, so it is
  // brought back into view while the page settles, until the reader scrolls or types.
  useEffect(() => {
    const chat = chatRef.current;
    if (hash !== "#chat" || !chat) return;
    goToChat(chat, false);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => chat.scrollIntoView({ behavior: "auto" }));
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      for (const type of READER_INTENT) window.removeEventListener(type, stop);
    };
    const timer = window.setTimeout(stop, LANDING_SETTLE_MS);
    for (const type of READER_INTENT) window.addEventListener(type, stop, { passive: true });
    observer.observe(document.body);
    return stop;
  }, [hash, key]);

  return (
    <>
      {!isSideBySide && <JumpToChatButton chat={chat} chatRef={chatRef} />}
      <Box
        sx={{
          display: "grid",
          gap: 2,
          alignItems: "start",
          gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 3fr) minmax(0, 2fr)" },
          gridTemplateAreas: { xs: '"main" "wide" "chat"', lg: '"main chat" "wide wide"' },
        }}
      >
        <Box sx={{ gridArea: "main", minWidth: 0 }}>{main}</Box>
        {wide && <Box sx={{ gridArea: "wide", minWidth: 0 }}>{wide}</Box>}
        <Box
          id="chat"
          ref={chatRef}
          tabIndex={-1}
          sx={{
            gridArea: "chat",
            minWidth: 0,
            scrollMarginTop: APP_BAR_CLEARANCE_PX,
            outline: "none",
            // The whole first row: the chat stays in view beside `main`, never over `wide`.
            alignSelf: { lg: "stretch" },
          }}
        >
          <Box sx={{ position: { lg: "sticky" }, top: { lg: APP_BAR_CLEARANCE_PX } }}>
            <ChatPanel {...chat} />
          </Box>
        </Box>
      </Box>
    </>
  );
}
