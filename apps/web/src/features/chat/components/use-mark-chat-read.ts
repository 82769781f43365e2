import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ChatHistory } from "@fba/contract";
import { announceChatRead, registerOpenChat, type ChatKind } from "../../../lib/open-chats";
import type { ClientFrame, ConnectionStatus } from "../../../lib/realtime";
import { useCurrentUser } from "../../../lib/session";
import { refreshChatBadges } from "../api/chat-badges";
import { unreadFromOthers } from "../lib/chat-cache";

/** Marks the chat read while it is on screen, and tells the app which chats are open. */
export function useMarkChatRead({
  kind,
  id,
  data,
  isVisible,
  channelStatus,
  send,
}: {
  kind: ChatKind;
  id: number;
  data: ChatHistory | undefined;
  isVisible: boolean;
  channelStatus: ConnectionStatus;
  send: (frame: ClientFrame) => boolean;
}) {
  const user = useCurrentUser();
  const userId = user?.id ?? 0;
  const queryClient = useQueryClient();
  const messages = data?.messages ?? [];
  // Mark read only while the chat is actually on screen and the tab is in front.
  const unread = unreadFromOthers(data, userId);
  const lastUnreadSent = useRef<number | null>(null);
  const newestId = messages[messages.length - 1]?.id ?? 0;
  useEffect(() => {
    if (!user || unread === 0 || !isVisible || channelStatus !== "open") return;
    if (document.visibilityState === "hidden") return;
    if (lastUnreadSent.current === newestId) return;
    lastUnreadSent.current = newestId;
    send({ action: "mark_read", shipment_id: id, user_id: user.id });
    refreshChatBadges(queryClient);
    announceChatRead({ kind, id });
  }, [user, unread, isVisible, channelStatus, newestId, kind, id, send, queryClient]);

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
}
