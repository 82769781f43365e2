import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.js";
import { openTestDatabase } from "../test/app.js";
import { EventBus } from "./events.js";
import { eventRetryDelayMs, orderingKey, OutboxDispatcher } from "./outbox.js";
import { deleteDoneEvents, listParkedEvents, retryParkedEvent } from "./outbox.repository.js";

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/** The outbox on its own: a bus, its dispatcher and a fresh database; no server. */
describe("the transactional outbox", () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    db = opened.database.db;
    drop = opened.drop;
  });
  afterAll(async () => drop());

  const setup = (options: { maxAttempts?: number } = {}) => {
    const bus = new EventBus(undefined, db);
    // Retries due at once: the test drives the attempts itself.
    const dispatcher = new OutboxDispatcher(db, bus, undefined, {
      baseDelayMs: 0,
      maxAttempts: options.maxAttempts ?? 3,
    });
    bus.attachDispatch({ wake: () => undefined, drain: () => dispatcher.drain() });
    return { bus, dispatcher };
  };
  const statusOf = async (name: string) =>
    rowsOf(
      await db.execute(
        sql`select status, attempts, done_subscribers, last_error from domain_events where name = ${name} order by id desc limit 1`,
      ),
    )[0];

  it("writes the event with the change's transaction, and none when it rolls back", async () => {
    const { bus } = setup();
    const heard: number[] = [];
    bus.subscribe("user.updated", "test", ({ userId }) => void heard.push(userId));
    await expect(
      db.transaction(async (tx) => {
        await bus.record(tx, "user.updated", { userId: 41 });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const event = await db.transaction((tx) => bus.record(tx, "user.updated", { userId: 42 }));
    bus.emit("user.updated", event);
    await bus.settle();
    expect(heard).toEqual([42]);
    expect(await statusOf("user.updated")).toMatchObject({ status: "done", attempts: 1 });
  });

  it("retries a failing subscriber alone, then parks the event with its error until an admin retries it", async () => {
    const { bus, dispatcher } = setup({ maxAttempts: 2 });
    let steady = 0;
    let flaky = 0;
    let healed = false;
    bus.subscribe("user.disabled", "steady", () => void (steady += 1));
    bus.subscribe("user.disabled", "flaky", () => {
      flaky += 1;
      if (!healed) throw new Error("mail relay down");
    });
    bus.emit("user.disabled", { userId: 7 });
    await bus.settle();
    // Two attempts (the retry due at once), then parked; the subscriber that succeeded ran once.
    expect({ steady, flaky }).toEqual({ steady: 1, flaky: 2 });
    expect(await statusOf("user.disabled")).toMatchObject({
      status: "parked",
      attempts: 2,
      done_subscribers: ["steady"],
      last_error: "flaky: mail relay down",
    });
    const [parked] = await listParkedEvents(db, 10);
    expect(parked).toMatchObject({ name: "user.disabled", payload: { userId: 7 } });

    healed = true;
    expect(await retryParkedEvent(db, parked!.id)).toBe(true);
    expect(await retryParkedEvent(db, parked!.id)).toBe(false);
    await dispatcher.drain();
    expect({ steady, flaky }).toEqual({ steady: 1, flaky: 3 });
    expect(await statusOf("user.disabled")).toMatchObject({ status: "done" });
  });

  it("hands a redelivered event to its subscribers again with the same id (they dedupe on it)", async () => {
    const { bus } = setup();
    const seen: number[] = [];
    bus.subscribe("user.sessions_ended", "test", (_event, { eventId }) => void seen.push(eventId));
    bus.emit("user.sessions_ended", { userId: 3 });
    await bus.settle();
    // A crash after the subscriber ran but before the row was marked done.
    await db.execute(
      sql`update domain_events set status = 'pending', done_subscribers = '{}' where name = 'user.sessions_ended'`,
    );
    await bus.settle();
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });

  it("takes over an event whose dispatcher died once its lease ran out", async () => {
    const { bus } = setup();
    const heard: number[] = [];
    bus.subscribe(
      "announcement.removed",
      "test",
      ({ announcementId }) => void heard.push(announcementId),
    );
    const event = await bus.record(db, "announcement.removed", { announcementId: 5, senderId: 1 });
    // Claimed by a dispatcher that died: nothing happens while its lease runs.
    await db.execute(
      sql`update domain_events set locked_until = now() + interval '1 hour', attempts = 1 where name = 'announcement.removed'`,
    );
    const other = new OutboxDispatcher(db, bus);
    expect(await other.runBatch()).toBe(0);
    await db.execute(
      sql`update domain_events set locked_until = now() - interval '1 second' where name = 'announcement.removed'`,
    );
    expect(await other.runBatch()).toBe(1);
    expect(heard).toEqual([event.announcementId]);
  });

  it("deletes delivered events after the days kept, and only those", async () => {
    await db.execute(
      sql`update domain_events set done_at = now() - interval '8 days' where status = 'done'`,
    );
    const done = Number(
      rowsOf(
        await db.execute(sql`select count(*)::int as n from domain_events where status = 'done'`),
      )[0]!.n,
    );
    expect(done).toBeGreaterThan(0);
    expect(await deleteDoneEvents(db, 7, 1000)).toBe(done);
    const left = rowsOf(await db.execute(sql`select status from domain_events`)).map(
      (row) => row.status,
    );
    expect(left.every((status) => status !== "done")).toBe(true);
  });

  it("handles one shipment's events in the order recorded, and other shipments' beside them", async () => {
    const { bus } = setup();
    const handled: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    bus.subscribe("rating.replied", "test", async ({ shipmentId, agentId }) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      handled.push(`${shipmentId}:${agentId}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
    });
    await db.transaction(async (tx) => {
      for (const [shipmentId, agentId] of [
        [901, 1],
        [901, 2],
        [902, 1],
        [901, 3],
      ] as const) {
        await bus.record(tx, "rating.replied", { shipmentId, sellerId: 1, agentId });
      }
    });
    await bus.settle();
    expect(handled.filter((entry) => entry.startsWith("901:"))).toEqual([
      "901:1",
      "901:2",
      "901:3",
    ]);
    expect(handled).toContain("902:1");
    expect(mostAtOnce).toBe(2);
    expect(orderingKey({ chat: { kind: "sample", id: 4 }, userId: 9 })).toBe("chat:sample:4");
    expect(orderingKey({ kind: "sample", chatId: 4, senderId: 9 })).toBe("chat:sample:4");
    expect(orderingKey({ max: 5 })).toBe("other");
  });

  it("starts a batch on a wake while another runs, keeping one shipment's events in order across them", async () => {
    const bus = new EventBus(undefined, db);
    const dispatcher = new OutboxDispatcher(db, bus, undefined, { baseDelayMs: 0 });
    bus.attachDispatch({ wake: () => dispatcher.wake(), drain: () => dispatcher.drain() });
    dispatcher.start();
    const handled: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    bus.subscribe("rating.replied", "test", async ({ shipmentId, agentId }) => {
      if (shipmentId === 911 && agentId === 1) await gate;
      handled.push(`${shipmentId}:${agentId}`);
    });
    const record = async (shipmentId: number, agentId: number) => {
      const event = await db.transaction((tx) =>
        bus.record(tx, "rating.replied", { shipmentId, sellerId: 1, agentId }),
      );
      bus.emit("rating.replied", event);
    };
    // The first batch holds shipment 911's first event until the gate opens.
    await record(911, 1);
    await expect.poll(() => dispatcher["inFlight"].size).toBe(1);
    await record(911, 2);
    await record(912, 1);
    // Another shipment's event is delivered beside the held batch; 911's next waits its turn.
    await expect.poll(() => handled).toEqual(["912:1"]);
    release();
    await bus.settle();
    expect(handled).toEqual(["912:1", "911:1", "911:2"]);
    dispatcher.stop();
  });

  describe("a subscriber in its event's transaction", () => {
    const written = async (userId: number) =>
      rowsOf(
        await db.execute(sql`select event_id from outbox_test_writes where user_id = ${userId}`),
      ).map((row) => Number(row.event_id));
    beforeAll(async () => {
      await db.execute(
        sql`create table if not exists outbox_test_writes (event_id bigint not null, user_id int not null)`,
      );
    });
    const inTransaction = (bus: EventBus, frames: number[], fail?: () => boolean) =>
      bus.subscribeInTransaction("user.sessions_ended", "notify", async ({ userId }, context) => {
        await context.tx.execute(
          sql`insert into outbox_test_writes (event_id, user_id) values (${context.eventId}, ${userId})`,
        );
        if (fail?.()) throw new Error("notification store down");
        context.afterCommit(() => frames.push(userId));
      });

    it("commits with the change, sends its frame only after the commit, and leaves the dispatcher nothing", async () => {
      const { bus } = setup();
      const frames: number[] = [];
      inTransaction(bus, frames);
      const event = await db.transaction(async (tx) => {
        const recorded = await bus.record(tx, "user.sessions_ended", { userId: 51 });
        // Written in the change's transaction, but nothing is announced before it commits.
        expect(frames).toEqual([]);
        return recorded;
      });
      bus.emit("user.sessions_ended", event);
      expect(frames).toEqual([51]);
      await bus.settle();
      // Run once, in the transaction: the dispatcher never claimed it (attempts 0).
      expect(frames).toEqual([51]);
      expect(await written(51)).toHaveLength(1);
      expect(await statusOf("user.sessions_ended")).toMatchObject({
        status: "done",
        attempts: 0,
        done_subscribers: ["notify"],
      });
    });

    it("writes nothing and sends nothing when the change rolls back", async () => {
      const { bus } = setup();
      const frames: number[] = [];
      inTransaction(bus, frames);
      await expect(
        db.transaction(async (tx) => {
          await bus.record(tx, "user.sessions_ended", { userId: 52 });
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      await bus.settle();
      expect(frames).toEqual([]);
      expect(await written(52)).toEqual([]);
    });

    it("leaves a failure to the dispatcher: the change commits, its half-write is undone, the retry writes once", async () => {
      const { bus } = setup();
      const frames: number[] = [];
      let failing = true;
      const others: number[] = [];
      inTransaction(bus, frames, () => failing);
      bus.subscribe("user.sessions_ended", "count", ({ userId }) => void others.push(userId));
      const event = await db.transaction(async (tx) => {
        const recorded = await bus.record(tx, "user.sessions_ended", { userId: 53 });
        await tx.execute(sql`insert into outbox_test_writes (event_id, user_id) values (0, 53)`);
        return recorded;
      });
      failing = false;
      bus.emit("user.sessions_ended", event);
      await bus.settle();
      // The change's own write stands; the subscriber's first write was rolled back with its
      // savepoint, and the dispatcher's run wrote it once.
      const ids = await written(53);
      expect(ids).toHaveLength(2);
      expect(ids).toContain(0);
      expect(frames).toEqual([53]);
      expect(others).toEqual([53]);
      expect(await statusOf("user.sessions_ended")).toMatchObject({ status: "done", attempts: 1 });
    });
  });

  it("backs off exponentially up to five minutes", () => {
    expect([1, 2, 3, 4].map((attempts) => eventRetryDelayMs(attempts))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(eventRetryDelayMs(30)).toBe(300_000);
  });
});
