import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import type { DbOrTx } from "../db/client.js";
import { insertDomainEvent, markSubscribersRan } from "./outbox.repository.js";
import { outsideRequest } from "../db/request-clock.js";
import type { DomainEventName, DomainEvents } from "./domain-events.js";

// The event map and who each event concerns live in domain-events.ts; the bus is read from here.
export type { DomainEventName, DomainEvents } from "./domain-events.js";
export { usersConcerned } from "./domain-events.js";

type Listener<K extends DomainEventName> = (payload: DomainEvents[K]) => void | Promise<void>;

/** What a subscriber is told besides the event: its outbox id (the idempotency key) and the attempt. */
export interface DeliveryContext {
  eventId: number;
  attempt: number;
}

type Subscriber<K extends DomainEventName> = (
  payload: DomainEvents[K],
  context: DeliveryContext,
) => void | Promise<void>;

/**
 * What a subscriber that runs in its event's transaction is told besides the event: that
 * transaction, and a place for what must wait for its commit (live frames).
 */
export interface TransactionContext extends DeliveryContext {
  tx: DbOrTx;
  afterCommit(task: () => void): void;
}

type TransactionSubscriber<K extends DomainEventName> = (
  payload: DomainEvents[K],
  context: TransactionContext,
) => Promise<void>;

/** A subscriber as the dispatcher sees it. */
export interface RegisteredSubscriber {
  name: string;
  handle(payload: unknown, context: DeliveryContext): Promise<void>;
  /** Set for a subscriber that runs inside the transaction recording its event. */
  inTransaction?(payload: unknown, context: TransactionContext): Promise<void>;
}

/** The outbox's dispatcher as the bus sees it (absent on a web-only instance). */
export interface Dispatch {
  wake(): void;
  drain(): Promise<void>;
}

export class EventBus {
  private readonly emitter = new EventEmitter({ captureRejections: false });
  /** Listener work still running: shutdown waits for it before the database closes. */
  private readonly pending = new Set<Promise<void>>();
  /** Told of every event, synchronously, before its listeners run. */
  private readonly everyEvent: Array<
    <K extends DomainEventName>(name: K, payload: DomainEvents[K]) => void
  > = [];
  private readonly subscribers = new Map<string, RegisteredSubscriber[]>();
  /** Payloads already written to the outbox in their transaction. */
  private readonly recorded = new WeakSet<object>();
  /** What in-transaction subscribers left for the commit, by payload: run by `emit`. */
  private readonly committed = new WeakMap<object, { tasks: Array<() => void>; done: boolean }>();
  private dispatch: Dispatch | undefined;

  constructor(
    private readonly log?: FastifyBaseLogger,
    private readonly db?: DbOrTx,
  ) {
    this.emitter.setMaxListeners(50);
  }

  on<K extends DomainEventName>(name: K, listener: Listener<K>): void {
    this.emitter.on(name, (payload: DomainEvents[K]) => {
      try {
        const result = listener(payload);
        if (result instanceof Promise) {
          const settled = result
            .catch((error: unknown) =>
              this.log?.error({ err: error, event: name }, "event listener failed"),
            )
            .finally(() => this.pending.delete(settled));
          this.pending.add(settled);
        }
      } catch (error) {
        this.log?.error({ err: error, event: name }, "event listener failed");
      }
    });
  }

  /**
   * A durable reaction, named (the name marks it done on the event's row, so keep it stable):
   * the event goes through the outbox and `subscriber` runs once it committed, retried until it
   * succeeds. It may run more than once for one event (a crash after it ran): make it idempotent
   * by `context.eventId`.
   */
  subscribe<K extends DomainEventName>(event: K, name: string, subscriber: Subscriber<K>): void {
    const list = this.subscribers.get(event) ?? [];
    if (list.some((entry) => entry.name === name)) {
      throw new Error(`subscriber ${name} of ${event} registered twice`);
    }
    list.push({
      name,
      handle: async (payload, context) => subscriber(payload as DomainEvents[K], context),
    });
    this.subscribers.set(event, list);
  }

  /**
   * A durable reaction that runs inside the transaction recording its event (`record`), so what
   * it writes commits with the change and what it leaves for the commit (a live frame) goes out
   * right after it, with no dispatcher between. If it fails there, the change still commits and
   * the dispatcher runs it later, as any subscriber (in a transaction of its own, its tasks right
   * after that commits). Keep it to a few statements: the change's request waits for it.
   */
  subscribeInTransaction<K extends DomainEventName>(
    event: K,
    name: string,
    subscriber: TransactionSubscriber<K>,
  ): void {
    const db = this.db;
    this.subscribe(event, name, async (payload, context) => {
      if (!db) throw new Error(`subscriber ${name} of ${event} needs the bus's database`);
      const tasks: Array<() => void> = [];
      await db.transaction((tx) =>
        subscriber(payload, { ...context, tx, afterCommit: (task) => tasks.push(task) }),
      );
      for (const task of tasks) task();
    });
    const entry = this.subscribers.get(event)!.at(-1)!;
    entry.inTransaction = (payload, context) => subscriber(payload as DomainEvents[K], context);
  }

  subscribersOf(event: string): readonly RegisteredSubscriber[] {
    return this.subscribers.get(event) ?? [];
  }

  /** True when the event has subscribers, and so goes through the outbox. */
  isDurable(event: DomainEventName): boolean {
    return this.subscribers.has(event);
  }

  /** Connects the dispatcher that `emit` wakes and `settle` drains. */
  attachDispatch(dispatch: Dispatch | undefined): void {
    this.dispatch = dispatch;
  }

  /**
   * Writes the event to the outbox in the caller's transaction (when it has subscribers), so it
   * exists exactly when the change does. Emit the same payload after the commit. With a dedupe
   * key, an event already written under it is not written again.
   */
  async record<K extends DomainEventName>(
    tx: DbOrTx,
    name: K,
    payload: DomainEvents[K],
    options: { dedupeKey?: string } = {},
  ): Promise<DomainEvents[K]> {
    if (this.isDurable(name)) {
      const id = await insertDomainEvent(tx, name, payload, options.dedupeKey);
      if (id !== null) await this.runInTransaction(tx, id, name, payload);
    }
    this.recorded.add(payload);
    return payload;
  }

  /**
   * Runs the event's in-transaction subscribers, each behind a savepoint: one that fails is
   * rolled back alone and left to the dispatcher. Those that ran are marked on the event's row
   * (done when they are all it has), in the same transaction.
   */
  private async runInTransaction(
    tx: DbOrTx,
    eventId: number,
    name: string,
    payload: object,
  ): Promise<void> {
    const all = this.subscribersOf(name);
    const here = all.filter((subscriber) => subscriber.inTransaction);
    if (here.length === 0) return;
    const ran: string[] = [];
    const tasks: Array<() => void> = [];
    for (const subscriber of here) {
      const mine: Array<() => void> = [];
      try {
        await tx.transaction((savepoint) =>
          subscriber.inTransaction!(payload, {
            eventId,
            attempt: 0,
            tx: savepoint,
            afterCommit: (task) => mine.push(task),
          }),
        );
        ran.push(subscriber.name);
        tasks.push(...mine);
      } catch (error) {
        this.log?.warn(
          { err: error, event: name, subscriber: subscriber.name },
          "in-transaction subscriber failed; the dispatcher will run it",
        );
      }
    }
    if (ran.length === 0) return;
    const done = ran.length === all.length;
    await markSubscribersRan(tx, eventId, ran, done);
    this.committed.set(payload, { tasks, done });
  }

  /** Asks the dispatcher (when this process runs one) to look for due events now. */
  wakeDispatch(): void {
    this.dispatch?.wake();
  }

  /** Names of the events that have subscribers. */
  subscribedEvents(): string[] {
    return [...this.subscribers.keys()];
  }

  /** A list of events to record in one transaction and emit after its commit. */
  staged(): StagedEvents {
    return new StagedEvents(this);
  }

  /** Runs, synchronously, on every event before its listeners: whatever changed, it hears of it. */
  onEvery(listener: <K extends DomainEventName>(name: K, payload: DomainEvents[K]) => void): void {
    this.everyEvent.push(listener);
  }

  /**
   * After the commit: tells the in-memory listeners, and wakes the dispatcher for the event's
   * subscribers. An event with subscribers that was not recorded in its transaction is written
   * to the outbox now (no longer atomic with its change, but still delivered after a crash).
   */
  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    for (const listener of this.everyEvent) listener(name, payload);
    this.emitter.emit(name, payload);
    if (!this.isDurable(name)) return;
    if (this.recorded.has(payload)) {
      const committed = this.committed.get(payload);
      this.committed.delete(payload);
      for (const task of committed?.tasks ?? []) {
        try {
          task();
        } catch (error) {
          this.log?.error({ err: error, event: name }, "after-commit task failed");
        }
      }
      if (!committed?.done) this.dispatch?.wake();
      return;
    }
    const db = this.db;
    if (!db) return;
    this.background(async () => {
      await insertDomainEvent(db, name, payload);
      this.dispatch?.wake();
    }, "recording an event failed");
  }

  /**
   * After-commit work a service starts and does not wait for (working out whom to notify): like a
   * listener's, it is logged when it fails and shutdown waits for it before the database closes.
   */
  background(task: () => Promise<void>, failure: string): void {
    // Not the request's work (it has been answered): its queries wait as background work does.
    const settled: Promise<void> = outsideRequest(task)
      .catch((error: unknown) => this.log?.error({ err: error }, failure))
      .finally(() => this.pending.delete(settled));
    this.pending.add(settled);
  }

  /**
   * Resolves once no listener work is running, including work that running listeners start, and
   * the outbox has nothing due left (every subscriber of every event so far has run).
   */
  async settle(): Promise<void> {
    for (;;) {
      while (this.pending.size > 0) await Promise.all([...this.pending]);
      if (!this.dispatch) return;
      await this.dispatch.drain();
      if (this.pending.size === 0) return;
    }
  }
}

type AnyEvent = { [K in DomainEventName]: { name: K; payload: DomainEvents[K] } }[DomainEventName];

/**
 * Events a transaction records (`record(tx, ...)` inside it) and its caller emits once it
 * committed (`emit()`); nothing is emitted when it rolled back.
 */
export class StagedEvents {
  private readonly items: AnyEvent[] = [];

  constructor(private readonly bus: EventBus) {}

  async record<K extends DomainEventName>(
    tx: DbOrTx,
    name: K,
    payload: DomainEvents[K],
  ): Promise<void> {
    await this.bus.record(tx, name, payload);
    this.items.push({ name, payload } as AnyEvent);
  }

  emit(): void {
    for (const item of this.items.splice(0)) {
      this.bus.emit(item.name, item.payload as never);
    }
  }
}
