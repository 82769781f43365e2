// Start to ready: the built server from its process start to the first 200 of /api/health/ready
// (polled every 10 ms), on PostgreSQL with 100,000 shipments, on the embedded default (PGlite)
// with data, and on the first start of a new install (an empty data directory; an empty
// PostgreSQL database), where every migration runs. Each case starts the server 5 times and
// reports the median with every run; the server is stopped (SIGTERM) between runs. The seeded
// databases are the API bench's (fba_bench) and the PGlite bench's directory, made once per
// schema. Loopback only, bounded in time. Needs PostgreSQL and a build of the server.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  ADMIN_URL,
  SERVER_DIST,
  databaseIsCurrent,
  databaseUrlOf,
  median,
  query,
  root,
  require,
  runSeed,
  seedDatabase,
  settleSeededWindows,
  sleep,
} from "./lib.mjs";

const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
const DB_NAME = process.env.BENCH_API_DB ?? "fba_bench";
const PORT = Number(process.env.BENCH_STARTUP_PORT ?? 27430);
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const POLL_MS = 10;
const main = path.join(SERVER_DIST, "main.js");

setTimeout(() => {
  console.log("startup bench: time limit reached");
  process.exit(1);
}, 30 * 60_000).unref();

if (!existsSync(main)) {
  console.log("start to ready: not measured (run npm run build first)");
  process.exit(0);
}

/**
 * The API bench's database: seeded unless it holds the shipments at the current schema. Its
 * ended windows are marked judged as the other benches mark them (lib.mjs): a start is measured,
 * not the closing loop's catch-up on a seed's thousands of windows that ended unjudged.
 */
async function seededPostgres() {
  const url = databaseUrlOf(DB_NAME);
  const current =
    (await databaseIsCurrent(DB_NAME)) &&
    (await query(url, "select count(*)::int as n from shipments"))[0].n >= SHIPMENTS;
  if (!current) await seedDatabase(DB_NAME, SHIPMENTS);
  await settleSeededWindows(url);
  return url;
}

/** The PGlite bench's directory (same name, same stamp): seeded once per schema. */
function seededPglite() {
  const schemaStamp = JSON.parse(
    readFileSync(path.join(root, "apps/server/drizzle/meta/_journal.json"), "utf8"),
  ).entries.at(-1)?.when;
  const dataDir = path.join(tmpdir(), `fba-bench-pglite-${SHIPMENTS}`);
  const stampFile = path.join(dataDir, "seeded-at-schema");
  if (!existsSync(stampFile) || readFileSync(stampFile, "utf8") !== String(schemaStamp)) {
    rmSync(dataDir, { recursive: true, force: true });
    runSeed(SHIPMENTS, `PGlite at ${dataDir}`, { DATABASE_URL: "", DATA_DIR: dataDir });
    writeFileSync(stampFile, String(schemaStamp));
  }
  return dataDir;
}

/** The PGlite directory's ended windows marked judged (as pglite.bench.mjs does). */
async function settlePglite(dataDir) {
  const { PGlite } = await import(require.resolve("@electric-sql/pglite"));
  const { pg_trgm } = await import(require.resolve("@electric-sql/pglite/contrib/pg_trgm"));
  const db = new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    await db.query(
      `update shipments set bidding_closed_at = bidding_ends_at
       where status = 'Shipment Pending' and bidding_closed_at is null and bidding_ends_at <= now()`,
    );
  } finally {
    await db.close();
  }
}

/** One start: milliseconds from spawning the process to readiness's first 200; then SIGTERM. */
async function startToReady(env) {
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: "127.0.0.1",
      PORT: String(PORT),
      LOG_LEVEL: "warn",
      JWT_SECRET: randomBytes(32).toString("hex"),
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-2000)));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited during start: ${stderr}`);
      if (performance.now() - started > 60_000) throw new Error("server not ready in 60 s");
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/health/ready`);
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(POLL_MS);
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

async function measure(label, runs, envOf) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const { env, cleanup } = await envOf();
    try {
      times.push(await startToReady(env));
    } finally {
      await cleanup?.();
    }
  }
  const ms = median(times);
  const all = times.map((t) => t.toFixed(0)).join(", ");
  console.log(`${label}: ${ms.toFixed(0)} ms, median of ${runs} starts (${all} ms)`);
}

/** A data directory for one start on PostgreSQL (the JWT secret and uploads would go there). */
function scratchDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "fba-start-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const postgresUrl = await seededPostgres();
const pgliteDir = seededPglite();
await settlePglite(pgliteDir);

const shipments = SHIPMENTS.toLocaleString("en");
await measure(`start to ready PostgreSQL (${shipments} shipments)`, RUNS, () => {
  const scratch = scratchDir();
  return { env: { DATABASE_URL: postgresUrl, DATA_DIR: scratch.dir }, cleanup: scratch.cleanup };
});
await measure(`start to ready embedded (${shipments} shipments)`, RUNS, () => ({
  env: { DATABASE_URL: "", DATA_DIR: pgliteDir },
}));
await measure("first start of a new install, embedded", RUNS, () => {
  const scratch = scratchDir();
  return { env: { DATABASE_URL: "", DATA_DIR: scratch.dir }, cleanup: scratch.cleanup };
});
await measure("first start of a new install, PostgreSQL", RUNS, async () => {
  const name = `fba_start_new_${randomBytes(4).toString("hex")}`;
  await query(ADMIN_URL, `create database ${name}`);
  const scratch = scratchDir();
  return {
    env: { DATABASE_URL: databaseUrlOf(name), DATA_DIR: scratch.dir },
    cleanup: async () => {
      scratch.cleanup();
      await query(ADMIN_URL, `drop database if exists ${name} with (force)`);
    },
  };
});
