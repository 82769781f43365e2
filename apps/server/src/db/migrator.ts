import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Applies the migrations of a drizzle folder (drizzle-kit's journal and SQL files) one at a time,
 * each in its own transaction, so a long one does not hold the locks of every migration before it
 * until the last commits. A migration whose first line is NO_TRANSACTION_MARKER runs outside any
 * transaction, statement by statement: `CREATE INDEX CONCURRENTLY` cannot run in one, and a
 * `VALIDATE CONSTRAINT` committed on its own holds no lock that blocks writers.
 *
 * Applied migrations are recorded in drizzle's own table (drizzle.__drizzle_migrations: the
 * file's sha256 and the journal's `when`), with drizzle's rule for what is pending (newer than the
 * newest applied), so a database migrated by drizzle's migrator continues here and the reverse.
 */

/** The first line of a migration that must run outside a transaction. */
export const NO_TRANSACTION_MARKER = "-- migrate:no-transaction";

/** The advisory lock held while migrating: instances starting together migrate one at a time. */
export const MIGRATION_LOCK_KEY = 741_852_963;

export interface Migration {
  tag: string;
  /** The journal's `when`, recorded as created_at. */
  when: number;
  /** sha256 of the file, as drizzle records it. */
  hash: string;
  statements: string[];
  transaction: boolean;
}

/** What the runner needs of a connection; both node-postgres and PGlite fit it. */
export interface MigrationSession {
  /** One statement, with parameters. */
  query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  /** SQL without parameters, possibly several statements. */
  exec(text: string): Promise<unknown>;
}

export interface MigrateOptions {
  /** Take the advisory lock (PostgreSQL; the embedded database has one connection). */
  lock?: boolean;
  /**
   * How long a statement waits for a table lock before giving up (its transaction, or outside one
   * the statement alone, is then tried again): a lock request queued behind a long transaction
   * would otherwise make every request touching the table wait with it. Below PostgreSQL's
   * deadlock_timeout (1 s), so in a lock cycle with a request the migration gives way first and
   * the request is not failed as a deadlock. Not applied to CONCURRENTLY statements, builds and
   * drops of indexes alike (they wait for older transactions by design, holding nothing that
   * blocks requests).
   */
  lockTimeoutMs?: number;
  /** Attempts of a migration (or no-transaction statement) whose lock wait timed out. */
  attempts?: number;
  /** Told of each migration as it is applied (the command line prints it). */
  onApplied?: (migration: Migration, ms: number) => void;
}

export function readMigrations(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(path.join(folder, `${tag}.sql`), "utf8");
    return {
      tag,
      when,
      hash: createHash("sha256").update(text).digest("hex"),
      // drizzle's split, keeping what it keeps (empty chunks are skipped when run).
      statements: text.split("--> statement-breakpoint"),
      transaction: !text.trimStart().startsWith(NO_TRANSACTION_MARKER),
    };
  });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (
  id SERIAL PRIMARY KEY,
  hash text NOT NULL,
  created_at bigint
)`;

/** The migrations newer than the newest applied (drizzle's rule). */
export async function pendingMigrations(
  session: MigrationSession,
  migrations: Migration[],
): Promise<Migration[]> {
  await session.exec("CREATE SCHEMA IF NOT EXISTS drizzle");
  await session.exec(CREATE_TABLE);
  const { rows } = await session.query(
    "select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
  );
  const newest = rows[0] ? Number(rows[0].created_at) : undefined;
  return migrations.filter((migration) => newest === undefined || newest < migration.when);
}

/**
 * `CREATE INDEX CONCURRENTLY` that failed (or was cancelled) leaves an INVALID index behind,
 * which `IF NOT EXISTS` would then keep. Before such a statement is run again, an invalid index
 * of that name is dropped (concurrently), so the rerun builds it; a valid one is kept and the
 * statement's `IF NOT EXISTS` skips it.
 */
export function concurrentIndexName(statement: string): string | undefined {
  const match =
    /^\s*create\s+(?:unique\s+)?index\s+concurrently\s+(?:if\s+not\s+exists\s+)?("(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)/i.exec(
      stripComments(statement),
    );
  if (!match) return undefined;
  const name = match[1]!;
  return name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name.toLowerCase();
}

/**
 * Whether the statement builds or drops an index CONCURRENTLY: it waits for older transactions
 * by design, holding nothing that blocks reads or writes meanwhile, so no lock_timeout applies.
 */
export function waitsConcurrently(statement: string): boolean {
  return (
    concurrentIndexName(statement) !== undefined ||
    /^\s*drop\s+index\s+concurrently\b/i.test(stripComments(statement))
  );
}

function stripComments(statement: string): string {
  return stripBlockComments(statement.replace(/--[^\n]*\n?/g, "\n"));
}

/** Each closed comment as one space (by search, not a regular expression: linear on any text). */
function stripBlockComments(text: string): string {
  let kept = "";
  let from = 0;
  for (;;) {
    const open = text.indexOf("/*", from);
    const close = open < 0 ? -1 : text.indexOf("*/", open + 2);
    if (close < 0) return kept + text.slice(from);
    kept += `${text.slice(from, open)} `;
    from = close + 2;
  }
}

async function dropInvalidIndex(session: MigrationSession, name: string): Promise<void> {
  const { rows } = await session.query(
    `select n.nspname as schema from pg_index i
       join pg_class c on c.oid = i.indexrelid
       join pg_namespace n on n.oid = c.relnamespace
      where c.relname = $1 and not i.indisvalid and n.nspname = any (current_schemas(false))`,
    [name],
  );
  for (const row of rows) {
    const quote = (id: string) => `"${id.replaceAll('"', '""')}"`;
    await session.exec(
      `DROP INDEX CONCURRENTLY IF EXISTS ${quote(String(row.schema))}.${quote(name)}`,
    );
  }
}

/** Lock wait timed out (lock_timeout), or this session was the one failed in a deadlock. */
const GAVE_WAY = new Set(["55P03", "40P01"]);
const isLockTimeout = (error: unknown) =>
  GAVE_WAY.has((error as { code?: string } | null)?.code ?? "");

/** Runs `attempt` again while it gives way on a lock, up to `attempts` times, backing off. */
async function retryingLocks<T>(attempts: number, attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isLockTimeout(error) || n >= attempts) throw error;
      await pause(Math.min(5_000, 100 * 2 ** n));
    }
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function applyInTransaction(
  session: MigrationSession,
  migration: Migration,
  lockTimeoutMs: number | undefined,
): Promise<void> {
  await session.exec("BEGIN");
  try {
    if (lockTimeoutMs !== undefined) {
      await session.exec(`SET LOCAL lock_timeout = '${Math.max(1, Math.round(lockTimeoutMs))}ms'`);
    }
    for (const statement of migration.statements) {
      if (statement.trim()) await session.exec(statement);
    }
    await record(session, migration);
    await session.exec("COMMIT");
  } catch (error) {
    await session.exec("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/**
 * Outside a transaction each statement commits on its own, so a migration stopped midway is run
 * again from its first statement: its statements must be safe to repeat (IF NOT EXISTS, VALIDATE).
 */
async function applyWithoutTransaction(
  session: MigrationSession,
  migration: Migration,
  options: MigrateOptions,
): Promise<void> {
  try {
    for (const statement of migration.statements) {
      if (!statement.trim()) continue;
      const index = concurrentIndexName(statement);
      if (index) await dropInvalidIndex(session, index);
      if (options.lockTimeoutMs !== undefined) {
        const wait = waitsConcurrently(statement)
          ? 0
          : Math.max(1, Math.round(options.lockTimeoutMs));
        await session.exec(`SET lock_timeout = ${wait}`);
      }
      await retryingLocks(options.attempts ?? 1, () => session.exec(statement));
    }
  } finally {
    if (options.lockTimeoutMs !== undefined) await session.exec("RESET lock_timeout");
  }
  await record(session, migration);
}

function record(session: MigrationSession, migration: Migration) {
  return session.query(
    'insert into drizzle.__drizzle_migrations ("hash", "created_at") values ($1, $2)',
    [migration.hash, migration.when],
  );
}

/**
 * Waits for the migration lock by trying it now and then, never in a statement that waits: a
 * session blocked in pg_advisory_lock holds a snapshot, which the other instance's
 * `CREATE INDEX CONCURRENTLY` waits for (a deadlock PostgreSQL ends by failing one of them).
 */
async function takeLock(session: MigrationSession): Promise<void> {
  for (;;) {
    const { rows } = await session.query("select pg_try_advisory_lock($1) as locked", [
      MIGRATION_LOCK_KEY,
    ]);
    if (rows[0]?.locked === true) return;
    await pause(250);
  }
}

/** Applies the pending migrations of `folder`; returns the ones applied. */
export async function runMigrations(
  session: MigrationSession,
  folder: string,
  options: MigrateOptions = {},
): Promise<Migration[]> {
  const migrations = readMigrations(folder);
  if (options.lock) await takeLock(session);
  try {
    // Read under the lock: an instance that waited finds what the other one applied.
    const pending = await pendingMigrations(session, migrations);
    for (const migration of pending) {
      const started = performance.now();
      if (!migration.transaction) {
        await applyWithoutTransaction(session, migration, options);
      } else {
        await retryingLocks(options.attempts ?? 1, () =>
          applyInTransaction(session, migration, options.lockTimeoutMs),
        );
      }
      options.onApplied?.(migration, performance.now() - started);
    }
    return pending;
  } finally {
    if (options.lock) {
      await session
        .query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY])
        .catch(() => undefined);
    }
  }
}
