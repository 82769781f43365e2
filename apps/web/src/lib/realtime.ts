import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import {
  CHAT_ACTION_BURST,
  CHAT_RECONNECT_ATTEMPTS,
  CHAT_RECONNECT_DELAY_MS,
  RECONNECT_BACKFILL_SPREAD_MS,
  SOCKET_FRAME_BURST,
  WS_CLOSE_CODES,
  wsPaths,
} from "@fba/contract/constants";
import type { ClientFrameInput, ServerEvent, ServerEventType } from "@fba/contract";
import { authStorage } from "./auth-storage";
import { api, meRequest } from "./api-client";

// The contract's socket paths and close codes, from its schema-free entry.
export { WS_CLOSE_CODES, wsPaths };

/** A frame to the server, as the contract accepts it. */
export type ClientFrame = ClientFrameInput;

/** A frame from the server, as the contract defines it. */
export type ServerFrame = ServerEvent;

/** Every event type the server sends (the record keeps this list in step with the contract). */
const SERVER_EVENT_TYPES = {
  message_sent: true,
  message_replied: true,
  message_edited: true,
  message_deleted: true,
  reaction_added: true,
  message_read: true,
  notification_read: true,
  send_notification: true,
  notification_updated: true,
  announcement_created: true,
  announcement_removed: true,
  unread_count: true,
  error: true,
} satisfies Record<ServerEventType, true>;

const isServerEventType = (value: string): value is ServerEventType =>
  Object.hasOwn(SERVER_EVENT_TYPES, value);

/**
 * `connecting` until the first connection opens, `reconnecting` while retrying after a drop or a
 * failed try, `closed` when stopped or refused for good.
 */
export type ConnectionStatus = "connecting" | "open" | "reconnecting" | "closed";

export interface ChannelListener {
  onEvent: (frame: ServerFrame) => void;
  /** Called on every (re)connection: the place to fetch what was missed while offline. */
  onOpen?: (info: { reconnected: boolean }) => void;
}

/** Close codes after which retrying cannot help (not a party, unknown object). */
const PERMANENT_CLOSE_CODES = new Set<number>([WS_CLOSE_CODES.forbidden, WS_CLOSE_CODES.notFound]);
/**
 * Frames kept while offline: no more than the server accepts in one burst on reconnect, both per
 * socket and from the user's chat budget (shared by all of their sockets).
 */
const MAX_QUEUED_FRAMES = Math.min(SOCKET_FRAME_BURST, CHAT_ACTION_BURST);

const log = (...args: unknown[]) => console.warn("[realtime]", ...args);

/** The longest wait between two tries once the quick ones are used up. */
export const RECONNECT_MAX_DELAY_MS = 30_000;

/**
 * The wait before reconnect try `attempt` (1 = the first after a drop): the spec's
 * CHAT_RECONNECT_ATTEMPTS tries, CHAT_RECONNECT_DELAY_MS apart; then, so a slow restart is still
 * caught without every client knocking at once, doubling waits capped at RECONNECT_MAX_DELAY_MS,
 * each drawn between half the ceiling and the ceiling.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  if (attempt <= CHAT_RECONNECT_ATTEMPTS) return CHAT_RECONNECT_DELAY_MS;
  const doublings = Math.min(attempt - CHAT_RECONNECT_ATTEMPTS, 16);
  const ceiling = Math.min(RECONNECT_MAX_DELAY_MS, CHAT_RECONNECT_DELAY_MS * 2 ** doublings);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** `/ws/<path>?token=...` on the page's own origin; `path` may be one of the contract's wsPaths. */
export function socketUrl(path: string, token: string | null): string {
  const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
  const clean = path.replace(/^\/+/, "").replace(/^ws\//, "").replace(/\/?$/, "/");
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  return `${protocol}//${window.location.host}/ws/${clean}${query}`;
}

function tokenExpiresAt(token: string): number | null {
  try {
    const payload = token.split(".")[1];
    if (!payload) return null;
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as {
      exp?: unknown;
    };
    return typeof json.exp === "number" ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Sockets carry the access token in their URL, so a stale one is renewed first; any authenticated
 * call does that through the API client's refresh-and-replay.
 */
async function ensureFreshToken(force = false): Promise<void> {
  const token = authStorage.getAccessToken();
  if (!token) return;
  const expiresAt = tokenExpiresAt(token);
  if (!force && (expiresAt === null || expiresAt > Date.now() + 5_000)) return;
  try {
    await api.read(meRequest);
  } catch (error) {
    log("token refresh failed", error);
  }
}

/** Parses one inbound frame; returns null (and logs) for anything malformed. */
export function parseFrame(raw: unknown): { event_type: string; data: unknown } | null {
  if (typeof raw !== "string") return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      value &&
      typeof value === "object" &&
      typeof (value as { event_type?: unknown }).event_type === "string"
    ) {
      const frame = value as { event_type: string; data?: unknown };
      return { event_type: frame.event_type, data: frame.data ?? null };
    }
  } catch {
    // fall through to the log below
  }
  log("malformed frame dropped", raw);
  return null;
}

/**
 * One WebSocket shared by every subscriber of the same path. Reconnects on the reconnectDelay
 * schedule for as long as someone is subscribed; the counter resets on open.
 */
class Channel {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private hasOpened = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private backfillTimer: ReturnType<typeof setTimeout> | null = null;
  private connecting: Promise<void> | null = null;
  private stopped = false;
  private queue: string[] = [];
  private statusListeners = new Set<() => void>();
  readonly listeners = new Set<ChannelListener>();
  status: ConnectionStatus = "connecting";

  constructor(readonly path: string) {}

  start() {
    this.stopped = false;
    this.attempts = 0;
    if (!this.socket && !this.retryTimer && !this.connecting) this.connect();
  }

  stop() {
    this.stopped = true;
    // Started again later, the channel opens as new: its subscribers read fresh data as they
    // mount, so there is no gap for a reconnect to recover.
    this.hasOpened = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.backfillTimer) clearTimeout(this.backfillTimer);
    this.backfillTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.queue = [];
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      if (socket.readyState === WebSocket.CONNECTING) {
        // Closing a socket that is still connecting makes browsers log an error; wait for open.
        socket.onopen = () => socket.close(1000);
      } else {
        socket.onopen = null;
        socket.close(1000);
      }
    }
    this.setStatus("closed");
  }

  /** Sends a frame now, or queues it until the connection opens. */
  send(frame: object): boolean {
    const text = JSON.stringify(frame);
    if (this.socket?.readyState === WebSocket.OPEN) {
      try {
        this.socket.send(text);
        return true;
      } catch (error) {
        log("send failed", error);
        return false;
      }
    }
    if (this.stopped || this.queue.length >= MAX_QUEUED_FRAMES) {
      log("send dropped: not connected");
      return false;
    }
    this.queue.push(text);
    return true;
  }

  subscribeStatus = (listener: () => void) => {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  };

  private setStatus(status: ConnectionStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private connect() {
    this.retryTimer = null;
    if (this.stopped) return;
    this.setStatus(this.attempts === 0 ? "connecting" : "reconnecting");
    this.connecting = ensureFreshToken().then(() => {
      this.connecting = null;
      this.open();
    });
  }

  private open() {
    if (this.stopped || this.socket) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(socketUrl(this.path, authStorage.getAccessToken()));
    } catch (error) {
      log("could not open", this.path, error);
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      const reconnected = this.hasOpened;
      this.hasOpened = true;
      this.setStatus("open");
      const pending = this.queue;
      this.queue = [];
      for (const text of pending) socket.send(text);
      const opened = () => {
        this.backfillTimer = null;
        for (const listener of this.listeners) listener.onOpen?.({ reconnected });
      };
      if (this.backfillTimer) clearTimeout(this.backfillTimer);
      if (!reconnected) opened();
      // Back after a drop: the listeners backfill a moment later, spread like everyone else's.
      else this.backfillTimer = setTimeout(opened, Math.random() * RECONNECT_BACKFILL_SPREAD_MS);
    };
    socket.onmessage = (event: MessageEvent) => {
      const frame = parseFrame(event.data);
      if (!frame) return;
      if (!isServerEventType(frame.event_type)) {
        log("unknown event type", frame.event_type);
        return;
      }
      // The type is one the contract names; its data is trusted as the server's own.
      const serverEvent = frame as ServerFrame;
      if (serverEvent.event_type === "error") log("server refused a frame", serverEvent.data);
      for (const listener of this.listeners) listener.onEvent(serverEvent);
    };
    socket.onerror = () => log("socket error", this.path);
    socket.onclose = (event: CloseEvent) => {
      this.socket = null;
      if (this.stopped) return;
      if (PERMANENT_CLOSE_CODES.has(event.code)) {
        log("closed by server", this.path, event.code, event.reason);
        this.setStatus("closed");
        return;
      }
      if (event.code === WS_CLOSE_CODES.unauthorized) {
        // The access token expired while connected: refresh it, then reconnect with the new one.
        void ensureFreshToken(true).then(() => this.scheduleRetry());
        return;
      }
      this.scheduleRetry();
    };
  }

  private scheduleRetry() {
    if (this.stopped) return;
    this.attempts += 1;
    if (this.attempts === CHAT_RECONNECT_ATTEMPTS + 1) {
      log("still offline after", CHAT_RECONNECT_ATTEMPTS, "tries; retrying less often", this.path);
    }
    this.setStatus("reconnecting");
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), reconnectDelay(this.attempts));
  }

  /** Tries at once instead of waiting out the current wait (a later failure keeps the schedule). */
  retryNow() {
    if (this.stopped || this.socket || this.connecting) return;
    if (this.status !== "reconnecting" && this.status !== "closed") return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.connect();
  }

  /**
   * A regained network or a visible tab tries at once: after a refusal, or instead of waiting out
   * the current wait (a failure keeps the schedule).
   */
  revive() {
    if (this.stopped || this.socket || this.connecting) return;
    if (this.status === "closed" && !this.retryTimer) {
      this.attempts = 0;
      this.connect();
    } else if (this.status === "reconnecting") {
      this.retryNow();
    }
  }
}

const channels = new Map<string, Channel>();

function revivalHandler() {
  if (typeof document !== "undefined" && document.visibilityState === "hidden") return;
  for (const channel of channels.values()) channel.revive();
}
if (typeof window !== "undefined") {
  window.addEventListener("online", revivalHandler);
  document.addEventListener("visibilitychange", revivalHandler);
}

function channelFor(path: string): Channel {
  let channel = channels.get(path);
  if (!channel) {
    channel = new Channel(path);
    channels.set(path, channel);
  }
  return channel;
}

/** Joins a channel (shared per path); returns the way out. */
export function subscribeChannel(path: string, listener: ChannelListener): () => void {
  const channel = channelFor(path);
  channel.listeners.add(listener);
  channel.start();
  const joined = channel;
  return () => {
    joined.listeners.delete(listener);
    // The idle channel object stays in the map (it holds no socket) so hooks keep one identity.
    if (joined.listeners.size === 0) joined.stop();
  };
}

/** Sends a client action on an open (or opening) channel. */
export function sendOnChannel(path: string, frame: ClientFrame): boolean {
  const channel = channels.get(path);
  if (!channel) {
    log("send on a channel nobody joined", path);
    return false;
  }
  return channel.send(frame);
}

/** Tries to reconnect the channel now. */
export function retryChannelNow(path: string) {
  channels.get(path)?.retryNow();
}

/** "Retry now": every channel waiting to reconnect tries at once (they share one network). */
export function retryAllChannelsNow() {
  for (const channel of channels.values()) channel.retryNow();
}

/** The channel's connection state, outside React. */
export function channelStatus(path: string): ConnectionStatus {
  return channels.get(path)?.status ?? "closed";
}

const subscribeNothing = () => () => undefined;

/**
 * Keeps the component joined to `path` (null = not joined) and hands each event to `onEvent`.
 * Handlers may change between renders without reconnecting.
 */
export function useRealtimeChannel(
  path: string | null,
  handlers: ChannelListener,
): {
  status: ConnectionStatus;
  send: (frame: ClientFrame) => boolean;
  retryNow: () => void;
} {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!path) return;
    return subscribeChannel(path, {
      onEvent: (frame) => handlersRef.current.onEvent(frame),
      onOpen: (info) => handlersRef.current.onOpen?.(info),
    });
  }, [path]);

  // No channel on a server (the first paint of an order page), which shows the channel as a new
  // one starts: connecting.
  const channel = path && typeof window !== "undefined" ? channelFor(path) : null;
  const status = useSyncExternalStore(
    channel ? channel.subscribeStatus : subscribeNothing,
    () => (channel ? channel.status : "closed"),
    (): ConnectionStatus => (path ? "connecting" : "closed"),
  );

  const send = useCallback(
    (frame: ClientFrame) => (path ? sendOnChannel(path, frame) : false),
    [path],
  );
  return { status, send, retryNow: retryAllChannelsNow };
}
