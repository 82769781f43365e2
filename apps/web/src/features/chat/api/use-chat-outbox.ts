import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import type { ClientFrame, ConnectionStatus, ServerFrame } from "../../../lib/realtime";
import type { ChatKind } from "../../../lib/open-chats";
import {
  ACK_TIMEOUT_MS,
  enqueue,
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
  retry,
  saveOutbox,
  settledBy,
  type NewPending,
  type Outbox,
} from "../lib/outbox";

export const NO_ANSWER_NOTE = "No answer from the server";

const notSent = (reason: string) =>
  `Not sent: ${reason}. Use Retry to send it again or Delete to discard it.`;
const KEPT_OFFLINE = "Not sent: your message is kept here and sent when the connection is back.";
const keptFromBefore = (count: number) =>
  `Not sent: ${count === 1 ? "1 message" : `${count} messages`} kept from before.`;

interface Snapshot {
  entries: Outbox;
  /** What the chat's live region says, as things happen ("" when there is nothing to say). */
  announcement: string;
}

const storage = () => (typeof localStorage === "undefined" ? null : localStorage);

/**
 * One user's unsent messages in one chat, shared by every view of that chat on the page and kept
 * in localStorage (other tabs' changes are picked up from the storage event).
 */
class OutboxStore {
  private snapshot: Snapshot;
  private listeners = new Set<() => void>();
  private ackTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(readonly key: string) {
    const entries = this.read();
    this.snapshot = {
      entries,
      announcement: entries.length > 0 ? keptFromBefore(entries.length) : "",
    };
  }

  private read(): Outbox {
    const store = storage();
    return store ? loadOutbox(store, this.key) : [];
  }

  get = () => this.snapshot;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) window.addEventListener("storage", this.onStorage);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      // No view of this chat is left: localStorage keeps the messages for the next one.
      window.removeEventListener("storage", this.onStorage);
      this.clearAckTimer();
      if (stores.get(this.key) === this) stores.delete(this.key);
    };
  };

  private onStorage = (event: StorageEvent) => {
    if (event.key === this.key) this.set(this.read(), undefined, false);
  };

  private set(entries: Outbox, announcement?: string, save = true) {
    if (entries === this.snapshot.entries && announcement === undefined) return;
    if (save && entries !== this.snapshot.entries) {
      const store = storage();
      if (store && !saveOutbox(store, this.key, entries)) {
        console.warn("[chat] unsent messages could not be saved on this device");
      }
    }
    this.snapshot = {
      entries,
      announcement: entries.length === 0 ? "" : (announcement ?? this.snapshot.announcement),
    };
    if (!entries.some((entry) => entry.state === "sending")) this.clearAckTimer();
    for (const listener of this.listeners) listener();
  }

  private change(next: (outbox: Outbox) => Outbox, announcement?: string) {
    this.set(next(this.snapshot.entries), announcement);
  }

  private clearAckTimer() {
    if (this.ackTimer) clearTimeout(this.ackTimer);
    this.ackTimer = null;
  }

  add(input: NewPending, connected: boolean): boolean {
    const added = enqueue(this.snapshot.entries, input, newClientId(), new Date());
    if (!added) return false;
    this.set(added, connected ? undefined : KEPT_OFFLINE);
    return true;
  }

  retry(clientId: string) {
    this.change((outbox) => retry(outbox, clientId));
  }

  discard(clientId: string) {
    this.change((outbox) => remove(outbox, clientId));
  }

  /** The connection is not open: whatever was on the wire goes back to the queue. */
  disconnected() {
    this.change(requeueInFlight);
  }

  /** Sends the next queued message if none is on the wire; with no answer in time it fails. */
  pump(send: (frame: ClientFrame) => boolean, sender: { id: number; groups: string }) {
    const next = nextToSend(this.snapshot.entries);
    if (!next || !send(frameFor(next, sender))) return;
    const clientId = next.client_id;
    this.change((outbox) => markSending(outbox, clientId));
    this.clearAckTimer();
    this.ackTimer = setTimeout(() => {
      this.ackTimer = null;
      const entry = this.snapshot.entries.find((e) => e.client_id === clientId);
      if (entry?.state !== "sending") return;
      this.change(
        (outbox) => markFailed(outbox, clientId, NO_ANSWER_NOTE),
        notSent(NO_ANSWER_NOTE),
      );
    }, ACK_TIMEOUT_MS);
  }

  /** The server's copy settles a message; a refusal marks it not sent. True when it showed one. */
  observe(frame: ServerFrame, userId: number): boolean {
    if (frame.event_type === "message_sent" || frame.event_type === "message_replied") {
      const settled = settledBy(this.snapshot.entries, frame.data, userId);
      if (settled) this.discard(settled.client_id);
      return false;
    }
    if (frame.event_type !== "error") return false;
    const refused = refusedEntry(this.snapshot.entries, frame.data);
    if (!refused) return false;
    this.change(
      (outbox) => markFailed(outbox, refused.client_id, frame.data.message),
      notSent(frame.data.message),
    );
    return true;
  }
}

const stores = new Map<string, OutboxStore>();

function storeFor(key: string): OutboxStore {
  let store = stores.get(key);
  if (!store) {
    store = new OutboxStore(key);
    stores.set(key, store);
  }
  return store;
}

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
  /** What the chat's live region says about them, as it happens. */
  announcement: string;
}

const EMPTY: Snapshot = { entries: [], announcement: "" };
const subscribeNothing = () => () => undefined;

/**
 * The unsent messages of one chat: kept per user and chat, sent one at a time in order whenever
 * the connection is open, each with its client_id so that no retry stores it twice.
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
  const groups = user?.groups ?? null;
  const store = useMemo(
    () => (userId === null ? null : storeFor(outboxKey(userId, kind, id))),
    [userId, kind, id],
  );
  const read = () => (store ? store.get() : EMPTY);
  const snapshot = useSyncExternalStore(store ? store.subscribe : subscribeNothing, read, read);

  useEffect(() => {
    if (!store || userId === null || groups === null) return;
    if (status === "open") store.pump(send, { id: userId, groups });
    else store.disconnected();
  }, [store, status, snapshot, send, userId, groups]);

  const connected = status === "open";
  const enqueueEntry = useCallback(
    (input: NewPending) => store?.add(input, connected) ?? false,
    [store, connected],
  );
  const retryEntry = useCallback(
    (clientId: string) => {
      store?.retry(clientId);
      if (!connected) retryConnection();
    },
    [store, connected, retryConnection],
  );
  const discard = useCallback((clientId: string) => store?.discard(clientId), [store]);
  const observe = useCallback(
    (frame: ServerFrame) => (store && userId !== null ? store.observe(frame, userId) : false),
    [store, userId],
  );

  return {
    entries: snapshot.entries,
    announcement: snapshot.announcement,
    enqueue: enqueueEntry,
    retry: retryEntry,
    discard,
    observe,
  };
}
