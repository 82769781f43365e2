import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { databaseWaitLeft, inBackground, plansGenerically } from "./request-clock.js";
import {
  type MigrateOptions,
  type Migration,
  type MigrationSession,
  runMigrations,
} from "./migrator.js";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Queries waiting for a free pooled connection (always 0 for the embedded database). */
  waiting(): number;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** How many migrations the checkout has, and the stamp of its newest (drizzle's journal). */
function journalHead(): { count: number; newest: number } {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as { entries: Array<{ when: number }> };
  return {
    count: journal.entries.length,
    newest: Math.max(0, ...journal.entries.map((entry) => entry.when)),
  };
}

/** The one query that tells whether a database has every migration of the checkout. */
const APPLIED_MIGRATIONS =
  "select count(*)::int as count, coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations";

/**
 * True when the database has every migration of the checkout, by one query (no lock taken, no
 * migration file read): drizzle's migrator applies exactly those newer than the newest applied,
 * so with that stamp at or past the journal's newest it would do nothing. A database without the
 * migrations table (a new install) is not current.
 */
export async function migrationsCurrent(
  query: (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>,
): Promise<boolean> {
  const head = journalHead();
  try {
    const { rows } = await query(APPLIED_MIGRATIONS);
    const row = rows[0];
    return Number(row?.count) >= head.count && Number(row?.newest) >= head.newest;
  } catch {
    return false;
  }
}

/** PostgreSQL when a URL is given, otherwise PGlite under dataDir (or in memory for ":memory:"). */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL connections kept for background work (jobs, the event dispatcher) beside the pool. */
  backgroundPoolSize?: number;
  /** PostgreSQL connections kept for list reads planned once for all values (withGenericPlans). */
  listPoolSize?: number;
  /** In-memory PGlite only: start from this data-directory dump (tests use a migrated one). */
  template?: Blob;
  /**
   * PostgreSQL only: apply pending migrations before serving (the default). False leaves them to
   * `npm run migrate` (a rolling upgrade migrates once, before new instances start) and refuses
   * to open a database that lacks some. The embedded database always migrates: no other process
   * can open it while the server runs.
   */
  migrate?: boolean;
  /**
   * PostgreSQL only: how long the request and background pools keep an idle connection (30 s).
   * The list pool keeps its sessions, with their planned statements, LIST_POOL_IDLE_MS.
   */
  idleTimeoutMs?: number;
}): Promise<Database> {
  if (options.url) {
    return openPostgres(
      options.url,
      options.poolSize ?? 10,
      options.backgroundPoolSize ?? 2,
      options.listPoolSize ?? 2,
      options.migrate ?? true,
      options.idleTimeoutMs ?? 30_000,
    );
  }
  return openPglite(options.dataDir ?? ":memory:", options.template);
}

/** The embedded database's modules, loaded only when it is the one used. */
async function pgliteModules() {
  const [{ PGlite }, { pg_trgm }, { drizzle }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
  ]);
  return { PGlite, pg_trgm, drizzlePglite: drizzle };
}

/** Applies the pending migrations on the embedded database (one connection: no lock needed). */
export async function migratePglite(
  client: PGlite,
  options: Pick<MigrateOptions, "onApplied"> = {},
): Promise<Migration[]> {
  await client.exec("CREATE EXTENSION IF NOT EXISTS pg_trgm");
  return runMigrations(
    { query: (text, params) => client.query(text, params), exec: (text) => client.exec(text) },
    migrationsFolder,
    options,
  );
}

/** The embedded database's data directory under DATA_DIR, opened without migrating. */
export async function openPgliteClient(dataDir: string): Promise<PGlite> {
  const { PGlite, pg_trgm } = await pgliteModules();
  const dir = path.resolve(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  await client.waitReady;
  return client;
}

/** A node-postgres connection as the migration runner uses it. */
export function pgMigrationSession(client: pg.ClientBase): MigrationSession {
  return {
    query: (text, params) => client.query(text, params),
    exec: (text) => client.query(text),
  };
}

/**
 * Applies the pending migrations on PostgreSQL over a connection of its own (no statement
 * timeout: building an index or validating a constraint on a large table takes a while), under
 * the advisory lock. A statement waits at most half a second for a table lock (below PostgreSQL's
 * deadlock_timeout, so the migration, not a request, gives way), then is tried again.
 */
export async function migratePostgres(
  url: string,
  options: Omit<MigrateOptions, "lock"> = {},
): Promise<Migration[]> {
  const client = new pg.Client({ connectionString: url, application_name: "fba-freight migrate" });
  await client.connect();
  try {
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_trgm");
    return await runMigrations(pgMigrationSession(client), migrationsFolder, {
      lockTimeoutMs: 500,
      attempts: 20,
      ...options,
      lock: true,
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function openPglite(dataDir: string, template?: Blob): Promise<Database> {
  const { PGlite, pg_trgm, drizzlePglite } = await pgliteModules();
  let client: PGlite;
  if (dataDir === ":memory:") {
    client = new PGlite({ extensions: { pg_trgm }, loadDataDir: template });
  } else {
    const dir = path.resolve(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions: { pg_trgm } });
  }
  await client.waitReady;
  // Nothing to migrate (every start but an upgrade's): one query, and the migrator is not run.
  if (!(await migrationsCurrent((text) => client.query(text)))) await migratePglite(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    waiting: () => 0,
    ping: async () => {
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * A query queued for a connection inside a request waits only what is left of the request's
 * bound (db/request-clock), so a request of several statements is refused by then, not after a
 * full wait for each. The pool reads its timeout when a query joins the queue, and only then.
 * Background work (db/request-clock `inBackground`) takes its connections from `background`
 * instead: a commit's consequences (notifications, their frames, emails) do not queue behind
 * a burst of reads, and a backlog of them does not hold connections the requests need.
 * Statements run under `withGenericPlans` take theirs from `lists`, whose sessions plan a named
 * statement once for all its values.
 */
function routeConnections(pool: pg.Pool, background: pg.Pool, lists: pg.Pool): void {
  const connectOf = (target: pg.Pool) =>
    target.connect.bind(target) as (...args: unknown[]) => unknown;
  const connectRequest = connectOf(pool);
  const connectBackground = connectOf(background);
  const connectLists = connectOf(lists);
  /** Connects from `target`, waiting no longer than the request has left. */
  const withinRequest = (
    target: pg.Pool,
    connect: (...args: unknown[]) => unknown,
    args: unknown[],
  ) => {
    const poolLimit = target.options.connectionTimeoutMillis;
    const max = target.options.max ?? 10;
    const left = databaseWaitLeft();
    const queues = target.idleCount === 0 && target.totalCount >= max;
    if (left === undefined || !queues || poolLimit === undefined || left >= poolLimit) {
      return connect(...args);
    }
    target.options.connectionTimeoutMillis = left;
    try {
      return connect(...args);
    } finally {
      target.options.connectionTimeoutMillis = poolLimit;
    }
  };
  pool.connect = ((...args: unknown[]) => {
    if (inBackground()) return connectBackground(...args);
    if (plansGenerically()) return withinRequest(lists, connectLists, args);
    return withinRequest(pool, connectRequest, args);
  }) as typeof pool.connect;
}

/** A migrated, empty PGlite data directory as a tarball, for fast test databases. */
export async function createPgliteTemplate(): Promise<Blob> {
  const { PGlite, pg_trgm } = await pgliteModules();
  const client = new PGlite({ extensions: { pg_trgm } });
  await client.waitReady;
  await migratePglite(client);
  const dump = await client.dumpDataDir("none");
  await client.close();
  return dump;
}

/** How long the list pool keeps an idle session, with its planned statements (openPostgres). */
const LIST_POOL_IDLE_MS = 10 * 60_000;

async function openPostgres(
  url: string,
  poolSize: number,
  backgroundPoolSize: number,
  listPoolSize: number,
  migrate: boolean,
  idleTimeoutMs: number,
): Promise<Database> {
  // Named in pg_stat_activity, so an operator sees which pool a session belongs to.
  const poolOf = (
    max: number,
    name: string,
    options?: string,
    idleTimeoutMillis = idleTimeoutMs,
  ) => {
    const made = new pg.Pool({
      connectionString: url,
      max,
      application_name: name,
      options,
      // A query still waiting for a connection after this is refused (503 with Retry-After):
      // under a burst the client hears soon that it should retry, rather than after a long wait.
      // Within a request the bound runs from the request's start (routeConnections).
      connectionTimeoutMillis: 2_500,
      idleTimeoutMillis,
      statement_timeout: 15_000,
    });
    // An idle client that loses its connection must not crash the process.
    made.on("error", () => undefined);
    // Nor one checked out between statements (PostgreSQL restarting sends 57P01 to every
    // session): without a listener the client's "error" event is unhandled and ends the process.
    made.on("connect", (client) => client.on("error", () => undefined));
    return made;
  };
  const pool = poolOf(poolSize, "fba-freight");
  const background = poolOf(backgroundPoolSize, "fba-freight background");
  // The list pool's sessions hold what its reads are worth: each list shape's statement, parsed
  // and planned once per session. They are kept through quiet spells (LIST_POOL_IDLE_MS): closed
  // after 30 s idle like the others', the first reads after a pause planned every page statement
  // again on each new session, some milliseconds of PostgreSQL's time apiece, at once.
  const lists = poolOf(
    listPoolSize,
    "fba-freight lists",
    "-c plan_cache_mode=force_generic_plan",
    LIST_POOL_IDLE_MS,
  );
  routeConnections(pool, background, lists);
  const client = await pool.connect();
  let current: boolean;
  try {
    // Nothing to migrate (every start but an upgrade's): one query, no lock, no migrator.
    current = await migrationsCurrent((text) => client.query(text));
  } finally {
    client.release();
  }
  if (!current && !migrate) {
    await Promise.all([pool.end(), background.end(), lists.end()]);
    throw new Error(
      "The database lacks migrations of this release: run `npm run migrate` first (MIGRATE_ON_START=false)",
    );
  }
  // Several instances may start at once: one migrates while the others wait for the lock.
  if (!current) await migratePostgres(url);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    waiting: () => pool.waitingCount + lists.waitingCount,
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      // Closing twice (shutdown racing a fault) must not throw.
      await Promise.all(
        [pool, background, lists].map((each) => (each.ended ? undefined : each.end())),
      );
    },
  };
}
