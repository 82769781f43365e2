import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { ServerEvent } from "@fba/contract";

/** Rooms a socket can be in. */
export type Room =
  `shipment:${number}` | `sample:${number}` | `user:${number}` | "announcements" | "bells";

export const rooms = {
  shipment: (id: number): Room => `shipment:${id}`,
  sample: (id: number): Room => `sample:${id}`,
  user: (id: number): Room => `user:${id}`,
  announcements: "announcements" as Room,
  /** Every notification socket: what every bell must hear at once (an announcement removed). */
  bells: "bells" as Room,
  /** A shipment's or a sample's chat. */
  chat: (chat: { kind: "shipment" | "sample"; id: number }): Room =>
    chat.kind === "shipment" ? rooms.shipment(chat.id) : rooms.sample(chat.id),
};

/**
 * What the hub needs from a connection: who it is and a way to send it a frame, as the UTF-8 bytes
 * of its JSON (a text frame). One buffer is encoded per publish and shared by every member.
 */
export interface HubMember {
  readonly userId: number | null;
  send(frame: Buffer): void;
}

export interface PublishOptions {
  /** Every socket of this user is skipped (an announcement's sender). */
  excludeUserId?: number;
}

/** Who a chat's parties are now (besides admins): sockets of anyone else in its room must close. */
export interface ChatParties {
  kind: "shipment" | "sample";
  id: number;
  sellerId: number;
  /** The shipment's winning agent or the sample's claiming agent; null when none. */
  agentId: number | null;
}

/**
 * What travels between instances besides room frames (see roomMessage): a user whose sockets must
 * close, or a chat whose parties changed. `o` is the origin instance.
 */
type ControlEnvelope =
  | { o: string; d: number; s?: string }
  | { o: string; p: ChatParties }
  /**
   * Data changed on the origin: pages other instances hold from memory are stale, those of the
   * users in `u` when it is given, else every page (as instances of earlier releases send it).
   */
  | { o: string; c: 1; u?: number[] }
  /** A room frame as instances of earlier releases send it: accepted during a rolling deploy. */
  | { o: string; r: Room; f: string; x?: number };

const CHANNEL = "fba:realtime";

/**
 * A room frame on the wire: `<origin instance>\n<room>\n<excluded user or empty>\n<frame JSON>`.
 * The frame is carried as it will be sent, never JSON-encoded a second time, and a receiver reads
 * the three short header fields without parsing the frame. The origin comes first, so an instance
 * recognises its own messages by their prefix. Control envelopes are JSON objects (they start
 * with "{", which no instance id does).
 */
export function roomMessage(origin: string, room: Room, frame: string, excludeUserId?: number) {
  return `${origin}\n${room}\n${excludeUserId ?? ""}\n${frame}`;
}

/** The parts of a room frame message, or null when it is not one. */
export function parseRoomMessage(
  message: string,
): { origin: string; room: Room; excludeUserId: number | undefined; frame: string } | null {
  const first = message.indexOf("\n");
  const second = first < 0 ? -1 : message.indexOf("\n", first + 1);
  const third = second < 0 ? -1 : message.indexOf("\n", second + 1);
  if (third < 0) return null;
  const excluded = message.slice(second + 1, third);
  const excludeUserId = excluded === "" ? undefined : Number(excluded);
  if (excludeUserId !== undefined && !Number.isInteger(excludeUserId)) return null;
  return {
    origin: message.slice(0, first),
    room: message.slice(first + 1, second) as Room,
    excludeUserId,
    frame: message.slice(third + 1),
  };
}

/**
 * Fan-out of server frames to the sockets in a room. Local sockets are served first, straight from
 * memory, so an instance keeps serving its own sockets while Redis is away; with Redis every
 * other instance receives the frame on one shared channel and delivers it to its own members.
 * Each instance holds one subscription, sees all traffic and fans each frame out to its own
 * members of the room (a map lookup; a room without local members costs nothing more), which is
 * cheap at this product's scale; sharding the channel per room is the next step if it ever is not.
 */
export class RealtimeHub {
  readonly instanceId = randomUUID();
  private readonly members = new Map<Room, Set<HubMember>>();
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  private readonly disconnectHandlers: Array<(userId: number, sessionId?: string) => void> = [];
  private readonly partiesHandlers: Array<(parties: ChatParties) => void> = [];
  private readonly reconnectHandlers: Array<() => void> = [];
  private readonly dataChangedHandlers: Array<(users: readonly number[] | null) => void> = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Connects to Redis for cross-instance delivery; without a URL the hub stays in-process. */
  async connect(redisUrl: string | undefined): Promise<void> {
    if (!redisUrl) return;
    // The Redis client loads only when Redis is configured.
    const { Redis } = await import("ioredis");
    const common = {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      retryStrategy: (times: number) => Math.min(times * 200, 2_000),
    };
    // Publishing fails fast while Redis is down instead of queueing an unbounded backlog; the
    // clients backfill whatever they missed from the history endpoint after a reconnect.
    this.publisher = new Redis(redisUrl, {
      ...common,
      enableOfflineQueue: false,
      enableAutoPipelining: true,
    });
    this.subscriber = new Redis(redisUrl, { ...common, autoResubscribe: true });
    for (const client of [this.publisher, this.subscriber]) {
      client.on("error", (error: Error) =>
        this.log.warn({ err: error.message }, "realtime redis connection error"),
      );
    }
    this.subscriber.on("message", (_channel: string, message: string) => this.onRemote(message));
    // Whatever was published while Redis was away is lost: handlers re-check what they hold.
    let wasReady = false;
    this.subscriber.on("ready", () => {
      if (wasReady) this.runHandlers(this.reconnectHandlers, undefined);
      wasReady = true;
    });
    try {
      await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
      await this.subscriber.subscribe(CHANNEL);
    } catch (error) {
      // Start anyway: ioredis keeps retrying and resubscribes once Redis is reachable.
      this.log.warn({ err: (error as Error).message }, "realtime redis unavailable at start");
      this.subscriber.once("ready", () => {
        this.subscriber?.subscribe(CHANNEL).catch(() => undefined);
      });
    }
  }

  join(room: Room, member: HubMember): void {
    let set = this.members.get(room);
    if (!set) {
      set = new Set();
      this.members.set(room, set);
    }
    set.add(member);
  }

  leave(room: Room, member: HubMember): void {
    const set = this.members.get(room);
    if (!set) return;
    set.delete(member);
    if (set.size === 0) this.members.delete(room);
  }

  /** Local sockets currently in a room (tests and metrics). */
  size(room: Room): number {
    return this.members.get(room)?.size ?? 0;
  }

  /** The local members of a room, as a snapshot. */
  membersOf(room: Room): HubMember[] {
    return [...(this.members.get(room) ?? [])];
  }

  /**
   * Delivers a frame to every member of the room on every instance. Never throws. The frame is
   * encoded once: the same bytes go to every local member, and the same JSON, behind a short
   * header, to the other instances (publishes in one tick share one write to Redis).
   */
  publish(room: Room, event: ServerEvent, options: PublishOptions = {}): void {
    const frame = JSON.stringify(event);
    this.deliver(room, frame, options.excludeUserId);
    if (!this.publisher) return;
    const message = roomMessage(this.instanceId, room, frame, options.excludeUserId);
    this.publisher.publish(CHANNEL, message).catch((error: Error) => {
      this.log.warn({ err: error.message, room }, "realtime cross-instance publish failed");
    });
  }

  /** Runs on every instance when a user's sockets must close (see disconnectUser). */
  onDisconnectUser(handler: (userId: number, sessionId?: string) => void): void {
    this.disconnectHandlers.push(handler);
  }

  /**
   * Closes every socket of a user on every instance (a disabled account, every session ended),
   * or with `sessionId` only the sockets of that session (a logout). Never throws; while Redis
   * is away other instances miss it, and their gateway's periodic re-check of socket owners and
   * sessions against the database (and the one when Redis is back) closes those sockets instead.
   */
  disconnectUser(userId: number, sessionId?: string): void {
    this.runDisconnect(userId, sessionId);
    if (!this.publisher) return;
    const envelope: ControlEnvelope = {
      o: this.instanceId,
      d: userId,
      ...(sessionId !== undefined ? { s: sessionId } : {}),
    };
    this.publisher.publish(CHANNEL, JSON.stringify(envelope)).catch((error: Error) => {
      this.log.warn({ err: error.message }, "realtime cross-instance disconnect failed");
    });
  }

  /** Runs on every instance when a chat's parties change (see chatPartiesChanged). */
  onChatPartiesChanged(handler: (parties: ChatParties) => void): void {
    this.partiesHandlers.push(handler);
  }

  /**
   * Tells every instance who a chat's parties are now, so sockets of anyone else close. Local
   * sockets are handled before this returns, so a frame published after it never reaches them.
   */
  chatPartiesChanged(parties: ChatParties): void {
    this.runHandlers(this.partiesHandlers, parties);
    if (!this.publisher) return;
    const envelope: ControlEnvelope = { o: this.instanceId, p: parties };
    this.publisher.publish(CHANNEL, JSON.stringify(envelope)).catch((error: Error) => {
      this.log.warn({ err: error.message }, "realtime cross-instance party change failed");
    });
  }

  /**
   * Runs on every other instance when data changed on one (see dataChanged): with the users whose
   * data it was, or null when it may have been anyone's.
   */
  onDataChanged(handler: (users: readonly number[] | null) => void): void {
    this.dataChangedHandlers.push(handler);
  }

  /**
   * Tells the other instances that data changed here (the data of `users`, else anyone's), so
   * what they serve from memory is stale. Never throws; while Redis is away they miss it, and
   * what they hold expires on its own.
   */
  dataChanged(users: readonly number[] | null = null): void {
    if (!this.publisher) return;
    const envelope: ControlEnvelope = {
      o: this.instanceId,
      c: 1,
      ...(users ? { u: [...users] } : {}),
    };
    this.publisher.publish(CHANNEL, JSON.stringify(envelope)).catch((error: Error) => {
      this.log.warn({ err: error.message }, "realtime cross-instance data change failed");
    });
  }

  /** Runs after the connection to Redis came back: messages sent meanwhile were missed. */
  onReconnect(handler: () => void): void {
    this.reconnectHandlers.push(handler);
  }

  /** The Redis connection for shared counters while it is usable; null otherwise. */
  get commandClient(): Redis | null {
    return this.publisher?.status === "ready" ? this.publisher : null;
  }

  async close(): Promise<void> {
    this.members.clear();
    const clients = [this.publisher, this.subscriber].filter((c): c is Redis => c !== null);
    this.publisher = null;
    this.subscriber = null;
    await Promise.all(
      clients.map(async (client) => {
        try {
          await client.quit();
        } catch {
          client.disconnect();
        }
      }),
    );
  }

  private onRemote(message: string): void {
    if (message.startsWith(this.instanceId)) return;
    if (!message.startsWith("{")) {
      const parsed = parseRoomMessage(message);
      if (parsed) this.deliver(parsed.room, parsed.frame, parsed.excludeUserId);
      return;
    }
    let envelope: ControlEnvelope;
    try {
      envelope = JSON.parse(message) as ControlEnvelope;
    } catch {
      return;
    }
    if (envelope.o === this.instanceId) return;
    if ("d" in envelope) {
      const sessionId = typeof envelope.s === "string" ? envelope.s : undefined;
      if (typeof envelope.d === "number") this.runDisconnect(envelope.d, sessionId);
      return;
    }
    if ("p" in envelope) {
      if (isChatParties(envelope.p)) this.runHandlers(this.partiesHandlers, envelope.p);
      return;
    }
    if ("c" in envelope) {
      const users = envelope.u;
      const named = Array.isArray(users) && users.every((id) => Number.isSafeInteger(id));
      this.runHandlers(this.dataChangedHandlers, named ? users : null);
      return;
    }
    if (typeof envelope.f === "string" && typeof envelope.r === "string") {
      this.deliver(envelope.r, envelope.f, typeof envelope.x === "number" ? envelope.x : undefined);
    }
  }

  private runDisconnect(userId: number, sessionId: string | undefined): void {
    for (const handler of this.disconnectHandlers) {
      try {
        handler(userId, sessionId);
      } catch (error) {
        this.log.warn({ err: (error as Error).message }, "realtime handler failed");
      }
    }
  }

  private runHandlers<T>(handlers: Array<(value: T) => void>, value: T): void {
    for (const handler of handlers) {
      try {
        handler(value);
      } catch (error) {
        this.log.warn({ err: (error as Error).message }, "realtime handler failed");
      }
    }
  }

  private deliver(room: Room, frame: string, excludeUserId: number | undefined): void {
    const set = this.members.get(room);
    if (!set) return;
    const bytes = Buffer.from(frame);
    for (const member of set) {
      if (excludeUserId !== undefined && member.userId === excludeUserId) continue;
      try {
        member.send(bytes);
      } catch (error) {
        this.log.debug({ err: (error as Error).message }, "realtime send failed");
      }
    }
  }
}

function isChatParties(value: unknown): value is ChatParties {
  if (!value || typeof value !== "object") return false;
  const p = value as Record<string, unknown>;
  return (
    (p.kind === "shipment" || p.kind === "sample") &&
    typeof p.id === "number" &&
    typeof p.sellerId === "number" &&
    (p.agentId === null || typeof p.agentId === "number")
  );
}
