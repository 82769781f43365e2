import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatMessage } from "@fba/contract";
import type { ClientFrame, ConnectionStatus, ServerFrame } from "../../../lib/realtime";
import type { ChatKind } from "../../../lib/open-chats";
import {
  ACK_TIMEOUT_MS,
  enqueue as enqueueEntry,
  frameFor,
  loadOutbox,
  markFailed,
  markSending,
  newClientId,
  nextToSend,
  outboxKey,
  refusedEntry,
  remove,
  requeueInFlight,
  retry as retryEntry,
  saveOutbox,
  settledBy,
  type NewPending,
  type Outbox,
} from "../lib/outbox";

export const NO_ANSWER_NOTE = "No answer from the server";

interface OutboxOptions {
  kind: ChatKind;
  id: number;
  /** The signed-in author, or null (nothing is kept then). */
  user: { id: number; groups: string } | null;
  status: ConnectionStatus;
  send: (frame: ClientFrame) => boolean;
  /** Tries the connection at once (Retry while it is down). */
  retryConnection: () => void;
}

export interface ChatOutbox {
  entries: Outbox;
  /** Keeps a typed message and sends it when it can; false when too many are waiting. */
  enqueue: (input: NewPending) => boolean;
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
  /**
   * Sees every chat frame: the server's copy of a waiting message settles it, a refusal of one
   * marks it not sent. True when the frame was a refusal it has shown itself.
   */
  observe: (frame: ServerFrame) => boolean;
}

const storage = () => (typeof localStorage === "undefined" ? null : localStorage);

/**
 * The unsent messages of one chat: kept in localStorage per user and chat, sent one at a time in
 * order whenever the connection is open, each with its client_id so no retry stores it twice.
 */
export function useChatOutbox({
  kind,
  id,
  user,
  status,
  send,
  retryConnection,
}: OutboxOptions): ChatOutbox {
  const userId = user?.id ?? null;
  const key = userId === null ? null : outboxKey(userId, kind, id);
  const read = useCallback((k: string | null): Outbox => {
    const store = storage();
    return k && store ? loadOutbox(store, k) : [];
  }, []);
  const [state, setState] = useState<{ key: string | null; entries: Outbox }>(() => ({
    key,
    entries: read(key),
  }));
  let entries = state.entries;
  if (state.key !== key) {
    entries = read(key);
    setState({ key, entries });
  }
  const latest = useRef(entries);
  latest.current = entries;

  const change = useCallback(
    (next: (outbox: Outbox) => Outbox) => {
      setState((current) => {
        const updated = next(current.entries);
        if (updated === current.entries) return current;
        const store = storage();
        if (current.key && store && !saveOutbox(store, current.key, updated)) {
          console.warn("[chat] unsent messages could not be saved on this device");
        }
        return { ...current, entries: updated };
      });
    },
    [],
  );

  // Another tab of the same user changed this chat's unsent messages.
  useEffect(() => {
    if (!key) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key) return;
      setState((current) =>
        current.key === key ? { key, entries: read(key) } : current,
      );
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [key, read]);

  // Whatever was on the wire when the connection dropped goes back to the queue.
  useEffect(() => {
    if (status !== "open") change(requeueInFlight);
  }, [status, change]);

  // Sends the next queued message while the connection is open, one at a time, in order.
  const next = status === "open" ? nextToSend(entries) : null;
  useEffect(() => {
    if (!next || !user) return;
    const clientId = next.client_id;
    if (!send(frameFor(next, user))) return;
    change((outbox) => markSending(outbox, clientId));
  }, [next, user, send, change]);

  // A message on the wire with no answer in time is shown as not sent.
  const inFlight = entries.find((entry) => entry.state === "sending")?.client_id ?? null;
  useEffect(() => {
    if (!inFlight) return;
    const timer = setTimeout(
      () =>
        change((outbox) =>
          outbox.some((e) => e.client_id === inFlight && e.state === "sending")
            ? markFailed(outbox, inFlight, NO_ANSWER_NOTE)
            : outbox,
        ),
      ACK_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, [inFlight, change]);

  const enqueue = useCallback(
    (input: NewPending) => {
      const added = enqueueEntry(latest.current, input, newClientId(), new Date());
      if (!added) return false;
      const entry = added.at(-1);
      change((outbox) => (entry ? [...outbox, entry] : outbox));
      return true;
    },
    [change],
  );

  const retry = useCallback(
    (clientId: string) => {
      change((outbox) => retryEntry(outbox, clientId));
      if (status !== "open") retryConnection();
    },
    [change, status, retryConnection],
  );

  const discard = useCallback(
    (clientId: string) => change((outbox) => remove(outbox, clientId)),
    [change],
  );

  const observe = useCallback(
    (frame: ServerFrame) => {
      if (userId === null) return false;
      if (frame.event_type === "message_sent" || frame.event_type === "message_replied") {
        const settled = settledBy(latest.current, frame.data as ChatMessage, userId);
        if (settled) {
          latest.current = remove(latest.current, settled.client_id);
          change((outbox) => remove(outbox, settled.client_id));
        }
        return false;
      }
      if (frame.event_type !== "error") return false;
      const refused = refusedEntry(latest.current, frame.data);
      if (!refused) return false;
      change((outbox) => markFailed(outbox, refused.client_id, frame.data.message));
      return true;
    },
    [userId, change],
  );

  return { entries, enqueue, retry, discard, observe };
}
