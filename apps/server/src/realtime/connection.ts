import type { WebSocket } from "ws";
import {
  CHAT_ACTION_BURST,
  CHAT_ACTIONS_PER_SECOND,
  SOCKET_FRAME_BURST,
  WS_CLOSE_CODES,
  type ServerEvent,
} from "@fba/contract";
import type { AuthUser } from "../lib/principal.js";
import type { HubMember, Room } from "./hub.js";
import type { SocketEndpoint, SocketScope } from "./sockets.js";

/** Tunables of the gateway; the defaults are the production values. */
export interface GatewayLimits {
  heartbeatMs: number;
  /** Token bucket per connection: burst size and refill per second. */
  burst: number;
  refillPerSecond: number;
  /** Frames dropped by the rate limit before the connection is closed with 1008. */
  maxDropped: number;
  maxSocketsPerUser: number;
  /** Sockets of one user on one chat (on this instance); maxSocketsPerUser caps them overall. */
  maxSocketsPerUserPerChat: number;
  /** Chat actions of one user across all of their sockets and instances: burst, then per second. */
  chatActionBurst: number;
  chatActionsPerSecond: number;
  /**
   * How often the owners of open sockets are checked against the database, so a disable that
   * another instance could not announce (Redis down) still closes them. 0 turns it off.
   */
  recheckIntervalMs: number;
  /** Sockets without a signed-in user (the public announcement channel) per client IP. */
  maxAnonymousSocketsPerIp: number;
  /** A client that does not read its frames is cut off past this much unsent data. */
  maxBufferedBytes: number;
}

export const defaultGatewayLimits: GatewayLimits = {
  heartbeatMs: 30_000,
  burst: SOCKET_FRAME_BURST,
  refillPerSecond: 10,
  maxDropped: 40,
  maxSocketsPerUser: 20,
  maxSocketsPerUserPerChat: 5,
  chatActionBurst: CHAT_ACTION_BURST,
  chatActionsPerSecond: CHAT_ACTIONS_PER_SECOND,
  recheckIntervalMs: 30_000,
  maxAnonymousSocketsPerIp: 20,
  maxBufferedBytes: 4 * 1024 * 1024,
};

/** What the upgrade request was allowed to become, decided before the upgrade. */
export interface Admission {
  refuse?: { code: number; reason: string };
  endpoint: SocketEndpoint;
  user: AuthUser | null;
  tokenExpiresAt: number | null;
  /**
   * The session the token was issued for. A socket with one outlives its token: it closes when
   * the session ends (logout, password change) or the account is disabled. Without one (older
   * tokens) it closes when the token expires.
   */
  sessionId: string | null;
  rooms: Room[];
  scope: SocketScope | null;
  /** When the check began: the user's access withdrawn since then refuses the socket. */
  checkedAt: number;
}

const TEXT_FRAME = { binary: false } as const;

/** One open socket: its admission, its frame budget and the queue its actions run in. */
export class Connection implements HubMember {
  alive = true;
  private tokens: number;
  private lastRefill = Date.now();
  private dropped = 0;
  private lastDrop = 0;
  private queue: Promise<void> = Promise.resolve();
  expiryTimer: NodeJS.Timeout | null = null;
  /** Which of the heartbeat's slices pings this socket (see ConnectionRegistry). */
  heartbeatSlice = 0;
  /** Set once the user's access is withdrawn: frames still queued are not acted on. */
  revoked = false;

  constructor(
    readonly socket: WebSocket,
    readonly admission: Admission,
    private readonly limits: GatewayLimits,
  ) {
    this.tokens = limits.burst;
  }

  get userId(): number | null {
    return this.admission.user?.id ?? null;
  }

  /** Sends a text frame given as its UTF-8 bytes (shared by every member of a room). */
  send(frame: Buffer): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.socket.terminate();
      return;
    }
    this.socket.send(frame, TEXT_FRAME);
  }

  sendEvent(event: ServerEvent): void {
    this.send(Buffer.from(JSON.stringify(event)));
  }

  /** Token bucket; "drop" once over the burst, "close" on a sustained flood. */
  admitFrame(): "ok" | "drop" | "close" {
    const now = Date.now();
    this.tokens = Math.min(
      this.limits.burst,
      this.tokens + ((now - this.lastRefill) / 1000) * this.limits.refillPerSecond,
    );
    this.lastRefill = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return "ok";
    }
    if (now - this.lastDrop > 10_000) this.dropped = 0;
    this.lastDrop = now;
    this.dropped += 1;
    return this.dropped > this.limits.maxDropped ? "close" : "drop";
  }

  /** Closes the socket as an invalid token would, dropping frames not yet handled. */
  revoke(reason: string, code: number = WS_CLOSE_CODES.unauthorized): void {
    this.revoked = true;
    this.socket.close(code, reason);
  }

  /** Actions of one connection run one after another, in the order they arrived. */
  enqueue(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(task, task);
    return this.queue;
  }
}
