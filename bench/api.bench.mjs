// API benchmark on PostgreSQL: the real server against a bare node:http + pg handler running the
// same SQL (api-bare-server.mjs), on a seeded table of 100,000 shipments. autocannon runs in its
// own process: 50 connections, a warm-up, then measured runs; the median of 3 is reported.
// Each list figure is one mix of requests taken in turn: browsing (the agent's open list, the
// seller's active list and the admin's list of every shipment; pages 1, 2, 20 and the last, in
// every order the web app offers), searching (22 terms on each list), a one-letter search, and
// one shipment's page. Loopback only, bounded in time. Needs PostgreSQL (BENCH_DATABASE_URL,
// TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres) and a build of the server
// (npm run build; BENCH_SERVER_DIST names another build directory).
import { spawn } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  SECONDS,
  SERVER_DIST,
  WARMUP_SECONDS,
  CONNECTIONS,
  autocannon as autocannonRun,
  databaseIsCurrent,
  databaseUrlOf,
  fetchJson,
  listCases,
  median,
  migrateSeeded,
  mix,
  query,
  root,
  seedDatabase,
  settleSeededWindows,
  signToken,
  sleep,
  start,
} from "./lib.mjs";

const DB_NAME = process.env.BENCH_API_DB ?? "fba_bench";
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 100_000);

const RUNS = 3;
// BENCH_API_ONLY=ratios,mixed,overload (any of them) runs only those parts; `sessions` (not run by
// default) compares the single GET and the browse mix with tokens that name a session (as the
// server issues them: each request checks its session is still live) against tokens without one. For a look inside the
// mixed profile: BENCH_BREAKDOWN=1 prints each read's latencies by path, and BENCH_MIXED_RATE=n
// offers n requests a second (a tenth of them writes) instead of as many as the server answers.
const parts = (process.env.BENCH_API_ONLY ?? "ratios,mixed,overload").split(",");
const SERVER_PORT = Number(process.env.BENCH_API_PORT ?? 27410);
const BARE_PORT = SERVER_PORT + 1;
const JWT_SECRET = randomBytes(32).toString("hex");
const databaseUrl = databaseUrlOf(DB_NAME);

/**
 * Seeds the bench database unless it holds the shipments at the current schema. The mixed profile
 * adds bookings and bids: a database it has written to is seeded again, so every run starts from
 * the same data.
 */
async function ensureDatabase() {
  if (await databaseIsCurrent(DB_NAME)) {
    const [row] = await query(databaseUrl, "select count(*)::int as n from shipments");
    if (row.n === SHIPMENTS) return databaseReady();
  } else if (await migrateSeeded(DB_NAME, SHIPMENTS)) return databaseReady();
  await seedDatabase(DB_NAME, SHIPMENTS);
  await databaseReady();
}

/**
 * An admin to read the list of every shipment, and every table vacuumed, as autovacuum leaves a
 * database in use: a freshly loaded table has no visibility map yet, so index-only scans would
 * still visit the heap, and no statistics (the seed migrates first, so 0029's ANALYZE of the
 * packages saw none): without them the planner walked every shipment of a list for a search term
 * no package holds (1.2 s at 1,000,000 shipments). Every table, not only the lists' own: a
 * PostgreSQL run with autovacuum off (as some test machines are) never sets the chats' visibility
 * map, and each row's unread count then read the chat's messages from the heap by bitmap (a
 * seller's page of 50 at 10,000 shipments: its unread counts 0.65 ms of PostgreSQL's time, 0.25 ms
 * index-only).
 */
async function databaseReady() {
  await query(
    databaseUrl,
    `insert into users (email, first_name, last_name, password_hash, "group")
     select 'bench-admin@bench.example.com', 'Bench', 'Admin', 'x', 'Admin'
     where not exists (select 1 from users where "group" = 'Admin')`,
  );
  await settleSeededWindows(databaseUrl);
  // The seed marks the accepted bids after storing them: their old versions are dead rows, on
  // every page an agent's bids are on, until vacuum.
  await query(databaseUrl, "vacuum analyze");
}

/**
 * A token as the server issues it: naming a live session (a refresh-token row), so every request
 * pays for the check that its session has not ended.
 */
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
/** A token naming no session: the server skips the session check (the comparison's baseline). */
const sessionless = (userId, group) => signToken(JWT_SECRET, userId, group);

/** The real server (the build, else the sources) on the bench database, in production mode. */
function startServer(port, dataDir, extraEnv = {}) {
  const dist = path.join(SERVER_DIST, "main.js");
  const args = existsSync(dist)
    ? [dist]
    : [path.join(root, "node_modules/tsx/dist/cli.mjs"), "apps/server/src/main.ts"];
  const env = {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    JWT_SECRET,
    DATA_DIR: dataDir,
    RATE_LIMIT_DISABLED: "true",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    REDIS_URL: "",
    ...extraEnv,
  };
  return start(process.execPath, args, env, `http://127.0.0.1:${port}/api/health`);
}

/** autocannon in its own process, 50 connections unless told. */
const autocannon = (url, headers, seconds, connections = CONNECTIONS) =>
  autocannonRun(url, headers, seconds, connections);

async function main() {
  await ensureDatabase();
  const [seller] = await query(
    databaseUrl,
    `select seller_id as id from shipments where status in ('Shipment Pending','Quotation Received','Quotation Approved','Quotation Accepted')
     group by seller_id order by count(*) desc limit 1`,
  );
  const [agent] = await query(
    databaseUrl,
    `select id from users where "group" = 'Shipper' order by id limit 1`,
  );
  const [admin] = await query(databaseUrl, `select id from users where "group" = 'Admin' limit 1`);
  const [shipment] = await query(
    databaseUrl,
    `select id from shipments where seller_id = $1 and winning_quotation_id is not null order by id limit 1`,
    [seller.id],
  );
  const tokens = {
    seller: await token(seller.id, "Seller"),
    agent: await token(agent.id, "Shipper"),
    admin: await token(admin.id, "Admin"),
  };

  const dataDir = mkdtempSync(path.join(tmpdir(), "fba-bench-api-"));
  // Cost growth is what a page costs to read from the database: with every page read there, not
  // from the memory that serves the same URLs again.
  const server = startServer(
    SERVER_PORT,
    dataDir,
    parts.includes("growth") ? { LIST_CACHE_MS: "0" } : {},
  );
  const bare = start(
    process.execPath,
    [path.join(root, "bench/api-bare-server.mjs")],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(BARE_PORT),
      BENCH_SELLER_ID: String(seller.id),
      BENCH_AGENT_ID: String(agent.id),
      BENCH_ADMIN_ID: String(admin.id),
      BENCH_SERVER_DIST: SERVER_DIST,
    },
    `http://127.0.0.1:${BARE_PORT}/health`,
  );

  try {
    await Promise.all([server.ready, bare.ready]);
    await biddingSettled();
    const serverBase = `http://127.0.0.1:${SERVER_PORT}`;
    const cases = await listCases(serverBase, tokens, shipment.id, {
      withHistory: parts.includes("growth"),
    });
    const browse = cases[0].entries;
    for (const item of parts.includes("ratios") ? cases : []) await compare(item);
    if (parts.includes("ratios")) await compressionCost(browse);
    // Cost growth (bench/growth.mjs runs this at 10k, 100k and 1M shipments).
    if (parts.includes("growth")) await growth(cases);
    if (parts.includes("sessions")) {
      const plain = {
        seller: await sessionless(seller.id, "Seller"),
        agent: await sessionless(agent.id, "Shipper"),
        admin: await sessionless(admin.id, "Admin"),
      };
      const without = await listCases(serverBase, plain, shipment.id);
      for (const name of ["single shipment GET", "browse lists"]) {
        await sessionCost(
          name,
          cases.find((item) => item.name === name).entries,
          without.find((item) => item.name === name).entries,
        );
      }
    }
    if (parts.includes("mixed")) await mixedProfile();
    if (parts.includes("overload")) await overload(tokens.seller, dataDir);
  } finally {
    server.child.kill("SIGTERM");
    bare.child.kill("SIGTERM");
    await sleep(500);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A fresh seed has bid windows that ended unjudged (one shipment in 20): the server's closing loop
 * judges them within seconds of starting. Measuring before that would time the catch-up (readers
 * wait for rows being closed), not the reads.
 */
async function biddingSettled() {
  for (let i = 0; i < 120; i += 1) {
    const [row] = await query(
      databaseUrl,
      `select count(*)::int as n from shipments where bidding_ends_at <= now()
       and (status = 'Quotation Received' or (status = 'Shipment Pending' and bidding_closed_at is null))`,
    );
    if (row.n === 0) return;
    await sleep(1000);
  }
  console.log("warning: bid windows still due after 120 s");
}

/** How many of the entries the server and the bare handler answer with different JSON. */
async function bodiesDiffer(name, entries) {
  const serverBase = `http://127.0.0.1:${SERVER_PORT}`;
  const bareBase = `http://127.0.0.1:${BARE_PORT}`;
  // Same JSON from both (data and paging), apart from the envelope message.
  let differ = 0;
  for (const entry of entries) {
    const [a, b] = await Promise.all([
      fetchJson(`${serverBase}${entry.path}`, { authorization: `Bearer ${entry.token}` }),
      fetchJson(`${bareBase}${entry.path}`, {}),
    ]);
    const same =
      a !== null &&
      b !== null &&
      JSON.stringify([a.data, a.pagination_option]) ===
        JSON.stringify([b.data, b.pagination_option]);
    if (!same) {
      differ += 1;
      if (differ <= 3)
        console.log(`warning ${name}: server and bare bodies differ on ${entry.path}`);
    }
  }
  return differ;
}

/** A mix against the server and the bare handler, interleaved; prints server, bare and ratio. */
async function compare({ name, entries }) {
  const serverBase = `http://127.0.0.1:${SERVER_PORT}`;
  const bareBase = `http://127.0.0.1:${BARE_PORT}`;
  const differ = await bodiesDiffer(name, entries);
  await mix(serverBase, entries, WARMUP_SECONDS);
  await mix(bareBase, entries, WARMUP_SECONDS);
  const results = { server: [], bare: [] };
  // Interleaved runs, so a change in machine load hits both sides alike.
  for (let run = 0; run < RUNS; run += 1) {
    results.server.push(await mix(serverBase, entries, SECONDS));
    results.bare.push(await mix(bareBase, entries, SECONDS));
  }
  const serverRps = median(results.server.map((r) => r.requests));
  const bareRps = median(results.bare.map((r) => r.requests));
  const serverP99 = median(results.server.map((r) => r.p99));
  const bareP99 = median(results.bare.map((r) => r.p99));
  const errors = results.server.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
  const ratio = serverRps / bareRps;
  const label = `${name} (${entries.length} ${entries.length === 1 ? "URL" : "URLs"}, 50 conn)`;
  console.log(
    `${label} server: ${serverRps.toFixed(0)} req/s, p50 ${median(results.server.map((r) => r.p50))} ms, p99 ${serverP99} ms, errors ${errors}`,
  );
  console.log(`${label} bare: ${bareRps.toFixed(0)} req/s, p99 ${bareP99} ms`);
  console.log(
    `${label} ratio: ${(ratio * 100).toFixed(0)} % (target >= 90 %)${differ ? ` [bodies differ on ${differ} of ${entries.length}]` : ""}`,
  );
}

/**
 * One representative URL of each list shape, for its plans: each list's first page in its default
 * order and its last page, an agent's bid history's first and last page in each ordering, and
 * searches that match many, few and no rows.
 */
function planCases(cases) {
  const named = (name) => cases.find((item) => item.name === name) ?? { entries: [] };
  const [browse, search, oneLetter, single] = [
    "browse lists",
    "search lists",
    "one-letter search",
    "single shipment GET",
  ].map(named);
  const picked = new Map();
  for (const entry of browse.entries) {
    const list = entry.path.split("?")[0];
    const ordered = entry.path.includes("ordering=");
    const page = Number(/page=(\d+)$/.exec(entry.path)?.[1]);
    const key = `${list} ${ordered ? "ordered" : "default"} ${page === 1 ? "first" : page === 20 ? "20" : page > 20 ? "last" : ""}`;
    if (!ordered || entry.path.includes("ordering=-product_name"))
      if (page !== 2 && !picked.has(key)) picked.set(key, entry);
  }
  // An agent's bid history in each of its orderings: the first page and the last.
  for (const entry of [
    ...named("bid history").entries,
    ...named("bid history by column").entries,
  ]) {
    const key = `history ${/ordering=([^&]+)/.exec(entry.path)?.[1] ?? ""}`;
    if (/page=1$/.test(entry.path)) picked.set(`${key} first`, entry);
    else picked.set(`${key} last`, entry);
  }
  for (const entry of [...search.entries, ...oneLetter.entries])
    if (
      /search=(chicago|zebra|ONT8|fbr%2000999|0042|e)&?/.test(entry.path) ||
      /search=e$/.test(entry.path)
    )
      picked.set(entry.path, entry);
  picked.set("single", single.entries[0]);
  return [...picked.values()];
}

/**
 * Every statement of a list page as the bare handler runs it (the server's SQL), under EXPLAIN
 * (ANALYZE, BUFFERS): the plan of each, and a one-line summary per URL of the slowest.
 */
async function printPlans(cases) {
  const bareBase = `http://127.0.0.1:${BARE_PORT}`;
  const full = process.env.BENCH_GROWTH_PLANS === "full" || SHIPMENTS >= 1_000_000;
  for (const entry of planCases(cases)) {
    const plans = await fetchJson(`${bareBase}/explain${entry.path}`, {});
    if (!Array.isArray(plans)) continue;
    const summary = plans.map(({ plan }) => {
      const time = /Execution Time: ([\d.]+) ms/.exec(plan.join("\n"))?.[1] ?? "?";
      const hit = /Buffers: shared hit=(\d+)(?: read=(\d+))?/.exec(plan.join("\n"));
      return { time: Number(time), buffers: hit ? Number(hit[1]) + Number(hit[2] ?? 0) : 0, plan };
    });
    const worst = summary.reduce((a, b) => (b.time > a.time ? b : a));
    console.log(
      `plan ${SHIPMENTS} ${entry.path}: ${plans.length} statements, ${summary.reduce((sum, s) => sum + s.time, 0).toFixed(2)} ms in all; slowest ${worst.time} ms (${worst.buffers} buffers): ${worst.plan[0].trim().slice(0, 90)}`,
    );
    if (full)
      for (const [i, { text, plan }] of plans.entries())
        console.log(
          `  [${i + 1}] ${text.replace(/\s+/g, " ").slice(0, 160)}\n    ${plan.join("\n    ")}`,
        );
  }
}

/** Waits (up to 60 s) until no other statement runs on the bench database. */
async function databaseIdle() {
  for (let i = 0; i < 120; i += 1) {
    const [row] = await query(
      databaseUrl,
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    if (row.n === 0) return;
    await sleep(500);
  }
}

/**
 * What each list read costs from the database (every page read there: LIST_CACHE_MS=0): the
 * server and the bare handler on the same SQL, interleaved, and each list's p99 against the p99
 * of a shipment's page (one primary-key read) in the same run, a ratio no machine changes.
 */
async function growth(allCases) {
  // BENCH_GROWTH_MIXES=browse,single runs only the mixes whose names start so (the pk ratio needs
  // the shipment's page).
  const only = process.env.BENCH_GROWTH_MIXES?.split(",");
  const cases = only
    ? allCases.filter((item) => only.some((name) => item.name.startsWith(name)))
    : allCases;
  if (!only) await printPlans(cases);
  for (const item of cases) await bodiesDiffer(item.name, item.entries);
  const serverBase = `http://127.0.0.1:${SERVER_PORT}`;
  const bareBase = `http://127.0.0.1:${BARE_PORT}`;
  const runs = Number(process.env.BENCH_GROWTH_RUNS ?? RUNS);
  const results = new Map(cases.map((item) => [item.name, { server: [], bare: [] }]));
  for (const item of cases) {
    await mix(serverBase, item.entries, WARMUP_SECONDS);
    await mix(bareBase, item.entries, WARMUP_SECONDS);
  }
  // Round after round of every mix, so a change in the machine's load hits each alike; each
  // after the statements of the one before have ended (a slow one outlives its request).
  for (let run = 0; run < runs; run += 1)
    for (const item of cases) {
      await databaseIdle();
      results.get(item.name).server.push(await mix(serverBase, item.entries, SECONDS));
      await databaseIdle();
      results.get(item.name).bare.push(await mix(bareBase, item.entries, SECONDS));
    }
  const p99 = (list) => median(list.map((r) => r.p99));
  const single = results.get("single shipment GET");
  for (const item of cases) {
    const { server, bare } = results.get(item.name);
    const errors = server.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
    console.log(
      `growth ${SHIPMENTS} ${item.name}: ${median(server.map((r) => r.requests)).toFixed(0)} req/s, p50 ${median(server.map((r) => r.p50))} ms, p99 ${p99(server)} ms, errors ${errors}; bare ${median(bare.map((r) => r.requests)).toFixed(0)} req/s, p99 ${p99(bare)} ms; pk ratio ${(p99(server) / p99(single.server)).toFixed(2)} (bare ${(p99(bare) / p99(single.bare)).toFixed(2)}); p99 of each run ${server.map((r) => r.p99).join(", ")} ms`,
    );
  }
}

/**
 * What checking each token's session costs: one mix with tokens naming a live session against the
 * same mix with tokens naming none, interleaved, on the same server.
 */
async function sessionCost(name, checked, unchecked) {
  const base = `http://127.0.0.1:${SERVER_PORT}`;
  await mix(base, checked, WARMUP_SECONDS);
  await mix(base, unchecked, WARMUP_SECONDS);
  const results = { checked: [], unchecked: [] };
  for (let run = 0; run < RUNS; run += 1) {
    results.checked.push(await mix(base, checked, SECONDS));
    results.unchecked.push(await mix(base, unchecked, SECONDS));
  }
  const rpsOf = (runs) => median(runs.map((r) => r.requests));
  const p99Of = (runs) => median(runs.map((r) => r.p99));
  const errors = [...results.checked, ...results.unchecked].reduce(
    (sum, r) => sum + r.errors + r.non2xx,
    0,
  );
  console.log(
    `session check, ${name} (50 conn): ${rpsOf(results.checked).toFixed(0)} req/s, p99 ${p99Of(results.checked)} ms; without it ${rpsOf(results.unchecked).toFixed(0)} req/s, p99 ${p99Of(results.unchecked)} ms (${((rpsOf(results.checked) / rpsOf(results.unchecked)) * 100).toFixed(1)} %), errors ${errors}`,
  );
}

/** The bytes of one GET as sent (no decoding), with and without accept-encoding. */
function rawBytes(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on("data", (chunk) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

/**
 * What compressing read answers costs the server: the browse mix asking for gzip (as browsers
 * do; autocannon asks for nothing) against the same mix uncompressed, interleaved runs.
 */
async function compressionCost(entries) {
  const serverBase = `http://127.0.0.1:${SERVER_PORT}`;
  const gzip = { "accept-encoding": "gzip" };
  const sample = entries.find((entry) => entry.path.includes("per_page=50")) ?? entries[0];
  const auth = { authorization: `Bearer ${sample.token}` };
  const plainBytes = await rawBytes(`${serverBase}${sample.path}`, auth);
  const gzipBytes = await rawBytes(`${serverBase}${sample.path}`, { ...auth, ...gzip });
  await mix(serverBase, entries, WARMUP_SECONDS, gzip);
  const results = { plain: [], gzip: [] };
  for (let run = 0; run < RUNS; run += 1) {
    results.plain.push(await mix(serverBase, entries, SECONDS));
    results.gzip.push(await mix(serverBase, entries, SECONDS, gzip));
  }
  const rps = (list) => median(list.map((r) => r.requests));
  const p99 = (list) => median(list.map((r) => r.p99));
  const errors = results.gzip.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
  const refused = Object.entries(
    results.gzip.reduce((all, r) => {
      for (const [code, n] of Object.entries(r.statuses)) all[code] = (all[code] ?? 0) + n;
      return all;
    }, {}),
  )
    .map(([code, n]) => `${n} x ${code}`)
    .join(", ");
  console.log(
    `browse lists gzip (${entries.length} URLs, 50 conn) server: ${rps(results.gzip).toFixed(0)} req/s, p99 ${p99(results.gzip)} ms, errors ${errors}${refused ? ` (${refused})` : ""}; uncompressed ${rps(results.plain).toFixed(0)} req/s, p99 ${p99(results.plain)} ms (${((rps(results.gzip) / rps(results.plain)) * 100).toFixed(0)} % of its throughput); ${sample.path}: ${(plainBytes / 1024).toFixed(1)} KB -> ${(gzipBytes / 1024).toFixed(1)} KB`,
  );
}

/**
 * The mixed read/write profile: 40 connections load what sellers' pages read (a shipment, the
 * dashboard, notifications, a page of 10 shipments) while 10 connections write (new bookings and
 * bids on open shipments, half each), side by side against the same server.
 */
async function mixedProfile() {
  const sellers = await query(
    databaseUrl,
    `select seller_id as id, (array_agg(id order by id))[1:200] as ids from shipments
     group by seller_id order by count(*) desc limit 10`,
  );
  const agents = await query(
    databaseUrl,
    `select id from users where "group" = 'Shipper' order by id`,
  );
  const plan = {
    base: `http://127.0.0.1:${SERVER_PORT}`,
    sellers: await Promise.all(
      sellers.map(async (s) => ({ token: await token(s.id, "Seller"), shipmentIds: s.ids })),
    ),
    agents: await Promise.all(agents.map((a) => token(a.id, "Shipper"))),
  };
  const side = async (kind, connections, seconds, round, rate) => {
    const free = await query(
      databaseUrl,
      `select id from shipments where status = 'Shipment Pending' and quotation_count = 0
       and bidding_ends_at > now() + interval '1 hour' order by id limit 2000`,
    );
    const child = spawn(
      process.execPath,
      [
        path.join(root, "bench/mixed-load.mjs"),
        JSON.stringify({
          ...plan,
          kind,
          connections,
          seconds,
          round,
          freeShipmentIds: free.map((r) => r.id),
          rate,
        }),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    await new Promise((resolve) => child.on("close", resolve));
    return JSON.parse(out);
  };
  const rate = Number(process.env.BENCH_MIXED_RATE ?? 0);
  const round = (seconds, n) =>
    Promise.all([
      side("read", 40, seconds, n, rate && Math.round(rate * 0.9)),
      side("write", 10, seconds, n, rate && Math.round(rate * 0.1)),
    ]);
  await round(WARMUP_SECONDS, 0);
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await round(SECONDS, run + 1));
  const total = median(runs.map(([r, w]) => r.requests + w.requests));
  const readP99 = median(runs.map(([r]) => r.p99));
  const writeP99 = median(runs.map(([, w]) => w.p99));
  const writeRps = median(runs.map(([, w]) => w.requests));
  const errors = runs.reduce((sum, [r, w]) => sum + r.errors + r.non2xx + w.errors + w.non2xx, 0);
  const statuses = runs.flatMap(([r, w]) => [r.statuses, w.statuses]);
  const refused = Object.entries(
    statuses.reduce((all, s) => {
      for (const [code, n] of Object.entries(s)) all[code] = (all[code] ?? 0) + n;
      return all;
    }, {}),
  )
    .map(([code, n]) => `${n} x ${code}`)
    .join(", ");
  console.log(
    `mixed read/write profile (50 conn): ${total.toFixed(0)} req/s (writes ${writeRps.toFixed(0)} req/s), read p99 ${readP99} ms, write p99 ${writeP99} ms, errors ${errors}${refused ? ` (${refused})` : ""}`,
  );
}

/**
 * Overload: 500 connections asking for pages of 200 shipments, far past what the database serves.
 * A server with load shedding on (as configured) against one with shedding off, on the same
 * database, both with list pages read from the database every time.
 */
async function overload(sellerToken, dataDir) {
  const port = SERVER_PORT + 2;
  // Both read every page from the database: pages served from memory would absorb the load.
  const uncached = { LIST_CACHE_MS: "0" };
  const protectedServer = startServer(port + 1, dataDir, uncached);
  const unprotected = startServer(port, dataDir, {
    ...uncached,
    MAX_DATABASE_QUEUE: "0",
    MAX_EVENT_LOOP_DELAY_MS: "0",
  });
  try {
    await Promise.all([protectedServer.ready, unprotected.ready]);
    const listPath = "/api/seller/shipments/?page=1&per_page=200";
    const headers = { authorization: `Bearer ${sellerToken}` };
    const measure = async (base) => {
      // Probes beside the load: does a refusal carry Retry-After?
      let stop = false;
      const refusals = [];
      const probes = (async () => {
        while (!stop) {
          const response = await fetch(`${base}${listPath}`, { headers }).catch(() => null);
          if (response?.status === 503) refusals.push(response.headers.get("retry-after"));
          await response?.arrayBuffer().catch(() => undefined);
          await sleep(100);
        }
      })();
      const result = await autocannon(`${base}${listPath}`, headers, SECONDS * 2, 500);
      stop = true;
      await probes;
      return { ...result, retryAfter: refusals.find(Boolean) ?? null, refused: result.non2xx };
    };
    const on = await measure(`http://127.0.0.1:${port + 1}`);
    await sleep(2000);
    const off = await measure(`http://127.0.0.1:${port}`);
    console.log(
      `overload (500 conn, pages of 200): shedding on p99 ${on.p99} ms, ${on.ok} answered, ${on.refused} refused 503${on.retryAfter ? ` with Retry-After ${on.retryAfter} s` : " without Retry-After"}, errors ${on.errors}; shedding off p99 ${off.p99} ms, ${off.ok} answered, ${off.refused} refused, errors ${off.errors}`,
    );
  } finally {
    unprotected.child.kill("SIGTERM");
    protectedServer.child.kill("SIGTERM");
  }
}

await main();
