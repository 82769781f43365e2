// The migration runner: one transaction per migration, migrations marked to run outside one run
// statement by statement, and the same bookkeeping as drizzle's migrator, so a database migrated
// by either continues with the other. On PGlite always, on PostgreSQL with TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as drizzleMigratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as drizzleMigratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, pgMigrationSession } from "./client.js";
import {
  concurrentIndexName,
  type MigrationSession,
  waitsConcurrently,
  NO_TRANSACTION_MARKER,
  readMigrations,
  runMigrations,
} from "./migrator.js";

const BREAK = "\n--> statement-breakpoint\n";

/**
 * The session, and a promise that resolves the first time one of its statements gave way on a
 * lock (waited out lock_timeout).
 */
function noticingLockTimeouts(session: MigrationSession) {
  let gaveWay!: () => void;
  const firstLockTimeout = new Promise<void>((resolve) => (gaveWay = resolve));
  const noticing =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await run(...args);
      } catch (error) {
        if ((error as { code?: string }).code === "55P03") gaveWay();
        throw error;
      }
    };
  const noticed: MigrationSession = {
    query: noticing((text: string, params?: unknown[]) => session.query(text, params)),
    exec: noticing((text: string) => session.exec(text)),
  };
  return { session: noticed, firstLockTimeout };
}

/** A drizzle migrations folder holding the given files, in order. */
function folderOf(files: Array<[tag: string, sql: string]>): string {
  const folder = mkdtempSync(path.join(tmpdir(), "fba-migrator-"));
  mkdirSync(path.join(folder, "meta"));
  files.forEach(([tag, text]) => writeFileSync(path.join(folder, `${tag}.sql`), text));
  const entries = files.map(([tag], idx) => ({
    idx,
    version: "7",
    when: 1_700_000_000_000 + idx * 1_000,
    tag,
    breakpoints: true,
  }));
  writeFileSync(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ version: "7", dialect: "postgresql", entries }),
  );
  return folder;
}

const FILES: Array<[string, string]> = [
  ["0000_things", `CREATE TABLE "things" ("id" serial PRIMARY KEY, "name" text NOT NULL)`],
  [
    "0001_things_kind",
    `ALTER TABLE "things" ADD COLUMN "kind" text${BREAK}INSERT INTO "things" ("name", "kind") VALUES ('a', 'x'), ('b', 'y')`,
  ],
  [
    "0002_things_kind_check",
    `ALTER TABLE "things" ADD CONSTRAINT "things_kind_check" CHECK ("kind" in ('x', 'y')) NOT VALID`,
  ],
  [
    "0003_validate_and_index",
    `${NO_TRANSACTION_MARKER}\nALTER TABLE "things" VALIDATE CONSTRAINT "things_kind_check";${BREAK}CREATE INDEX CONCURRENTLY IF NOT EXISTS "things_name_idx" ON "things" ("name");`,
  ],
];

interface Engine {
  session: MigrationSession;
  /** drizzle's own migrator on this connection (the path that ran before this runner). */
  drizzleMigrate(folder: string): Promise<void>;
  /** Another connection to the same database (PostgreSQL only). */
  another?(): Promise<Engine & { close(): Promise<void> }>;
  close(): Promise<void>;
}

const folders: string[] = [];
const folder = (files: Array<[string, string]>) => {
  const made = folderOf(files);
  folders.push(made);
  return made;
};
afterAll(() => folders.forEach((made) => rmSync(made, { recursive: true, force: true })));

async function pgliteEngine(): Promise<Engine> {
  const client = new PGlite();
  await client.waitReady;
  return {
    session: { query: (text, params) => client.query(text, params), exec: (t) => client.exec(t) },
    drizzleMigrate: (migrations) =>
      drizzleMigratePglite(drizzlePglite(client), { migrationsFolder: migrations }),
    close: () => client.close(),
  };
}

async function postgresEngine(adminUrl: string): Promise<Engine> {
  const name = `fba_migrator_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return {
      session: pgMigrationSession(client),
      drizzleMigrate: (migrations: string) =>
        drizzleMigratePg(drizzlePg(client), { migrationsFolder: migrations }),
      close: () => client.end(),
    };
  };
  const main = await connect();
  return {
    ...main,
    another: connect,
    close: async () => {
      await main.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const recorded = async (session: MigrationSession) =>
  (
    await session.query(
      "select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by id",
    )
  ).rows.map((row) => ({ hash: row.hash, when: Number(row.created_at) }));

const engines: Array<[string, () => Promise<Engine>]> = [["PGlite", pgliteEngine]];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) engines.push(["PostgreSQL", () => postgresEngine(adminUrl)]);

describe.each(engines)("migration runner on %s", (_name, openEngine) => {
  // One database for the group (a new PGlite takes seconds), emptied before each test.
  let shared: Engine | undefined;
  let engine: Engine | undefined;
  beforeAll(async () => {
    shared = await openEngine();
  });
  afterAll(async () => {
    await shared?.close();
  });
  const open = async () => {
    await shared!.session.exec(
      'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP TABLE IF EXISTS "things" CASCADE;',
    );
    return shared!;
  };

  it("applies every migration once and records it as drizzle does", async () => {
    engine = await open();
    const migrations = folder(FILES);
    const applied = await runMigrations(engine.session, migrations);
    expect(applied.map((m) => m.tag)).toEqual(FILES.map(([tag]) => tag));
    expect(await recorded(engine.session)).toEqual(
      readMigrations(migrations).map(({ hash, when }) => ({ hash, when })),
    );
    const { rows } = await engine.session.query(
      `select c.convalidated, (select i.indisvalid from pg_index i join pg_class x on x.oid = i.indexrelid
          where x.relname = 'things_name_idx') as index_valid
         from pg_constraint c where c.conname = 'things_kind_check'`,
    );
    expect(rows[0]).toEqual({ convalidated: true, index_valid: true });
    // Nothing left: a second run applies nothing.
    expect(await runMigrations(engine.session, migrations)).toEqual([]);
  });

  it("continues a database migrated by drizzle's migrator with the migrations it lacks", async () => {
    engine = await open();
    await engine.drizzleMigrate(folder(FILES.slice(0, 2)));
    const all = folder(FILES);
    const applied = await runMigrations(engine.session, all);
    expect(applied.map((m) => m.tag)).toEqual([
      "0002_things_kind_check",
      "0003_validate_and_index",
    ]);
    expect(await recorded(engine.session)).toEqual(
      readMigrations(all).map(({ hash, when }) => ({ hash, when })),
    );
    const { rows } = await engine.session.query('select count(*)::int as n from "things"');
    expect(rows[0]!.n).toBe(2);
  });

  it("leaves a database drizzle's migrator continues", async () => {
    engine = await open();
    await runMigrations(engine.session, folder(FILES.slice(0, 3)));
    const next: [string, string] = ["0003_more", `ALTER TABLE "things" ADD COLUMN "note" text`];
    await engine.drizzleMigrate(folder([...FILES.slice(0, 3), next]));
    expect((await recorded(engine.session)).length).toBe(4);
    await engine.session.query(`select "note" from "things"`);
  });

  it("rolls back only the failing migration; the ones before it stay applied", async () => {
    engine = await open();
    const failing: [string, string] = [
      "0002_bad",
      `ALTER TABLE "things" ADD COLUMN "size" int${BREAK}ALTER TABLE "things" ADD CONSTRAINT "things_kind_z" CHECK ("kind" = 'z')`,
    ];
    await expect(
      runMigrations(engine.session, folder([...FILES.slice(0, 2), failing])),
    ).rejects.toThrow();
    expect((await recorded(engine.session)).length).toBe(2);
    const { rows } = await engine.session.query(
      `select count(*)::int as n from information_schema.columns where table_name = 'things' and column_name = 'size'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it("reruns a no-transaction migration stopped midway from its first statement", async () => {
    engine = await open();
    const stopped: [string, string] = [
      "0002_index_then_fail",
      `${NO_TRANSACTION_MARKER}\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "things_kind_idx" ON "things" ("kind");${BREAK}ALTER TABLE "things" VALIDATE CONSTRAINT "missing";`,
    ];
    await expect(
      runMigrations(engine.session, folder([...FILES.slice(0, 2), stopped])),
    ).rejects.toThrow();
    expect((await recorded(engine.session)).length).toBe(2);
    const fixed: [string, string] = [
      "0002_index_then_fail",
      `${NO_TRANSACTION_MARKER}\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "things_kind_idx" ON "things" ("kind");`,
    ];
    const applied = await runMigrations(engine.session, folder([...FILES.slice(0, 2), fixed]));
    expect(applied.map((m) => m.tag)).toEqual(["0002_index_then_fail"]);
  });
});

describe.runIf(adminUrl)("migration runner on PostgreSQL, against other sessions", () => {
  let engine: Engine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it("rebuilds an index a failed CREATE INDEX CONCURRENTLY left invalid", async () => {
    engine = await postgresEngine(adminUrl!);
    const unique: [string, string] = [
      "0002_unique_name",
      `${NO_TRANSACTION_MARKER}\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "things_name_key" ON "things" ("name");`,
    ];
    const base = folder(FILES.slice(0, 2));
    await runMigrations(engine.session, base);
    await engine.session.query(`insert into "things" ("name", "kind") values ('a', 'x')`);
    const migrations = folder([...FILES.slice(0, 2), unique]);
    // A duplicate name: the build fails and leaves the index behind, INVALID.
    await expect(runMigrations(engine.session, migrations)).rejects.toThrow(/duplicate|unique/i);
    const validity = async () =>
      (
        await engine!.session.query(
          `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 'things_name_key'`,
        )
      ).rows;
    expect(await validity()).toEqual([{ valid: false }]);
    await engine.session.query(`delete from "things" where id = (select max(id) from "things")`);
    // IF NOT EXISTS alone would keep the invalid index; the runner drops it and builds it again.
    await runMigrations(engine.session, migrations);
    expect(await validity()).toEqual([{ valid: true }]);
  });

  it("applies each migration once when two instances migrate at the same time", async () => {
    engine = await postgresEngine(adminUrl!);
    const other = await engine.another!();
    try {
      const migrations = folder(FILES);
      const [a, b] = await Promise.all([
        runMigrations(engine.session, migrations, { lock: true }),
        runMigrations(other.session, migrations, { lock: true }),
      ]);
      expect(a.length + b.length).toBe(FILES.length);
      expect([a.length, b.length].sort()).toEqual([0, FILES.length]);
      expect((await recorded(engine.session)).length).toBe(FILES.length);
    } finally {
      await other.close();
    }
  });

  it("gives up a table lock it cannot take soon, and retries the migration", async () => {
    engine = await postgresEngine(adminUrl!);
    const other = await engine.another!();
    try {
      await runMigrations(engine.session, folder(FILES.slice(0, 2)));
      const migrations = folder(FILES.slice(0, 3));
      // A long transaction reading the table: ADD CONSTRAINT must wait for it.
      await other.session.exec("BEGIN");
      await other.session.query(`select count(*) from "things"`);
      await expect(
        runMigrations(engine.session, migrations, { lockTimeoutMs: 50, attempts: 1 }),
      ).rejects.toMatchObject({ code: "55P03" });
      // Nothing waits on the table meanwhile: the reader's snapshot ends once the retrying run has
      // given way at least once, and its next attempt succeeds.
      const noticing = noticingLockTimeouts(engine.session);
      const retried = runMigrations(noticing.session, migrations, {
        lockTimeoutMs: 50,
        attempts: 8,
      });
      await Promise.race([noticing.firstLockTimeout, retried]);
      await other.session.exec("COMMIT");
      expect((await retried).map((m) => m.tag)).toEqual(["0002_things_kind_check"]);
    } finally {
      await other.close();
    }
  });

  it("outside a transaction, gives up a lock it cannot take soon and retries the statement alone", async () => {
    engine = await postgresEngine(adminUrl!);
    const other = await engine.another!();
    try {
      await runMigrations(engine.session, folder(FILES.slice(0, 2)));
      const addThenValidate: [string, string] = [
        "0002_check_online",
        `${NO_TRANSACTION_MARKER}\nALTER TABLE "things" ADD COLUMN IF NOT EXISTS "size" int;${BREAK}ALTER TABLE "things" DROP CONSTRAINT IF EXISTS "things_kind_check";${BREAK}ALTER TABLE "things" ADD CONSTRAINT "things_kind_check" CHECK ("kind" in ('x', 'y')) NOT VALID;`,
      ];
      const migrations = folder([...FILES.slice(0, 2), addThenValidate]);
      await other.session.exec("BEGIN");
      await other.session.query(`select count(*) from "things"`);
      await expect(
        runMigrations(engine.session, migrations, { lockTimeoutMs: 50, attempts: 1 }),
      ).rejects.toMatchObject({ code: "55P03" });
      const noticing = noticingLockTimeouts(engine.session);
      const retried = runMigrations(noticing.session, migrations, {
        lockTimeoutMs: 50,
        attempts: 8,
      });
      await Promise.race([noticing.firstLockTimeout, retried]);
      await other.session.exec("COMMIT");
      expect((await retried).map((m) => m.tag)).toEqual(["0002_check_online"]);
      // The session's own lock_timeout is back to its default afterwards.
      const { rows } = await engine.session.query("show lock_timeout");
      expect(rows[0]).toEqual({ lock_timeout: "0" });
    } finally {
      await other.close();
    }
  });
});

describe.runIf(adminUrl)(
  "DROP INDEX CONCURRENTLY on PostgreSQL, against a long transaction",
  () => {
    it("waits for the transaction instead of giving up at lock_timeout", async () => {
      const engine = await postgresEngine(adminUrl!);
      const other = await engine.another!();
      try {
        await runMigrations(engine.session, folder(FILES));
        const drop: [string, string] = [
          "0004_drop_name_idx",
          `${NO_TRANSACTION_MARKER}\nDROP INDEX CONCURRENTLY IF EXISTS "things_name_idx";`,
        ];
        // A transaction that read the table: the drop waits for it to end (it blocks no request).
        await other.session.exec("BEGIN");
        await other.session.query(`select count(*) from "things"`);
        const dropping = runMigrations(engine.session, folder([...FILES, drop]), {
          lockTimeoutMs: 50,
          attempts: 1,
        });
        // Well past the 50 ms lock_timeout, while the transaction still holds the table.
        const early = await Promise.race([
          dropping.then(
            () => "done",
            () => "failed",
          ),
          new Promise((resolve) => setTimeout(() => resolve("waiting"), 400)),
        ]);
        expect(early).toBe("waiting");
        await other.session.exec("COMMIT");
        expect((await dropping).map((m) => m.tag)).toEqual(["0004_drop_name_idx"]);
        const { rows } = await engine.session.query(
          "select count(*)::int as n from pg_class where relname = 'things_name_idx'",
        );
        expect(rows[0]!.n).toBe(0);
      } finally {
        await other.close();
        await engine.close();
      }
    });
  },
);

describe.runIf(adminUrl)("a PostgreSQL start with MIGRATE_ON_START=false", () => {
  it("refuses a database lacking migrations instead of migrating it", async () => {
    const engine = await postgresEngine(adminUrl!);
    try {
      const url = new URL(adminUrl!);
      const { rows } = await engine.session.query("select current_database() as name");
      url.pathname = `/${String(rows[0]!.name)}`;
      await expect(
        openDatabase({ url: url.toString(), poolSize: 1, migrate: false }),
      ).rejects.toThrow(/npm run migrate/);
      const tables = await engine.session.query(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
      );
      expect(tables.rows[0]!.n).toBe(0);
    } finally {
      await engine.close();
    }
  });
});

describe("concurrentIndexName", () => {
  it.each([
    ['CREATE INDEX CONCURRENTLY IF NOT EXISTS "a_idx" ON "a" ("x")', "a_idx"],
    ["create unique index concurrently b_idx on b (x)", "b_idx"],
    ['-- note\nCREATE INDEX CONCURRENTLY "Mixed""Name" ON "a" ("x")', 'Mixed"Name'],
    ['CREATE INDEX "a_idx" ON "a" ("x")', undefined],
    ['ALTER TABLE "a" VALIDATE CONSTRAINT "c"', undefined],
  ])("%s", (statement, name) => {
    expect(concurrentIndexName(statement)).toBe(name);
  });
});

describe("waitsConcurrently", () => {
  it.each([
    ['CREATE INDEX CONCURRENTLY IF NOT EXISTS "a_idx" ON "a" ("x")', true],
    ['DROP INDEX CONCURRENTLY IF EXISTS "a_idx"', true],
    ["-- the old one\n  drop index concurrently a_idx", true],
    ['DROP INDEX "a_idx"', false],
    ['ALTER TABLE "a" ADD CONSTRAINT "c" CHECK (x > 0) NOT VALID', false],
  ])("%s", (statement, waits) => {
    expect(waitsConcurrently(statement)).toBe(waits);
  });
});
