// API reads on the embedded database (PGlite), the zero-setup default, beside the PostgreSQL rows
// of api.bench.mjs: the built server on a PGlite data directory seeded with the same 100,000
// shipments, the same browse, search, one-letter and single-shipment mixes at 50 connections, a
// warm-up then the median of 3 runs. The bars are PostgreSQL's; these rows carry none. The seeded
// directory is made once per schema and kept under the system's temp dir (seeding PGlite takes
// minutes). Loopback only, bounded in time. Needs a build of the server (npm run build).
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  SECONDS,
  SERVER_DIST,
  WARMUP_SECONDS,
  listCases,
  median,
  mix,
  require,
  root,
  runSeed,
  signToken,
  sleep,
  start,
} from "./lib.mjs";

const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
const PORT = Number(process.env.BENCH_PGLITE_PORT ?? 27420);
const RUNS = 3;
const JWT_SECRET = randomBytes(32).toString("hex");
const { PGlite } = await import(require.resolve("@electric-sql/pglite"));
const { pg_trgm } = await import(require.resolve("@electric-sql/pglite/contrib/pg_trgm"));

// Time limit for the whole script: a seed or server that hangs must not hang `npm run bench`.
setTimeout(() => {
  console.log("pglite bench: time limit reached");
  process.exit(1);
}, 30 * 60_000).unref();

/** The newest migration's stamp: a directory seeded at another schema is seeded again. */
const schemaStamp = JSON.parse(
  readFileSync(path.join(root, "apps/server/drizzle/meta/_journal.json"), "utf8"),
).entries.at(-1)?.when;
const dataDir = path.join(tmpdir(), `fba-bench-pglite-${SHIPMENTS}`);
const stampFile = path.join(dataDir, "seeded-at-schema");

function ensureSeeded() {
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === String(schemaStamp)) return;
  rmSync(dataDir, { recursive: true, force: true });
  runSeed(SHIPMENTS, `PGlite at ${dataDir}`, { DATABASE_URL: "", DATA_DIR: dataDir });
  writeFileSync(stampFile, String(schemaStamp));
}

/**
 * The users and shipment the mixes read as (the seller with the most active shipments, the first
 * agent, an admin), read from the directory before the server holds it (PGlite is one process).
 */
async function benchUsers() {
  const db = new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    await db.query(
      `insert into users (email, first_name, last_name, password_hash, "group")
       select 'bench-admin@bench.example.com', 'Bench', 'Admin', 'x', 'Admin'
       where not exists (select 1 from users where "group" = 'Admin')`,
    );
    // Ended windows without bids, marked judged as the server's closing loop would (see lib.mjs).
    await db.query(
      `update shipments set bidding_closed_at = bidding_ends_at
       where status = 'Shipment Pending' and bidding_closed_at is null and bidding_ends_at <= now()`,
    );
    const one = async (text, params = []) => (await db.query(text, params)).rows[0];
    const seller = await one(
      `select seller_id as id from shipments where status in ('Shipment Pending','Quotation Received','Quotation Approved','Quotation Accepted')
       group by seller_id order by count(*) desc limit 1`,
    );
    const agent = await one(`select id from users where "group" = 'Shipper' order by id limit 1`);
    const admin = await one(`select id from users where "group" = 'Admin' limit 1`);
    const shipment = await one(
      `select id from shipments where seller_id = $1 and winning_quotation_id is not null order by id limit 1`,
      [seller.id],
    );
    return { seller: seller.id, agent: agent.id, admin: admin.id, shipment: shipment.id };
  } finally {
    await db.close();
  }
}

async function main() {
  ensureSeeded();
  const ids = await benchUsers();
  const tokens = {
    seller: await signToken(JWT_SECRET, ids.seller, "Seller"),
    agent: await signToken(JWT_SECRET, ids.agent, "Shipper"),
    admin: await signToken(JWT_SECRET, ids.admin, "Admin"),
  };
  const server = start(
    process.execPath,
    [path.join(SERVER_DIST, "main.js")],
    {
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      JWT_SECRET,
      RATE_LIMIT_DISABLED: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      REDIS_URL: "",
    },
    `http://127.0.0.1:${PORT}/api/health`,
  );
  try {
    await server.ready;
    // The closing loop judges the seed's due windows in its first seconds: not what is measured.
    await sleep(10_000);
    const base = `http://127.0.0.1:${PORT}`;
    for (const { name, entries } of await listCases(base, tokens, ids.shipment)) {
      await mix(base, entries, WARMUP_SECONDS);
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await mix(base, entries, SECONDS));
      const errors = runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
      console.log(
        `PGlite ${name} (${entries.length} ${entries.length === 1 ? "URL" : "URLs"}, 50 conn): ${median(runs.map((r) => r.requests)).toFixed(0)} req/s, p50 ${median(runs.map((r) => r.p50))} ms, p99 ${median(runs.map((r) => r.p99))} ms, errors ${errors}`,
      );
    }
  } finally {
    server.child.kill("SIGTERM");
    await sleep(1000);
  }
}

await main();
