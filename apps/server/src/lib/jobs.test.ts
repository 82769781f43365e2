import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Scheduler } from "./jobs.js";
import { databaseWaitLeft, startRequestClock } from "../db/request-clock.js";

describe("the scheduler", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs a job at its interval, at once when woken, and again while it says there is more", async () => {
    const scheduler = new Scheduler();
    let runs = 0;
    let backlog = 0;
    const job = scheduler.add({
      name: "test",
      intervalMs: 1000,
      firstRunAfterMs: 1000,
      run: async () => {
        runs += 1;
        if (backlog > 0) backlog -= 1;
        return backlog > 0;
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    backlog = 3;
    job.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(4);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(5);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(5);
  });

  it("runs once more after a run that was woken meanwhile, logs failures and goes on", async () => {
    const errors: unknown[] = [];
    const scheduler = new Scheduler({ warn: (entry: unknown) => errors.push(entry) } as never);
    let release!: () => void;
    let runs = 0;
    const job = scheduler.add({
      name: "flaky",
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
        if (runs === 2) throw new Error("database away");
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    job.wake();
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    expect(scheduler.stats()).toEqual([
      expect.objectContaining({ name: "flaky", failures: 1, running: false }),
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(3);
    await scheduler.stop();
  });

  it("runs a job a request woke outside that request's clock, and every run after it", async () => {
    // Real timers: a timer keeps the async context it was set in, which fake ones do not model.
    vi.useRealTimers();
    const scheduler = new Scheduler();
    const waits: Array<number | undefined> = [];
    let ranTwice!: () => void;
    const twoRuns = new Promise<void>((resolve) => (ranTwice = resolve));
    const job = scheduler.add({
      name: "test",
      intervalMs: 10,
      firstRunAfterMs: 60_000,
      run: async () => {
        waits.push(databaseWaitLeft());
        if (waits.length === 2) ranTwice();
      },
    });
    scheduler.start();
    startRequestClock(() => job.wake());
    await twoRuns;
    await scheduler.stop();
    // On the request's clock its queries could wait 2 s from its start, then none at all.
    expect(waits.slice(0, 2)).toEqual([undefined, undefined]);
  });

  it("refuses two jobs of one name", () => {
    const scheduler = new Scheduler();
    scheduler.add({ name: "once", intervalMs: 1, run: async () => undefined });
    expect(() =>
      scheduler.add({ name: "once", intervalMs: 1, run: async () => undefined }),
    ).toThrow("job once added twice");
  });
});
