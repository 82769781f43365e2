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
/** Set while statements run whose plans do not depend on their values (withGenericPlans). */
const genericPlans = new AsyncLocalStorage<true>();

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

/**
 * Runs `task` with its queries on connections that plan a named statement once for all its values
 * (db/client.ts: the list pool, in `plan_cache_mode=force_generic_plan`). For statements whose
 * best plan is the same whatever the values, such as a list's page of ids under `LIMIT $1 OFFSET
 * $2`: left to choose, PostgreSQL compares the generic plan, costed for an offset and a limit of a
 * tenth of the list, with plans made for a first page, and on a large list plans every call anew.
 * Not for a statement whose plan must see its values (a search's pattern): those stay unnamed, on
 * the other pools.
 */
export function withGenericPlans<T>(task: () => T): T {
  return genericPlans.run(true, task);
}

/** True inside withGenericPlans: queries take connections from the list pool (db/client.ts). */
export function plansGenerically(): boolean {
  return genericPlans.getStore() === true;
}
