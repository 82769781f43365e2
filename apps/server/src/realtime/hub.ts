import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { ServerEvent } from "@fba/contract";

/** Rooms a socket can be in. */
export type Room = `shipment:${number}` | `sample:${number}` | `user:${number}` | "announcements";

export const rooms = {
  shipment: (id: number): Room => `shipment:${id}`,
  sample: (id: number): Room => `sample:${id}`,
  user: (id: number): Room => `user:${id}`,
  announcements: "announcements" as Room,
};

/** What the hub needs from a connection: who it is and a way to send it a serialized frame. */
export interface HubMember {
  readonly userId: number | null;
  send(frame: string): void;
}

export interface PublishOptions {
  /** Every socket of this user is skipped (an announcement's sender). */
  excludeUserId?: number;
}

/** What travels between instances: a frame for a room, or a user whose sockets must close. */
type WireEnvelope =
  | {
      /** Origin instance: an instance never re-delivers what it already delivered locally. */
      o: string;
      r: Room;
      f: string;
      x?: number;
    }
  | { o: string; d: number };

const CHANNEL = "fba:realtime";

/**
 * Fan-out of server frames to the sockets in a room. Local sockets are served first, straight from
 * memory, so an instance keeps serving its own sockets while Redis is away; with Redis every
 * other instance receives the frame on one shared channel and delivers it to its own members.
 * Each instance sees all traffic and filters by room, which is cheap at this product's scale;
 * sharding the channel per room is the next step if it ever is not.
 */
export class RealtimeHub {
  readonly instanceId = randomUUID();
  private readonly members = new Map<Room, Set<HubMember>>();
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  private readonly disconnectHandlers: Array<(userId: number) => void> = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Connects to Redis for cross-instance delivery; without a URL the hub stays in-process. */
  async connect(redisUrl: string | undefined): Promise<void> {
    if (!redisUrl) return;
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

  /** Delivers a frame to every member of the room on every instance. Never throws. */
  publish(room: Room, event: ServerEvent, options: PublishOptions = {}): void {
    const frame = JSON.stringify(event);
    this.deliver(room, frame, options.excludeUserId);
    if (!this.publisher) return;
    const envelope: WireEnvelope = { o: this.instanceId, r: room, f: frame };
    if (options.excludeUserId !== undefined) envelope.x = options.excludeUserId;
    this.publisher.publish(CHANNEL, JSON.stringify(envelope)).catch((error: Error) => {
      this.log.warn({ err: error.message, room }, "realtime cross-instance publish failed");
    });
  }

  /** Runs on every instance when a user's sockets must close (see disconnectUser). */
  onDisconnectUser(handler: (userId: number) => void): void {
    this.disconnectHandlers.push(handler);
  }

  /**
   * Closes every socket of a user on every instance (a disabled account). Never throws; while
   * Redis is away other instances miss it and their sockets end when the access token expires.
   */
  disconnectUser(userId: number): void {
    this.runDisconnect(userId);
    if (!this.publisher) return;
    const envelope: WireEnvelope = { o: this.instanceId, d: userId };
    this.publisher.publish(CHANNEL, JSON.stringify(envelope)).catch((error: Error) => {
      this.log.warn({ err: error.message }, "realtime cross-instance disconnect failed");
    });
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
    let envelope: WireEnvelope;
    try {
      envelope = JSON.parse(message) as WireEnvelope;
    } catch {
      return;
    }
    if (envelope.o === this.instanceId) return;
    if ("d" in envelope) {
      if (typeof envelope.d === "number") this.runDisconnect(envelope.d);
      return;
    }
    if (typeof envelope.f !== "string") return;
    this.deliver(envelope.r, envelope.f, envelope.x);
  }

  private runDisconnect(userId: number): void {
    for (const handler of this.disconnectHandlers) {
      try {
        handler(userId);
      } catch (error) {
        this.log.warn({ err: (error as Error).message }, "realtime disconnect failed");
      }
    }
  }

  private deliver(room: Room, frame: string, excludeUserId: number | undefined): void {
    const set = this.members.get(room);
    if (!set) return;
    for (const member of set) {
      if (excludeUserId !== undefined && member.userId === excludeUserId) continue;
      try {
        member.send(frame);
      } catch (error) {
        this.log.debug({ err: (error as Error).message }, "realtime send failed");
      }
    }
  }
}
