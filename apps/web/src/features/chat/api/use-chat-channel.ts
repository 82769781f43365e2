import { useCallback, useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeChannel, type ServerFrame, wsPaths } from "../../../lib/realtime";
import { notify } from "../../../lib/toast";
import { useChatT } from "../i18n";
import {
  applyReaction,
  applyRead,
  mergeHistory,
  removeMessage,
  upsertMessage,
} from "../lib/chat-cache";
import type { ChatHistory } from "@fba/contract";
import type { ChatKind } from "../../../lib/open-chats";
import { chatHistoryKey, getChatHistory } from "./get-chat-history";

export function chatSocketPath(kind: ChatKind, id: number): string {
  return kind === "sample" ? wsPaths.sampleChat(id) : wsPaths.groupChat(id);
}

/** Applies one chat event to the cached history (undefined when the event is not a chat change). */
export function applyChatEvent(history: ChatHistory, frame: ServerFrame): ChatHistory | undefined {
  // Frames are the server's own, typed by the contract; a missing body is still refused.
  if (!frame.data || typeof frame.data !== "object") return undefined;
  switch (frame.event_type) {
    case "message_sent":
    case "message_replied":
    case "message_edited":
      return upsertMessage(history, frame.data);
    case "message_deleted":
      return removeMessage(history, Number(frame.data.id));
    case "reaction_added":
      return applyReaction(history, frame.data);
    case "message_read":
      return applyRead(history, Number(frame.data.user));
    default:
      return undefined;
  }
}

/**
 * Sees every frame of the chat before the cache does; returns true when it has shown a refusal
 * (an error frame) itself, so no toast repeats it.
 */
export type ChatFrameObserver = (frame: ServerFrame) => boolean;

/**
 * Joins the chat socket of one shipment or sample shipment and keeps the history query in step
 * with it; on every (re)connect it refetches the history so nothing missed offline is lost.
 */
export function useChatChannel(
  kind: ChatKind,
  id: number,
  enabled: boolean,
  observe?: ChatFrameObserver,
) {
  const queryClient = useQueryClient();
  const { t } = useChatT();
  const key = chatHistoryKey(kind, id);
  const observer = useRef(observe);
  useEffect(() => {
    observer.current = observe;
  }, [observe]);

  const onEvent = useCallback(
    (frame: ServerFrame) => {
      const handled = observer.current?.(frame) ?? false;
      if (frame.event_type === "error") {
        if (handled) return;
        const message = (frame.data as { message?: unknown } | null)?.message;
        notify.error(typeof message === "string" && message ? message : t("notes.refused"));
        return;
      }
      if (queryClient.getQueryState(key)?.fetchStatus === "fetching") {
        // A history answer already on its way may predate this event: ask again instead.
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      queryClient.setQueryData<ChatHistory>(key, (old) =>
        old ? (applyChatEvent(old, frame) ?? old) : old,
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, kind, id, t],
  );

  const onOpen = useCallback(() => {
    if (queryClient.getQueryState(key)?.fetchStatus === "fetching") {
      // Joined while the first load is in flight: load again so nothing falls in between.
      void queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    if (!queryClient.getQueryData(key)) return;
    getChatHistory(kind, id)
      .then((fresh) =>
        queryClient.setQueryData<ChatHistory>(key, (cached) => mergeHistory(fresh, cached)),
      )
      .catch((error: unknown) => console.warn("[chat] backfill failed", error));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, kind, id]);

  return useRealtimeChannel(enabled ? chatSocketPath(kind, id) : null, { onEvent, onOpen });
}
