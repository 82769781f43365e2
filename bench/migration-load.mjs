// `node bench/migration-load.mjs`: how long a request can wait while the migrations after the
// previous release's newest (BENCH_MIGRATE_FROM, 0025_user_locale) are applied to a large database
// under the mixed read/write profile. Seeds (once) a database of BENCH_SHIPMENTS (1,000,000)
// shipments, starts the server on it, takes the constraints those migrations add back off (and
// their rows in drizzle.__drizzle_migrations), runs the mixed profile (bench/mixed-load.mjs: 40
// reading and 10 writing connections) and, a few seconds in, `npm run migrate`. Prints, for each
// migration, how long it took and the longest request that overlapped it, beside the longest
// request of the seconds before. Not part of `npm run bench`: the 1M seed alone takes minutes.
//
// Only migrations that add constraints, indexes, columns, triggers and their functions can be
// taken back off here (it drops each trigger, function, column, constraint and index the files
// create); that is what the migrations after 0025 do (0029 only analyzes a table, which can run
// again). A column dropped again leaves its space in the rows until they are next written.
//
// The server runs the current build (BENCH_SERVER_DIST, default apps/server/dist). For a migration
// adding a column the current code writes or reads (0031), point it at a build of the previous
// release, as a rolling upgrade runs `npm run migrate` before any new instance starts: the current
// build on the database without the column answers 500 to the writes that name it.
import { spawn } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import {
  ADMIN_URL,
  databaseIsCurrent,
  databaseUrlOf,
  pg,
  query,
  root,
  seedDatabase,
  SERVER_DIST,
  settleSeededWindows,
  signToken,
  sleep,
  start,
} from "./lib.mjs";

const DB_NAME = process.env.BENCH_MIGRATE_DB ?? "fba_bench_migrate";
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 1_000_000);
const FROM = process.env.BENCH_MIGRATE_FROM ?? "0025_user_locale";
const PORT = Number(process.env.BENCH_MIGRATE_PORT ?? 27430);
const BEFORE_SECONDS = Number(process.env.BENCH_MIGRATE_BEFORE_SECONDS ?? 10);
const AFTER_SECONDS = Number(process.env.BENCH_MIGRATE_AFTER_SECONDS ?? 5);
const JWT_SECRET = randomBytes(32).toString("hex");
const databaseUrl = databaseUrlOf(DB_NAME);
const drizzleFolder = path.join(root, "apps/server/drizzle");

const journal = JSON.parse(readFileSync(path.join(drizzleFolder, "meta/_journal.json"), "utf8"));
const fromIndex = journal.entries.findIndex((entry) => entry.tag === FROM);
if (fromIndex < 0) throw new Error(`no migration ${FROM}`);
const measured = journal.entries.slice(fromIndex + 1);

async function token(userId, group) {
  const sessionId = randomUUID();
  await query(
    databaseUrl,
    `insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
     values ($1, $2, $3, now() + interval '1 day')`,
    [userId, sessionId, createHash("sha256").update(randomBytes(32)).digest("hex")],
  );
  return signToken(JWT_SECRET, userId, group, sessionId);
}

/**
 * The database as the previous release left it: the constraints and indexes the measured
 * migrations add dropped again, and the indexes they drop built again as the migration that made
 * them did (before the new ones are dropped, so searches always have an index).
 */
async function takeBackOff() {
  const earlier = journal.entries
    .slice(0, fromIndex + 1)
    .map(({ tag }) => readFileSync(path.join(drizzleFolder, `${tag}.sql`), "utf8"))
    .join("\n");
  for (const { tag } of measured) {
    const text = readFileSync(path.join(drizzleFolder, `${tag}.sql`), "utf8");
    for (const [, name] of text.matchAll(
      /DROP INDEX (?:CONCURRENTLY )?(?:IF EXISTS )?"([^"]+)"/g,
    )) {
      const made = new RegExp(`CREATE INDEX (?:CONCURRENTLY )?(?:IF NOT EXISTS )?"${name}"([^;]*)`);
      const match = made.exec(earlier);
      if (match) {
        await query(
          databaseUrl,
          `create index concurrently if not exists "${name}"${match[1].replace(/-->.*$/s, "")}`,
        );
      }
    }
  }
  for (const { tag } of measured) {
    const text = readFileSync(path.join(drizzleFolder, `${tag}.sql`), "utf8");
    // Triggers first: the columns they fill go next.
    for (const [, name, table] of text.matchAll(
      /CREATE (?:OR REPLACE )?TRIGGER "([^"]+)"[^;]*? ON "([^"]+)"/g,
    )) {
      await query(databaseUrl, `drop trigger if exists "${name}" on "${table}"`);
    }
    for (const [, name] of text.matchAll(/CREATE (?:OR REPLACE )?FUNCTION "([^"]+)"/g)) {
      await query(databaseUrl, `drop function if exists "${name}"`);
    }
    for (const [, table, name] of text.matchAll(
      /ALTER TABLE "([^"]+)" ADD COLUMN (?:IF NOT EXISTS )?"([^"]+)"/g,
    )) {
      await query(databaseUrl, `alter table "${table}" drop column if exists "${name}"`);
    }
    for (const [, table, name] of text.matchAll(
      /ALTER TABLE "([^"]+)" ADD CONSTRAINT "([^"]+)"/g,
    )) {
      await query(databaseUrl, `alter table "${table}" drop constraint if exists "${name}"`);
    }
    for (const [, name] of text.matchAll(
      /CREATE INDEX (?:CONCURRENTLY )?(?:IF NOT EXISTS )?"([^"]+)"/g,
    )) {
      await query(databaseUrl, `drop index concurrently if exists "${name}"`);
    }
  }
  await query(databaseUrl, "delete from drizzle.__drizzle_migrations where created_at > $1", [
    journal.entries[fromIndex].when,
  ]);
  // An index on an expression built again has no statistics of that expression until the table
  // is analyzed, where the previous release's had them long since: without them its planner took
  // a search for a term no package holds for a common one and walked every open shipment.
  await query(databaseUrl, "vacuum analyze shipments, shipment_packages");
}

function loadSide(plan) {
  const child = spawn(
    process.execPath,
    [path.join(root, "bench/mixed-load.mjs"), JSON.stringify(plan)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  const result = new Promise((resolve) => child.on("close", () => resolve(JSON.parse(out))));
  return { child, result };
}

/**
 * Lock waits of the server's sessions, sampled every 50 ms while the migrations run: for each wait
 * (a session and when its wait began, pg_locks.waitstart), the longest it was seen waiting and
 * whether the migration's session was among the blockers. What the machine's load adds to a
 * request is not in it: only what waiting for a lock does.
 */
function sampleLockWaits() {
  const client = new pg.Client({ connectionString: databaseUrl });
  const waits = new Map();
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query(
        `select l.pid, l.waitstart::text as since,
                extract(epoch from clock_timestamp() - l.waitstart) * 1000 as ms,
                exists (select 1 from pg_stat_activity b
                         where b.pid = any (pg_blocking_pids(l.pid))
                           and b.application_name = 'fba-freight migrate') as by_migration
           from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and l.waitstart is not null
            and a.application_name like 'fba-freight%' and a.application_name <> 'fba-freight migrate'`,
      );
      const at = Date.now();
      for (const row of rows) {
        const key = `${row.pid} ${row.since}`;
        const seen = waits.get(key);
        waits.set(key, {
          ms: Math.max(seen?.ms ?? 0, Number(row.ms)),
          byMigration: (seen?.byMigration ?? false) || row.by_migration,
          at,
        });
      }
      await sleep(50);
    }
    await client.end();
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return [...waits.values()];
    },
  };
}

/** `npm run migrate`'s command; each applied migration with the time it ended. */
function migrate() {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "src/cli/migrate.ts"],
    {
      cwd: path.join(root, "apps/server"),
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const applied = [];
  let buffer = "";
  child.stdout.on("data", (chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      process.stdout.write(`  migrate: ${line}\n`);
      const match = /^applied (\S+).* in (\d+) ms/.exec(line);
      if (match) {
        const end = Date.now();
        applied.push({ tag: match[1], start: end - Number(match[2]), end });
      }
    }
  });
  return new Promise((resolve, reject) =>
    child.on("close", (code) =>
      code === 0 ? resolve({ started, applied }) : reject(new Error(`migrate exited ${code}`)),
    ),
  );
}

async function main() {
  if (!(await databaseIsCurrent(DB_NAME))) {
    // A run stopped midway leaves the seeded database without the measured migrations: apply
    // them again rather than seeding for many minutes.
    const [seeded] = await query(ADMIN_URL, "select 1 from pg_database where datname = $1", [
      DB_NAME,
    ]);
    const [rows] = seeded
      ? await query(databaseUrl, "select count(*)::int as n from shipments").catch(() => [])
      : [];
    if ((rows?.n ?? 0) >= SHIPMENTS) await migrate();
    else await seedDatabase(DB_NAME, SHIPMENTS);
  }
  const [{ n }] = await query(databaseUrl, "select count(*)::int as n from shipments");
  await query(
    databaseUrl,
    `insert into users (email, first_name, last_name, password_hash, "group")
     select 'bench-admin@bench.example.com', 'Bench', 'Admin', 'x', 'Admin'
     where not exists (select 1 from users where "group" = 'Admin')`,
  );
  await settleSeededWindows(databaseUrl);
  // Every table, as autovacuum leaves a database in use (api.bench.mjs, databaseReady).
  await query(databaseUrl, "vacuum analyze");

  const dataDir = mkdtempSync(path.join(tmpdir(), "fba-bench-migrate-"));
  // The server starts on the migrated database (nothing to migrate), as the previous release's
  // instances are running when an upgrade begins; the measured migrations are then taken off.
  // BENCH_MIGRATE_SERVER_LOG: a file for the server's log (its warnings and errors).
  const log = process.env.BENCH_MIGRATE_SERVER_LOG;
  const main = path.join(SERVER_DIST, "main.js");
  const server = start(
    log ? "/bin/sh" : process.execPath,
    log ? ["-c", `exec "${process.execPath}" "${main}" >> "${log}"`] : [main],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      JWT_SECRET,
      DATA_DIR: dataDir,
      RATE_LIMIT_DISABLED: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      REDIS_URL: "",
    },
    `http://127.0.0.1:${PORT}/api/health`,
  );
  try {
    await server.ready;
    await takeBackOff();
    const sellers = await query(
      databaseUrl,
      `select seller_id as id, (array_agg(id order by id))[1:200] as ids from shipments
       group by seller_id order by count(*) desc limit 10`,
    );
    const agents = await query(
      databaseUrl,
      `select id from users where "group" = 'Shipper' order by id limit 100`,
    );
    const free = await query(
      databaseUrl,
      `select id from shipments where status = 'Shipment Pending' and quotation_count = 0
       and bidding_ends_at > now() + interval '1 hour' order by id limit 2000`,
    );
    const plan = {
      base: `http://127.0.0.1:${PORT}`,
      sellers: await Promise.all(
        sellers.map(async (s) => ({ token: await token(s.id, "Seller"), shipmentIds: s.ids })),
      ),
      agents: await Promise.all(agents.map((a) => token(a.id, "Shipper"))),
      freeShipmentIds: free.map((r) => r.id),
      round: 0,
      // Long enough for any migration; stopped once they are done.
      seconds: 1800,
      timeline: true,
    };
    const sides = [
      loadSide({ ...plan, kind: "read", connections: 40 }),
      loadSide({ ...plan, kind: "write", connections: 10 }),
    ];
    const loadStarted = Date.now();
    await sleep(BEFORE_SECONDS * 1000);
    const sampler = sampleLockWaits();
    let migrated;
    try {
      migrated = await migrate();
    } catch (error) {
      // The load stops with the run, whatever became of the migrations.
      for (const side of sides) side.child.kill("SIGKILL");
      await sampler.stop();
      throw error;
    }
    const { started, applied } = migrated;
    const waits = await sampler.stop();
    await sleep(AFTER_SECONDS * 1000);
    for (const side of sides) side.child.kill("SIGTERM");
    const [read, write] = await Promise.all(sides.map((side) => side.result));

    const answers = [...read.timeline.answers, ...write.timeline.answers].map(([end, ms]) => ({
      start: end - ms,
      end,
      ms,
    }));
    const failures = [...read.timeline.failures, ...write.timeline.failures];
    const longest = (from, to) =>
      answers
        .filter((a) => a.start < to && a.end > from)
        .reduce((max, a) => Math.max(max, a.ms), 0);
    const during = (from, to) => answers.filter((a) => a.start < to && a.end > from).length;
    const failed = (from, to) => failures.filter((at) => at >= from && at <= to).length;
    // The seconds before migrating, past the first two (connections opening, caches filling).
    const baseline = longest(loadStarted + 2_000, started);
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    console.log(
      `\nmigrations under the mixed profile on ${n.toLocaleString("en-US")} shipments (load ${load}):`,
    );
    console.log(`  before migrating: longest request ${baseline} ms`);
    const lockWait = (from, to) => {
      const inside = waits.filter((w) => w.at >= from && w.at <= to + 100);
      const byMigration = inside.filter((w) => w.byMigration);
      const max = (list) => Math.round(list.reduce((m, w) => Math.max(m, w.ms), 0));
      return `longest lock wait of a server session ${max(inside)} ms (${inside.length} waits; behind the migration: ${byMigration.length}, longest ${max(byMigration)} ms)`;
    };
    for (const m of applied) {
      console.log(
        `  ${m.tag}: ${m.end - m.start} ms, longest request ${longest(m.start, m.end)} ms (${during(m.start, m.end)} requests, ${failed(m.start, m.end)} failed); ${lockWait(m.start, m.end)}`,
      );
    }
    const total = [
      ...(read.statuses ? Object.entries(read.statuses) : []),
      ...Object.entries(write.statuses ?? {}),
    ]
      .map(([code, count]) => `${count} x ${code}`)
      .join(", ");
    console.log(
      `  the whole run: ${answers.length} answers (read p99 ${read.p99} ms, write p99 ${write.p99} ms), ${failures.length} failed${total ? `; non-2xx: ${total}` : ""}`,
    );
  } finally {
    server.child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
