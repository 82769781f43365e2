// Realistic traffic (`npm run bench -- realistic`): many signed-in users, each reading their own
// pages, with skewed popularity, a tenth of the requests writes, and open chat sockets receiving
// frames; run with the list page cache on (LIST_CACHE_MS as configured) and off (LIST_CACHE_MS=0)
// on copies of the same seeded database. Reports each route's p50/p99, the throughput, the errors,
// the page cache's hit ratio (from /metrics) and each route's p99 over that of a shipment's page
// in the same run (a primary-key read: the ratio does not move with the machine's speed).
//
// Sizes (defaults: the quality bar's figures):
//   BENCH_REALISTIC_USERS=5000        users, BENCH_REALISTIC_SELLER_SHARE of them sellers (0.8)
//   BENCH_REALISTIC_SHIPMENTS=100000  seeded shipments
//   BENCH_REALISTIC_SOCKETS=200       chat sockets: the seller and the agent of SOCKETS/2 orders
//   BENCH_REALISTIC_RATE=500          requests per second offered (HTTP and chat messages together)
//   BENCH_REALISTIC_CONNECTIONS=50    HTTP connections the requests go out on
//   BENCH_REALISTIC_SECONDS=45        measured seconds per mode, after BENCH_REALISTIC_WARMUP=5
//   BENCH_REALISTIC_ZIPF=0.8          popularity exponent over users and over shipments
//   BENCH_REALISTIC_LOGINS=50         users signed in through POST /api/auth/login/; the others get
//                                     their session from the server's own session code (the same
//                                     refresh-token row and access token a login makes)
//   BENCH_REALISTIC_MODES=on,off      which page cache modes to run
// The seeded database is kept as a template (reseeded when its shape, schema or bid windows are
// out of date); each mode runs on a fresh copy, so both start from the same data.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  ADMIN_URL,
  SERVER_DIST,
  databaseIsCurrent,
  databaseUrlOf,
  migrateSeeded,
  query,
  require,
  root,
  runSeed,
  settleSeededWindows,
  sleep,
  start,
} from "./lib.mjs";

const env = (name, fallback) => Number(process.env[`BENCH_REALISTIC_${name}`] ?? fallback);
const USERS = env("USERS", 5000);
const SELLERS = Math.max(1, Math.round(USERS * env("SELLER_SHARE", 0.8)));
const AGENTS = Math.max(3, USERS - SELLERS);
const SHIPMENTS = env("SHIPMENTS", 100_000);
const SOCKETS = env("SOCKETS", 200);
const RATE = env("RATE", 500);
const CONNECTIONS = env("CONNECTIONS", 50);
const SECONDS = env("SECONDS", 45);
const WARMUP = env("WARMUP", 5);
const ZIPF = env("ZIPF", 0.8);
const LOGINS = Math.min(USERS, env("LOGINS", 50));
const MODES = (process.env.BENCH_REALISTIC_MODES ?? "on,off").split(",");
const PORT = env("PORT", 27460);
/** Shares of the offered requests: reads, and the writes (bids, bookings, chat messages). */
const SHARES = { read: 0.9, bid: 0.04, booking: 0.03, chat: 0.03 };

const TEMPLATE = `fba_bench_realistic_${SHIPMENTS}_${SELLERS}_${AGENTS}`;
const RUN_DB = "fba_bench_realistic_run";
const JWT_SECRET = randomBytes(32).toString("hex");
const SEED_PASSWORD = "Passw0rd!";
const WebSocket = require("ws");
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const fixed = (ms) => (Number.isFinite(ms) ? ms.toFixed(1) : "-");

/**
 * The template: seeded with the users' split, at the current schema, and seeded recently enough
 * that its open bid windows are still open (they end within BID_WINDOW_HOURS of the seed).
 */
async function ensureTemplate() {
  const url = databaseUrlOf(TEMPLATE);
  const usable = async () => {
    if (!(await databaseIsCurrent(TEMPLATE)) && !(await migrateSeeded(TEMPLATE, SHIPMENTS)))
      return false;
    const [row] = await query(
      url,
      `select (select count(*)::int from shipments) as shipments,
              (select count(*)::int from users where "group" in ('Seller', 'Shipper')) as users,
              extract(epoch from now() - (select max(created_at) from shipments))::int as age`,
    );
    return row.shipments === SHIPMENTS && row.users === SELLERS + AGENTS && row.age < 6 * 3600;
  };
  if (await usable()) return;
  await query(ADMIN_URL, `drop database if exists ${TEMPLATE} with (force)`);
  await query(ADMIN_URL, `create database ${TEMPLATE}`);
  runSeed(SHIPMENTS, TEMPLATE, { DATABASE_URL: url }, [
    "--sellers",
    String(SELLERS),
    "--agents",
    String(AGENTS),
  ]);
  await query(
    url,
    `insert into users (email, first_name, last_name, password_hash, "group")
     values ('bench-admin@bench.example.com', 'Bench', 'Admin', 'x', 'Admin')`,
  );
  await settleSeededWindows(url);
  await query(url, "vacuum analyze");
}

/** A fresh copy of the template for one mode (a copy waits for the template's last sessions). */
async function copyTemplate() {
  await query(ADMIN_URL, `drop database if exists ${RUN_DB} with (force)`);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await query(ADMIN_URL, `create database ${RUN_DB} template ${TEMPLATE}`);
      return databaseUrlOf(RUN_DB);
    } catch (error) {
      if (attempt >= 10) throw error;
      await sleep(1000);
    }
  }
}

async function answers(url) {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

/** The real server (the build) on the run's copy, in production mode. */
async function startServer(databaseUrl, dataDir, cache) {
  if (await answers(`http://127.0.0.1:${PORT}/api/health`))
    throw new Error(`port ${PORT} is already in use (BENCH_REALISTIC_PORT names another)`);
  const server = start(
    process.execPath,
    [path.join(SERVER_DIST, "main.js")],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      JWT_SECRET,
      DATA_DIR: dataDir,
      RATE_LIMIT_DISABLED: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      REDIS_URL: "",
      ...(cache ? {} : { LIST_CACHE_MS: "0" }),
    },
    `http://127.0.0.1:${PORT}/api/health`,
  );
  await server.ready;
  return server;
}

/** Waits until the server's closing loop has judged the bid windows that ended before it started. */
async function biddingSettled(url) {
  for (let i = 0; i < 120; i += 1) {
    const [row] = await query(
      url,
      `select count(*)::int as n from shipments where bidding_ends_at <= now()
       and (status = 'Quotation Received' or (status = 'Shipment Pending' and bidding_closed_at is null))`,
    );
    if (row.n === 0) return;
    await sleep(1000);
  }
  console.log("warning: bid windows still due after 120 s");
}

/** A random order (popularity ranks) that is the same in both modes. */
function shuffled(items, seed) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * Every user signed in: LOGINS of them through the login endpoint (their p99 is reported), the
 * rest through the server's own session code (lib/tokens and the auth module's face, of the build), which
 * writes the refresh-token row and signs the access token as a login does. Returns id -> token.
 */
async function signIn(databaseUrl, users, base) {
  const distUrl = (file) => pathToFileURL(path.join(SERVER_DIST, file)).href;
  const { TokenService } = await import(distUrl("lib/tokens.js"));
  // Through the auth module's face, as any other module would.
  const { issueSession } = await import(distUrl("modules/auth/index.js"));
  const { openDatabase } = await import(distUrl("db/client.js"));
  const database = await openDatabase({ url: databaseUrl, poolSize: 20, migrate: false });
  const tokens = new Map();
  const loginTimes = [];
  let loginFailures = 0;
  try {
    const service = new TokenService(JWT_SECRET);
    const issue = async (user) => {
      const pair = await issueSession({ db: database.db, tokens: service }, user.id);
      tokens.set(user.id, pair.access_token);
    };
    const byLogin = users.slice(0, LOGINS);
    for (const user of byLogin) {
      const started = performance.now();
      const response = await fetch(`${base}/api/auth/login/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password: SEED_PASSWORD, group: user.group }),
      });
      const body = await response.json();
      loginTimes.push(performance.now() - started);
      if (response.ok) tokens.set(user.id, body.data.access_token);
      else {
        loginFailures += 1;
        await issue(user);
      }
    }
    const rest = users.slice(LOGINS);
    for (let i = 0; i < rest.length; i += 20) await Promise.all(rest.slice(i, i + 20).map(issue));
  } finally {
    await database.close();
  }
  loginTimes.sort((a, b) => a - b);
  return { tokens, loginTimes, loginFailures };
}

/** The shipments open for bidding that each agent has bid on (a second bid would be refused). */
async function openBids(databaseUrl) {
  const bids = await query(
    databaseUrl,
    `select agent_id as id, array_agg(shipment_id) as ids from quotations q
     join shipments s on s.id = q.shipment_id
     where s.status in ('Shipment Pending', 'Quotation Received') group by agent_id`,
  );
  return new Map(bids.map((row) => [row.id, row.ids]));
}

/** What each user reads and may write, from the run's copy, with their tokens. */
async function makePlan(databaseUrl, base) {
  const users = await query(
    databaseUrl,
    `select id, email, "group" from users where "group" in ('Seller', 'Shipper') order by id`,
  );
  const [admin] = await query(databaseUrl, `select id, "group" from users where "group" = 'Admin'`);
  const ranked = shuffled(users, 7);
  const { tokens, loginTimes, loginFailures } = await signIn(databaseUrl, [...ranked, admin], base);
  const own = await query(
    databaseUrl,
    `select seller_id as id, array_agg(id order by id desc) as ids from shipments group by seller_id`,
  );
  const shipmentsOf = new Map(own.map((row) => [row.id, row.ids]));
  const orders = await query(
    databaseUrl,
    `select winner_agent_id as id, array_agg(id order by id desc) as ids from shipments
     where status in ('Quotation Accepted', 'Shipment Completed') group by winner_agent_id`,
  );
  const ordersOf = new Map(orders.map((row) => [row.id, row.ids]));
  // Open long enough to outlast the run.
  const open = (
    await query(
      databaseUrl,
      `select id from shipments where status in ('Shipment Pending', 'Quotation Received')
       and bidding_ends_at > now() + interval '30 minutes' order by id desc`,
    )
  ).map((row) => row.id);
  const bidsOf = await openBids(databaseUrl);
  const sellers = ranked
    .filter((user) => user.group === "Seller")
    .map((user) => ({ token: tokens.get(user.id), shipments: shipmentsOf.get(user.id) ?? [] }));
  const agents = ranked
    .filter((user) => user.group === "Shipper")
    .map((user) => ({
      id: user.id,
      token: tokens.get(user.id),
      orders: ordersOf.get(user.id) ?? [],
      bidOn: bidsOf.get(user.id) ?? [],
    }));
  // The chat rooms: accepted orders, the most popular sellers' first; a socket each for the
  // seller and the winning agent, 200 sockets of 200 people. A person is in one room only: the
  // chat's limit (CHAT_ACTIONS_PER_SECOND) is per person, and the most popular sellers, each in
  // several of the busiest rooms, sent faster than anyone types and had messages refused.
  const rank = new Map(ranked.map((user, i) => [user.id, i]));
  const accepted = await query(
    databaseUrl,
    `select id, seller_id, winner_agent_id from shipments where status = 'Quotation Accepted'`,
  );
  accepted.sort((a, b) => rank.get(a.seller_id) - rank.get(b.seller_id));
  const inRoom = new Set();
  const chosen = [];
  for (const row of accepted) {
    if (chosen.length === Math.ceil(SOCKETS / 2)) break;
    if (inRoom.has(row.seller_id) || inRoom.has(row.winner_agent_id)) continue;
    inRoom.add(row.seller_id).add(row.winner_agent_id);
    chosen.push(row);
  }
  const rooms = chosen.map((row) => ({
    shipmentId: row.id,
    tokens: [tokens.get(row.seller_id), tokens.get(row.winner_agent_id)],
  }));
  return {
    http: { sellers, agents, open },
    rooms,
    adminToken: tokens.get(admin.id),
    loginTimes,
    loginFailures,
  };
}

function connect(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      perMessageDeflate: false,
      headers: { origin: `http://127.0.0.1:${PORT}` },
    });
    ws.once("open", () => {
      ws.removeAllListeners();
      ws.on("error", () => undefined);
      resolve(ws);
    });
    ws.once("error", reject);
    ws.once("close", (code) => reject(new Error(`socket closed ${code}`)));
  });
}

/** SOCKETS/2 rooms, two parties each: who sends, and who must receive each message. */
async function openRooms(rooms) {
  const sockets = [];
  for (const room of rooms) {
    room.sockets = [];
    for (const token of room.tokens) {
      const ws = await connect(
        `ws://127.0.0.1:${PORT}/ws/group-chat/${room.shipmentId}/?token=${encodeURIComponent(token)}`,
      );
      room.sockets.push(ws);
      sockets.push(ws);
    }
  }
  return sockets;
}

/**
 * Chat messages at `rate` per second for `seconds`, in rooms picked by popularity, each sent by one
 * party and timed to its frame at the other; then a drain of up to 3 s. Returns the latencies,
 * the frames expected and received, and the error frames.
 */
async function chat(rooms, rate, seconds, label) {
  const cdf = [];
  let sum = 0;
  for (let r = 0; r < rooms.length; r += 1) cdf.push((sum += 1 / (r + 1) ** ZIPF));
  const pick = () => {
    const u = Math.random() * sum;
    const index = cdf.findIndex((value) => value >= u);
    return rooms[index < 0 ? rooms.length - 1 : index];
  };
  const sentAt = new Map();
  const latencies = [];
  let errors = 0;
  const errorMessages = new Set();
  const listeners = [];
  for (const room of rooms)
    room.sockets.forEach((ws, side) => {
      const listener = (data) => {
        const frame = JSON.parse(data.toString());
        if (frame.event_type === "error") {
          errors += 1;
          errorMessages.add(frame.data?.message);
        }
        if (frame.event_type !== "message_sent") return;
        const sent = sentAt.get(frame.data.content);
        if (sent && sent.to === ws) {
          latencies.push(performance.now() - sent.at);
          sentAt.delete(frame.data.content);
        }
      };
      ws.on("message", listener);
      listeners.push([ws, listener, side]);
    });
  const total = Math.round(rate * seconds);
  const started = performance.now();
  for (let i = 0; i < total; i += 1) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    const room = pick();
    const side = Math.random() < 0.5 ? 0 : 1;
    const tag = `${label} ${i}`;
    sentAt.set(tag, { at: performance.now(), to: room.sockets[1 - side] });
    room.sockets[side].send(
      JSON.stringify({ action: "send_message", message: tag, attachment: null }),
    );
  }
  for (let i = 0; i < 30 && sentAt.size > 0; i += 1) await sleep(100);
  for (const [ws, listener] of listeners) ws.off("message", listener);
  latencies.sort((a, b) => a - b);
  return { total, latencies, lost: sentAt.size, errors, errorMessages: [...errorMessages] };
}

/** The page cache's lookups as /metrics reports them. */
async function cacheLookups(base, adminToken) {
  const response = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const text = await response.text();
  const counts = {};
  for (const [, shelf, outcome, value] of text.matchAll(
    /^fba_page_cache_lookups\{shelf="(\w+)",outcome="(\w+)"\} (\d+)/gm,
  ))
    counts[`${shelf} ${outcome}`] = Number(value);
  return counts;
}

/** The HTTP load in its own process, at the rate's HTTP share, for `seconds`. */
async function httpLoad(planFile) {
  const child = spawn(process.execPath, [path.join(root, "bench/realistic-load.mjs"), planFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  await new Promise((resolve) => child.on("close", resolve));
  return JSON.parse(out);
}

async function runMode(mode) {
  const cache = mode === "on";
  const label = `realistic cache ${mode}`;
  const databaseUrl = await copyTemplate();
  const dataDir = mkdtempSync(path.join(tmpdir(), "fba-bench-realistic-"));
  const base = `http://127.0.0.1:${PORT}`;
  const server = await startServer(databaseUrl, dataDir, cache);
  let sockets = [];
  try {
    await biddingSettled(databaseUrl);
    const started = Date.now();
    const plan = await makePlan(databaseUrl, base);
    console.log(
      `${label}: ${plan.http.sellers.length} sellers and ${plan.http.agents.length} agents signed in (${LOGINS} by login) in ${((Date.now() - started) / 1000).toFixed(0)} s; ${plan.http.open.length} shipments open for bidding`,
    );
    sockets = await openRooms(plan.rooms);
    const httpShare = 1 - SHARES.chat;
    const planFor = (seconds) => {
      const file = path.join(dataDir, `plan-${seconds}.json`);
      writeFileSync(
        file,
        JSON.stringify({
          base,
          connections: CONNECTIONS,
          seconds,
          rate: Math.max(1, Math.round(RATE * httpShare)),
          zipf: ZIPF,
          shares: { read: SHARES.read, bid: SHARES.bid, booking: SHARES.booking },
          ...plan.http,
        }),
      );
      return file;
    };
    // Warm-up, then the measured run: HTTP from its own process, chat from this one, side by side.
    await Promise.all([
      httpLoad(planFor(WARMUP)),
      chat(plan.rooms, RATE * SHARES.chat, WARMUP, "warm-up"),
    ]);
    // The warm-up's bids, so that none is sent twice: read once the server has answered the
    // requests still in flight when the warm-up's load stopped (one was stored after this read
    // and sent again, refused with 409).
    await sleep(1_000);
    const bidsOf = await openBids(databaseUrl);
    for (const agent of plan.http.agents) agent.bidOn = bidsOf.get(agent.id) ?? [];
    const loadBefore = load();
    const before = await cacheLookups(base, plan.adminToken);
    const [http, messages] = await Promise.all([
      httpLoad(planFor(SECONDS)),
      chat(plan.rooms, RATE * SHARES.chat, SECONDS, "measured"),
    ]);
    const after = await cacheLookups(base, plan.adminToken);
    const delta = (key) => (after[key] ?? 0) - (before[key] ?? 0);
    const ratio = (shelf) => {
      const all = delta(`${shelf} hit`) + delta(`${shelf} joined`) + delta(`${shelf} miss`);
      return all ? `${((delta(`${shelf} hit`) / all) * 100).toFixed(1)} %` : "-";
    };
    const httpErrors = http.errors + http.non2xx;
    const errors = httpErrors + messages.errors + messages.lost;
    const base99 = http.routes["seller shipment"]?.p99;
    const chatP99 = pct(messages.latencies, 0.99);
    console.log(
      `${label} (${USERS} users, ${SHIPMENTS} shipments, ${SOCKETS} sockets, ${RATE} req/s, ${SECONDS} s): ` +
        `${(http.requests + messages.total / SECONDS).toFixed(0)} req/s, p50 ${http.p50} ms, p99 ${http.p99} ms, errors ${errors}; ` +
        `${SELLERS} sellers, ${AGENTS} agents; ` +
        `cache hit ratio ${ratio("pages")} (hit ${delta("pages hit")}, joined ${delta("pages joined")}, miss ${delta("pages miss")}; shared values ${ratio("shared")}); ` +
        `chat ${messages.total} msgs, frame p50 ${fixed(pct(messages.latencies, 0.5))} ms, p99 ${fixed(chatP99)} ms, lost ${messages.lost}; load ${loadBefore} before, ${load()} after`,
    );
    const routes = Object.entries(http.routes).sort(([a], [b]) => a.localeCompare(b));
    for (const [route, r] of routes) {
      const failed = Object.entries(http.failures)
        .filter(([key]) => key.startsWith(`${route} `))
        .reduce((n, [, count]) => n + count, 0);
      console.log(
        `${label} ${route}: ${r.n} req, p50 ${fixed(r.p50)} ms, p99 ${fixed(r.p99)} ms, errors ${failed}, pk ratio ${base99 ? (r.p99 / base99).toFixed(2) : "-"}`,
      );
    }
    console.log(
      `${label} chat message (socket to socket): ${messages.total} msgs, p50 ${fixed(pct(messages.latencies, 0.5))} ms, p99 ${fixed(chatP99)} ms, errors ${messages.errors}, lost ${messages.lost}`,
    );
    console.log(
      `${label} login (POST /api/auth/login/, ${plan.loginTimes.length} users one after another): p50 ${fixed(pct(plan.loginTimes, 0.5))} ms, p99 ${fixed(pct(plan.loginTimes, 0.99))} ms, refused ${plan.loginFailures}`,
    );
    if (Object.keys(http.failures).length)
      console.log(
        `warning ${label}: failures ${JSON.stringify(http.failures)} ${http.samples.join(" | ")}`,
      );
    if (messages.errorMessages.length)
      console.log(`warning ${label}: chat error frames: ${messages.errorMessages.join("; ")}`);
  } finally {
    for (const ws of sockets) ws.terminate();
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("close", resolve));
    rmSync(dataDir, { recursive: true, force: true });
    await query(ADMIN_URL, `drop database if exists ${RUN_DB} with (force)`);
  }
}

if (!existsSync(path.join(SERVER_DIST, "main.js"))) {
  console.error("realistic bench: build the server first (npm run build)");
  process.exit(1);
}
const started = Date.now();
console.log(`load ${load()} at the start`);
await ensureTemplate();
for (const mode of MODES) await runMode(mode);
console.log(
  `realistic total: ${((Date.now() - started) / 1000).toFixed(0)} s, load ${load()} at the end`,
);
