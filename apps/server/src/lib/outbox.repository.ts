import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.js";
import { domainEvents } from "../db/schema/index.js";

export interface OutboxEvent {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  doneSubscribers: string[];
}

export interface ParkedEvent {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

const toEvent = (row: Record<string, unknown>): OutboxEvent => ({
  id: Number(row.id),
  name: String(row.name),
  payload: typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload,
  attempts: Number(row.attempts),
  doneSubscribers: (row.done_subscribers as string[] | null) ?? [],
});

/**
 * The payload with every text made well-formed: JSON columns refuse a lone surrogate (user text
 * can hold one, and so can a preview cut inside a pair), which would fail the change's commit.
 */
function wellFormed(payload: unknown): unknown {
  return JSON.parse(
    JSON.stringify(payload, (_key, value: unknown) =>
      // String.prototype.toWellFormed (ES2024; Node 20+) swaps each lone surrogate for U+FFFD.
      typeof value === "string"
        ? (value as string & { toWellFormed(): string }).toWellFormed()
        : value,
    ),
  );
}

/**
 * Writes an event (in the caller's transaction, when given one). With a dedupe key, a second
 * event under the same key is not written: returns null then.
 */
export async function insertDomainEvent(
  db: DbOrTx,
  name: string,
  payload: unknown,
  dedupeKey?: string,
): Promise<number | null> {
  const rows = await db
    .insert(domainEvents)
    .values({ name, payload: wellFormed(payload), dedupeKey: dedupeKey ?? null })
    .onConflictDoNothing()
    .returning({ id: domainEvents.id });
  return rows[0]?.id ?? null;
}

/**
 * Records subscribers that ran in the event's own transaction; `done` when they were all it has
 * (the dispatcher then never claims it).
 */
export async function markSubscribersRan(
  tx: DbOrTx,
  id: number,
  subscribers: string[],
  done: boolean,
): Promise<void> {
  await tx.execute(sql`
    update ${domainEvents} set done_subscribers = ${sqlTextArray(subscribers)}
      ${done ? sql`, status = 'done', done_at = now()` : sql``}
    where id = ${id}`);
}

/**
 * Claims up to `limit` due events, oldest first, for `leaseMs` (SKIP LOCKED, so dispatchers never
 * share one; an event whose dispatcher died is taken over once its lease ran out) and counts the
 * attempt.
 */
export async function claimDueEvents(
  db: Db,
  limit: number,
  leaseMs: number,
): Promise<OutboxEvent[]> {
  const result = await db.execute(sql`
    update ${domainEvents} set
      attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id in (
      select id from ${domainEvents}
      where status = 'pending' and next_attempt_at <= now()
        and (locked_until is null or locked_until <= now())
      order by id
      limit ${limit}
      for update skip locked
    )
    returning id, name, payload, attempts, done_subscribers`);
  return rowsOf(result)
    .map(toEvent)
    .sort((a, b) => a.id - b.id);
}

/**
 * Marks events done, each with the subscribers that ran for it: one statement per distinct list
 * of subscribers (a batch of one event name has one), so a batch costs one commit, not one each.
 */
export async function markEventsDone(
  db: Db,
  events: ReadonlyArray<{ id: number; subscribers: string[] }>,
): Promise<void> {
  const groups = new Map<string, { subscribers: string[]; ids: number[] }>();
  for (const event of events) {
    const key = JSON.stringify(event.subscribers);
    const group = groups.get(key) ?? { subscribers: event.subscribers, ids: [] };
    group.ids.push(event.id);
    groups.set(key, group);
  }
  const mark = (tx: DbOrTx, group: { subscribers: string[]; ids: number[] }) =>
    tx.execute(sql`
      update ${domainEvents} set status = 'done', done_at = now(), locked_until = null,
        last_error = null, done_subscribers = ${sqlTextArray(group.subscribers)}
      where id = any(${`{${group.ids.join(",")}}`}::bigint[])`);
  const all = [...groups.values()];
  if (all.length === 0) return;
  if (all.length === 1) {
    await mark(db, all[0]!);
    return;
  }
  await db.transaction(async (tx) => {
    for (const group of all) await mark(tx, group);
  });
}

/** Another try after `delayMs`, or (park) none until an admin asks for one. */
export async function markEventFailed(
  db: Db,
  id: number,
  subscribers: string[],
  error: string,
  next: { park: true } | { park: false; delayMs: number },
): Promise<void> {
  await db.execute(sql`
    update ${domainEvents} set
      status = ${next.park ? "parked" : "pending"},
      next_attempt_at = ${next.park ? sql`next_attempt_at` : sql`now() + make_interval(secs => ${next.delayMs / 1000})`},
      locked_until = null, last_error = ${error}, done_subscribers = ${sqlTextArray(subscribers)}
    where id = ${id}`);
}

/** Events due now (including those a dispatcher holds): a drain waits for none to be left. */
export async function countDueEvents(db: Db): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as count from ${domainEvents}
    where status = 'pending' and next_attempt_at <= now()`);
  return Number(rowsOf(result)[0]?.count ?? 0);
}

/** What is waiting: how many events, and the age of the oldest in seconds; and how many are parked. */
export async function outboxBacklog(
  db: Db,
): Promise<{ waiting: number; oldestSeconds: number; parked: number }> {
  const result = await db.execute(sql`
    select
      count(*) filter (where status = 'pending')::int as waiting,
      coalesce(extract(epoch from now() - min(created_at) filter (where status = 'pending')), 0)::float as oldest,
      count(*) filter (where status = 'parked')::int as parked
    from ${domainEvents} where status <> 'done'`);
  const row = rowsOf(result)[0] ?? {};
  return {
    waiting: Number(row.waiting ?? 0),
    oldestSeconds: Number(row.oldest ?? 0),
    parked: Number(row.parked ?? 0),
  };
}

export async function listParkedEvents(db: Db, limit: number): Promise<ParkedEvent[]> {
  const result = await db.execute(sql`
    select id, name, payload, attempts, last_error, created_at from ${domainEvents}
    where status = 'parked' order by id desc limit ${limit}`);
  return rowsOf(result).map((row) => ({
    ...toEvent(row),
    lastError: (row.last_error as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
  }));
}

/** Puts a parked event back in line with fresh attempts; false when none is parked under the id. */
export async function retryParkedEvent(db: Db, id: number): Promise<boolean> {
  const result = await db.execute(sql`
    update ${domainEvents} set status = 'pending', attempts = 0, next_attempt_at = now(),
      locked_until = null
    where id = ${id} and status = 'parked'
    returning id`);
  return rowsOf(result).length > 0;
}

/** Forgets handled events older than `days` days. */
export async function deleteDoneEvents(db: Db, days: number, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${domainEvents} where id in (
      select id from ${domainEvents}
      where status = 'done' and done_at < now() - make_interval(days => ${days})
      limit ${limit})
    returning id`);
  return rowsOf(result).length;
}

function sqlTextArray(values: string[]) {
  return sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")}}`}::text[]`;
}
