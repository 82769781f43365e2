import type { FastifyBaseLogger } from "fastify";
import pLimit from "p-limit";
import type { Db } from "../db/client.js";
import type { EventBus } from "./events.js";
import { outsideRequest } from "../db/request-clock.js";
import {
  claimDueEvents,
  countDueEvents,
  markEventsDone,
  markEventFailed,
  type OutboxEvent,
} from "./outbox.repository.js";

export interface DispatcherOptions {
  batchSize?: number;
  /** How long a claimed event is this dispatcher's before another may take it over. */
  leaseMs?: number;
  /** Attempts before an event is parked for an admin. */
  maxAttempts?: number;
  /** The first retry's delay; each further one doubles it (at most 5 minutes). */
  baseDelayMs?: number;
  /** Lanes handled at once, over every batch (each holds a pooled connection while its subscribers run). */
  concurrency?: number;
  /** Batches a wake may have running at once (a new event need not wait for a running batch). */
  maxBatches?: number;
}

/**
 * What an event's order matters within: its shipment, sample, chat, announcement or user. Events
 * of different keys may be handled side by side; those of one key (or naming none) in turn.
 */
export function orderingKey(payload: unknown): string {
  const event = (payload ?? {}) as Record<string, unknown>;
  const chat = event.chat as { kind?: unknown; id?: unknown } | undefined;
  if (typeof event.shipmentId === "number") return `shipment:${event.shipmentId}`;
  if (typeof event.sampleId === "number") return `sample:${event.sampleId}`;
  if (typeof event.chatId === "number") return `chat:${String(event.kind)}:${event.chatId}`;
  if (chat && typeof chat.id === "number") return `chat:${String(chat.kind)}:${chat.id}`;
  if (typeof event.announcementId === "number") return `announcement:${event.announcementId}`;
  if (typeof event.userId === "number") return `user:${event.userId}`;
  return "other";
}

/** Milliseconds before the next try after `attempts` failed tries. */
export function eventRetryDelayMs(attempts: number, baseDelayMs = 1000): number {
  return Math.min(5 * 60_000, baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Hands the outbox's events to their subscribers (lib/events.ts `subscribe`). Each event is
 * claimed with a lease; events of different shipments (chats, users: `orderingKey`) are handled
 * side by side, those of one in the order recorded; an event's subscribers run side by side, and those that succeeded are recorded
 * on the row, so a retry runs only the others. An event still failing after `maxAttempts` is
 * parked with its error. A dispatcher that dies mid-event leaves it to be taken over when the
 * lease runs out: subscribers may see an event twice and are idempotent by its id.
 */
export class OutboxDispatcher {
  readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxBatches: number;
  /** The lanes running at once, over every batch. */
  private readonly lanes: ReturnType<typeof pLimit>;
  /** Batches this process is running (a drain waits for them). */
  private readonly inFlight = new Set<Promise<number>>();
  /** Claims take turns: each batch queues its lanes behind earlier batches' before the next claim. */
  private claimTurn: Promise<void> = Promise.resolve();
  /** The last lane queued for each ordering key: the next lane of that key runs after it. */
  private readonly tails = new Map<string, Promise<void>>();
  /** A wake came while `maxBatches` ran: one more batch once one ends. */
  private wanted = false;
  /** Wakes start batches only between `start` and `stop`. */
  private stopped = true;
  /** Counters for /metrics. */
  readonly counters = { delivered: 0, failed: 0, parked: 0 };

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly log?: FastifyBaseLogger,
    options: DispatcherOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 50;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.lanes = pLimit(options.concurrency ?? 8);
    this.maxBatches = options.maxBatches ?? 4;
  }

  /**
   * Delivers what is due now, beside any batch already running (up to `maxBatches`): an event
   * recorded while a long batch runs is claimed at once rather than after it. A full batch wakes
   * the next; failures are logged and left to the retry schedule.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.inFlight.size >= this.maxBatches) {
      this.wanted = true;
      return;
    }
    outsideRequest(() => {
      this.runBatch().then(
        (claimed) => {
          if (claimed === this.batchSize) this.wake();
        },
        (error: unknown) => this.log?.warn({ err: error }, "event dispatch failed; retrying"),
      );
    });
  }

  start(): void {
    this.stopped = false;
  }

  /** No more wakes (shutdown): `drain` still delivers what is due. */
  stop(): void {
    this.stopped = true;
  }

  /** Claims and delivers one batch of due events; resolves with how many it claimed. */
  runBatch(): Promise<number> {
    // Off the in-flight set before its caller resumes: a drain must not see its own batch.
    const batch = { promise: Promise.resolve(0) };
    batch.promise = (async () => {
      try {
        return await this.deliverBatch();
      } finally {
        this.inFlight.delete(batch.promise);
        if (this.wanted && !this.stopped) {
          this.wanted = false;
          this.wake();
        }
      }
    })();
    this.inFlight.add(batch.promise);
    return batch.promise;
  }

  /**
   * Delivers every event due now, including those that delivering them records, and waits for
   * events other dispatchers hold. Events waiting for a later retry are left.
   */
  async drain(): Promise<void> {
    for (;;) {
      await Promise.allSettled([...this.inFlight]);
      if ((await this.runBatch()) > 0) continue;
      if (this.inFlight.size > 0) continue;
      if ((await countDueEvents(this.db)) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  private async deliverBatch(): Promise<number> {
    const delivered: Array<{ id: number; subscribers: string[] }> = [];
    const { events, lanes } = await this.claimLanes(async (lane) => {
      for (const event of lane) {
        const subscribers = await this.deliver(event);
        if (subscribers) delivered.push({ id: event.id, subscribers });
      }
    });
    const results = await Promise.allSettled(lanes);
    // Marked together, in one commit: an event whose mark a crash lost runs again once its
    // lease ends, which its subscribers allow for anyway (they are idempotent by event id).
    await markEventsDone(this.db, delivered);
    this.counters.delivered += delivered.length;
    const failure = results.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
    return events.length;
  }

  /**
   * Claims a batch and queues its lanes, in turn with other batches' claims. Lanes run side by
   * side (their subscribers wait on the database, mostly on commits), at most `concurrency` at
   * once; a lane runs after the earlier lanes of its key, here and in earlier batches: what
   * concerns one shipment, chat or user is handled in the order recorded.
   */
  private async claimLanes(
    handle: (lane: OutboxEvent[]) => Promise<void>,
  ): Promise<{ events: OutboxEvent[]; lanes: Array<Promise<void>> }> {
    const turn = this.claimTurn;
    let endTurn = () => {};
    this.claimTurn = new Promise((resolve) => (endTurn = resolve));
    try {
      await turn;
      const events = await claimDueEvents(this.db, this.batchSize, this.leaseMs);
      const byKey = new Map<string, OutboxEvent[]>();
      for (const event of events) {
        const key = orderingKey(event.payload);
        byKey.set(key, [...(byKey.get(key) ?? []), event]);
      }
      const lanes = [...byKey].map(([key, lane]) => {
        const previous = this.tails.get(key);
        const run = (async () => {
          await previous?.catch(() => undefined);
          await this.lanes(() => handle(lane));
        })();
        const tail = run.catch(() => undefined);
        this.tails.set(key, tail);
        void tail.then(() => {
          if (this.tails.get(key) === tail) this.tails.delete(key);
        });
        return run;
      });
      return { events, lanes };
    } finally {
      endTurn();
    }
  }

  /** Runs the event's subscribers; the names of all that ran, once none failed. */
  private async deliver(event: OutboxEvent): Promise<string[] | null> {
    const subscribers = this.bus
      .subscribersOf(event.name)
      .filter((subscriber) => !event.doneSubscribers.includes(subscriber.name));
    const done = [...event.doneSubscribers];
    const failures: string[] = [];
    const results = await Promise.allSettled(
      subscribers.map((subscriber) =>
        subscriber.handle(event.payload, { eventId: event.id, attempt: event.attempts }),
      ),
    );
    results.forEach((result, index) => {
      const subscriber = subscribers[index]!;
      if (result.status === "fulfilled") done.push(subscriber.name);
      else failures.push(`${subscriber.name}: ${errorText(result.reason)}`);
    });
    if (failures.length === 0) return done;
    const error = failures.join("; ");
    const park = event.attempts >= this.maxAttempts;
    this.counters.failed += 1;
    if (park) this.counters.parked += 1;
    const context = { eventId: event.id, event: event.name, attempts: event.attempts, err: error };
    if (park) this.log?.error(context, "event parked: its subscribers kept failing");
    else this.log?.warn(context, "event subscriber failed; retrying");
    await markEventFailed(
      this.db,
      event.id,
      done,
      error,
      park
        ? { park: true }
        : { park: false, delayMs: eventRetryDelayMs(event.attempts, this.baseDelayMs) },
    );
    return null;
  }
}
