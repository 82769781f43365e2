import { useCallback, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from "react";
import type { ChatMessage } from "@fba/contract";

const NEAR_BOTTOM_PX = 120;

/**
 * Keeps a chat's message box scrolled to the newest message when that is what the reader wants,
 * and tells whether the box is on screen. The box takes `onScroll`.
 */
export function useChatScroll(
  messages: ChatMessage[],
  userId: number,
  isReady: boolean,
  /** The author's messages not sent yet, shown after the history. */
  pendingCount = 0,
) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const lastCount = useRef(0);
  const lastPending = useRef(pendingCount);
  const [isVisible, setIsVisible] = useState(false);

  // A message the reader just typed is in view even before it is sent.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    const grew = pendingCount > lastPending.current;
    lastPending.current = pendingCount;
    if (box && grew) box.scrollTop = box.scrollHeight;
  }, [pendingCount]);

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
  }, [isReady]);

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
  }, [isReady]);

  const onScroll = useCallback((event: UIEvent<HTMLElement>) => {
    const box = event.currentTarget;
    nearBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX;
  }, []);
  /** After the reader's own send: follow the newest message again. */
  const stickToBottom = useCallback(() => {
    nearBottom.current = true;
  }, []);

  return { scrollRef, isVisible, onScroll, stickToBottom };
}
