// Domain events through the transactional outbox (apps/server/src/lib/outbox.ts), on PostgreSQL:
// 1. Dispatcher throughput: a database of its own holding 20,000 undelivered events, one
//    dispatcher running its batches as the server's event-dispatch job does (claim a batch with
//    SKIP LOCKED, hand each event to its subscribers in order, mark it done), until none is left.
//    The subscribers only count, so the figure is the dispatcher's own cost per event. The same
//    on the embedded database (PGlite in memory) is reported beside it, without a bar.
// 2. Commit -> notification frame under the mixed profile (api.bench.mjs's: 40 connections
//    reading, 10 writing bookings and bids) on a copy of a seeded database of 100,000 shipments:
//    beside the load, an agent bids 20 times a second on open shipments whose sellers'
//    notification sockets are open, and each bid's "send_notification" frame is timed. The commit
//    precedes the bid's answer, so the time from the answer to the frame is at most the time from
//    the commit (that figure carries the bar); the time from the request sent, which adds the
//    write itself, is reported beside it. Every event goes through the outbox: the server has no
//    in-memory delivery path to compare with any more.
// BENCH_OUTBOX_DEBUG=1 prints the outbox's rows by name, state and attempts after the measured
// round. Loopback only, bounded in time. Needs PostgreSQL (as api.bench.mjs) and a build of the server.
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";
import {
  ADMIN_URL,
  SECONDS,
  SERVER_DIST,
  WARMUP_SECONDS,
  databaseIsCurrent,
  databaseUrlOf,
  pg,
  query,
  require,
  root,
  seedDatabase,
  settleSeededWindows,
  signToken,
  sleep,
  start,
} from "./lib.mjs";

const WebSocket = require("ws");
const EVENTS = Number(process.env.BENCH_OUTBOX_EVENTS ?? 20_000);
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
const PORT = Number(process.env.BENCH_OUTBOX_PORT ?? 27440);
const THROUGHPUT_DB = "fba_bench_outbox_dispatch";
/** Seeded once per schema; each run works on a fresh copy (the mixed profile writes to it). */
const SEED_DB = "fba_bench_outbox_seed";
const RUN_DB = "fba_bench_outbox";
const PROBES_PER_SECOND = 20;
const JWT_SECRET = randomBytes(32).toString("hex");

setTimeout(() => {
  console.log("outbox bench: time limit reached");
  process.exit(1);
}, 15 * 60_000).unref();

if (!existsSync(path.join(SERVER_DIST, "main.js"))) {
  console.log("outbox bench: no build of the server (npm run build)");
  process.exit(1);
}
const load = (file) => import(pathToFileURL(path.join(SERVER_DIST, file)).href);
const { openDatabase } = await load("db/client.js");
const { EventBus } = await load("lib/events.js");
const { OutboxDispatcher } = await load("lib/outbox.js");

const percentile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Writes `EVENTS` pending events and times one dispatcher delivering all of them. */
async function dispatcherThroughput(database) {
  const { db } = database;
  const { sql } = await import(require.resolve("drizzle-orm"));
  await db.execute(sql`delete from domain_events`);
  await db.execute(sql`
    insert into domain_events (name, payload)
    select 'user.updated', jsonb_build_object('userId', n) from generate_series(1, ${EVENTS}) n`);
  const bus = new EventBus(undefined, db);
  let handed = 0;
  // Two subscribers, as most events have (a notification and a refresh).
  bus.subscribe("user.updated", "first", () => void (handed += 1));
  bus.subscribe("user.updated", "second", () => undefined);
  const dispatcher = new OutboxDispatcher(db, bus);
  const started = performance.now();
  // As the event-dispatch job runs it: another batch at once while the last one was full.
  while ((await dispatcher.runBatch()) === dispatcher.batchSize);
  const seconds = (performance.now() - started) / 1000;
  const [left] = (
    await db.execute(sql`select count(*)::int as n from domain_events where status <> 'done'`)
  ).rows;
  return { rate: handed / seconds, seconds, handed, left: Number(left.n) };
}

async function throughputRows() {
  await query(ADMIN_URL, `drop database if exists ${THROUGHPUT_DB} with (force)`);
  await query(ADMIN_URL, `create database ${THROUGHPUT_DB}`);
  const postgres = await openDatabase({ url: databaseUrlOf(THROUGHPUT_DB), poolSize: 10 });
  try {
    const r = await dispatcherThroughput(postgres);
    console.log(
      `dispatcher throughput PostgreSQL: ${r.rate.toFixed(0)} events/s (${r.handed} of ${EVENTS} events handed to their subscribers in ${r.seconds.toFixed(1)} s, batches of 50, ${r.left} left)`,
    );
  } finally {
    await postgres.close();
    await query(ADMIN_URL, `drop database if exists ${THROUGHPUT_DB} with (force)`);
  }
  const embedded = await openDatabase({ dataDir: ":memory:" });
  try {
    const r = await dispatcherThroughput(embedded);
    console.log(
      `dispatcher throughput PGlite: ${r.rate.toFixed(0)} events/s (${r.handed} of ${EVENTS} events in ${r.seconds.toFixed(1)} s, ${r.left} left)`,
    );
  } finally {
    await embedded.close();
  }
}

/** A fresh copy of the seeded database (seeded first when missing, at another schema or used up). */
async function freshRunDatabase() {
  const freeCount = async () =>
    (
      await query(
        databaseUrlOf(SEED_DB),
        `select count(*)::int as n from shipments where status = 'Shipment Pending'
         and quotation_count = 0 and bidding_ends_at > now() + interval '1 hour'`,
      )
    )[0].n;
  if (!(await databaseIsCurrent(SEED_DB)) || (await freeCount()) < 3000) {
    await seedDatabase(SEED_DB, SHIPMENTS);
    await settleSeededWindows(databaseUrlOf(SEED_DB));
  }
  await query(ADMIN_URL, `drop database if exists ${RUN_DB} with (force)`);
  await query(ADMIN_URL, `create database ${RUN_DB} template ${SEED_DB}`);
  const url = databaseUrlOf(RUN_DB);
  await query(url, "vacuum analyze shipments");
  return url;
}

/**
 * Tokens naming a live session, as the server issues them, for [userId, group] pairs: the sessions
 * are written over one connection (the server's pool and other benches share the database server).
 */
async function tokens(url, users) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const signed = [];
    for (const [userId, group] of users) {
      const sessionId = randomUUID();
      await client.query(
        `insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
         values ($1, $2, $3, now() + interval '1 day')`,
        [userId, sessionId, randomBytes(32).toString("hex")],
      );
      signed.push(await signToken(JWT_SECRET, userId, group, sessionId));
    }
    return signed;
  } finally {
    await client.end();
  }
}

/** One side of the mixed profile (bench/mixed-load.mjs in its own process). */
async function side(plan) {
  const child = spawn(
    process.execPath,
    [path.join(root, "bench/mixed-load.mjs"), JSON.stringify(plan)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  await new Promise((resolve) => child.on("close", resolve));
  return JSON.parse(out);
}

function openSocket(url, origin) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, headers: { origin } });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

async function notificationLatency() {
  const url = await freshRunDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "fba-bench-outbox-"));
  const server = start(
    process.execPath,
    [path.join(SERVER_DIST, "main.js")],
    {
      DATABASE_URL: url,
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
  const base = `http://127.0.0.1:${PORT}`;
  const sockets = [];
  try {
    await server.ready;
    const writerFree = await query(
      url,
      `select id from shipments where status = 'Shipment Pending' and quotation_count = 0
       and bidding_ends_at > now() + interval '1 hour' order by id limit 2000`,
    );
    const sellers = await query(
      url,
      `select seller_id as id, (array_agg(id order by id))[1:200] as ids from shipments
       group by seller_id order by count(*) desc limit 10`,
    );
    const agents = await query(url, `select id from users where "group" = 'Shipper' order by id`);
    // The probes' shipments: open ones the writers do not bid on (their sellers' sockets listen).
    const probeShipments = await query(
      url,
      `select id, seller_id from shipments where status = 'Shipment Pending' and quotation_count = 0
       and bidding_ends_at > now() + interval '1 hour' and id > $1 order by id desc limit $2`,
      [writerFree.at(-1)?.id ?? 0, PROBES_PER_SECOND * (WARMUP_SECONDS + SECONDS * 2 + 5)],
    );
    const plan = {
      base,
      sellers: await Promise.all(
        (
          await tokens(
            url,
            sellers.map((s) => [s.id, "Seller"]),
          )
        ).map((token, i) => ({
          token,
          shipmentIds: sellers[i].ids,
        })),
      ),
      agents: await tokens(
        url,
        agents.map((a) => [a.id, "Shipper"]),
      ),
      freeShipmentIds: writerFree.map((r) => r.id),
    };
    const probeAgent = agents[0].id;
    const [probeAgentToken] = await tokens(url, [[probeAgent, "Shipper"]]);
    // Frames by shipment: a probe bid's notification names its shipment.
    const frames = new Map();
    const probeSellers = [...new Set(probeShipments.map((s) => s.seller_id))];
    const sellerTokens = await tokens(
      url,
      probeSellers.map((id) => [id, "Seller"]),
    );
    for (const [index, sellerId] of probeSellers.entries()) {
      const ws = await openSocket(
        `ws://127.0.0.1:${PORT}/ws/notifications/${sellerId}/?token=${encodeURIComponent(sellerTokens[index])}`,
        base,
      );
      ws.on("message", (data) => {
        const frame = JSON.parse(String(data));
        if (frame.event_type !== "send_notification") return;
        const shipmentId = frame.data?.shipment_id;
        if (!frames.has(shipmentId)) frames.set(shipmentId, performance.now());
      });
      sockets.push(ws);
    }

    let next = 0;
    /** Bids on probe shipments at a steady rate for `seconds`; each bid's times. */
    const probe = async (seconds) => {
      const bids = [];
      const until = performance.now() + seconds * 1000;
      const pending = [];
      while (performance.now() < until && next < probeShipments.length) {
        const shipment = probeShipments[next++];
        pending.push(
          (async () => {
            const sent = performance.now();
            const response = await fetch(`${base}/api/shipper/quotation/`, {
              method: "POST",
              headers: {
                authorization: `Bearer ${probeAgentToken}`,
                "content-type": "application/json",
              },
              body: JSON.stringify({
                shipment: String(shipment.id),
                pickup_amount: "120",
                fast_amount: "900",
                normal_amount: "",
              }),
            });
            await response.arrayBuffer();
            bids.push({
              shipmentId: shipment.id,
              sent,
              answered: performance.now(),
              status: response.status,
            });
          })(),
        );
        await sleep(1000 / PROBES_PER_SECOND);
      }
      await Promise.all(pending);
      // Frames still on their way get two seconds; one missing after that is lost.
      await sleep(2000);
      return bids;
    };

    const round = (seconds, n) =>
      Promise.all([
        side({ ...plan, kind: "read", connections: 40, seconds, round: n }),
        side({ ...plan, kind: "write", connections: 10, seconds, round: n }),
        probe(seconds),
      ]);
    await round(WARMUP_SECONDS, 0);
    const [reads, writes, bids] = await round(SECONDS * 2, 1);
    // What the dispatcher had not handed out yet when the load and the probes' grace time ended.
    const [backlog] = await query(
      url,
      `select count(*)::int as n, coalesce(extract(epoch from now() - min(created_at)), 0)::float as age
       from domain_events where status = 'pending'`,
    );
    if (process.env.BENCH_OUTBOX_DEBUG)
      console.error(
        await query(
          url,
          `select name, status, attempts, left(last_error, 200) as error, count(*)::int as n
           from domain_events group by 1, 2, 3, 4 order by n desc limit 20`,
        ),
      );
    const accepted = bids.filter((b) => b.status < 300);
    const fromAnswer = [];
    const fromSent = [];
    let missing = 0;
    // A frame sent at the commit (the bid's notification is written in its transaction) reaches
    // the socket before the answer: counted, and its delay taken as 0.
    let beforeAnswer = 0;
    for (const bid of accepted) {
      const at = frames.get(bid.shipmentId);
      if (at === undefined) {
        missing += 1;
        continue;
      }
      if (at < bid.answered) beforeAnswer += 1;
      fromAnswer.push(Math.max(0, at - bid.answered));
      fromSent.push(at - bid.sent);
    }
    fromAnswer.sort((a, b) => a - b);
    fromSent.sort((a, b) => a - b);
    const total = reads.requests + writes.requests;
    console.log(
      `commit -> notification frame (outbox, mixed profile): p50 ${percentile(fromAnswer, 0.5).toFixed(1)} ms, p99 ${percentile(fromAnswer, 0.99).toFixed(1)} ms, max ${fromAnswer.at(-1).toFixed(1)} ms from the bid's answer (${beforeAnswer} of ${fromAnswer.length} frames came before it); from the request sent p50 ${percentile(fromSent, 0.5).toFixed(1)} ms, p99 ${percentile(fromSent, 0.99).toFixed(1)} ms; ${fromAnswer.length} of ${accepted.length} bids notified, missing ${missing}, refused ${bids.length - accepted.length}; under ${total.toFixed(0)} req/s (read p99 ${reads.p99} ms, write p99 ${writes.p99} ms, errors ${reads.errors + reads.non2xx + writes.errors + writes.non2xx}); events waiting ${backlog.n} (oldest ${backlog.age.toFixed(1)} s); load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}; in-memory path: none (every event goes through the outbox)`,
    );
  } finally {
    for (const ws of sockets) ws.terminate();
    server.child.kill("SIGTERM");
    await sleep(1000);
    rmSync(dataDir, { recursive: true, force: true });
    await query(ADMIN_URL, `drop database if exists ${RUN_DB} with (force)`).catch(() => undefined);
  }
}

const only = (process.env.BENCH_OUTBOX_ONLY ?? "throughput,latency").split(",");
if (only.includes("throughput")) await throughputRows();
if (only.includes("latency")) await notificationLatency();
process.exit(0);
