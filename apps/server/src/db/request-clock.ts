import { AsyncLocalStorage } from "node:async_hooks";
import { performance } from "node:perf_hooks";

/**
 * How long after its request began a query may still wait for a pooled database connection. Past
 * it the request is refused (503 with Retry-After): a request that needs several statements in
 * turn waits for a connection before each, and without a bound from its start those waits add up.
 */
export const REQUEST_DATABASE_WAIT_MS = 2_000;

interface Clock {
  began: number;
}

const clock = new AsyncLocalStorage<Clock>();
/** Set while background work (a job, the event dispatcher, after-commit work) runs. */
const background = new AsyncLocalStorage<true>();

/** Runs the rest of a request's handling (`next`) on a clock that starts now. */
export function startRequestClock(next: () => void): void {
  clock.run({ began: performance.now() }, next);
}

/**
 * Starts the current request's clock again once its body has arrived: a slow upload is the
 * client's time, not time spent waiting for the database.
 */
export function restartRequestClock(): void {
  const current = clock.getStore();
  if (current) current.began = performance.now();
}

/**
 * Milliseconds the current request's next query may wait for a connection (at least 1), or
 * undefined outside a request (background jobs wait as long as the pool allows).
 */
export function databaseWaitLeft(): number | undefined {
  const current = clock.getStore();
  if (!current) return undefined;
  return Math.max(1, Math.round(REQUEST_DATABASE_WAIT_MS - (performance.now() - current.began)));
}

/**
 * Runs `task` outside any request. Timers and promises keep the context they were made in, so a
 * job a request wakes would otherwise run (and every run after it) on that request's clock, its
 * queries refused as soon as the pool queues once that request's two seconds are over.
 */
export function outsideRequest<T>(task: () => T): T {
  return clock.exit(() => background.run(true, task));
}

/**
 * True inside work `outsideRequest` started, and whatever it awaits: its queries take
 * connections from the background pool (db/client.ts), so consequences of a commit never queue
 * behind a burst of reads, nor reads behind them.
 */
export function inBackground(): boolean {
  return background.getStore() === true;
}
