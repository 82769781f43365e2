// Realtime benchmark: chat fan-out (one instance, then two behind Redis), idle socket memory and
// an announcement broadcast. Loopback only, bounded in time. Needs PostgreSQL (BENCH_DATABASE_URL
// or TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and, for the
// two-instance run, Redis (REDIS_URL, default redis://127.0.0.1:6379).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const pg = require("pg");
const WebSocket = require("ws");
const { SignJWT } = await import(require.resolve("jose"));

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const ROOMS = 100;
const SOCKETS_PER_ROOM = 10;
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 200); // messages per second, all rooms together
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const BROADCAST_SOCKETS = Number(process.env.BENCH_BROADCAST_SOCKETS ?? 5000);
const BROADCAST_ROUNDS = 10;
// Below the ephemeral range (32768+), which thousands of client sockets would draw from.
const BASE_PORT = Number(process.env.BENCH_CHAT_PORT ?? 27310);
const JWT_SECRET = randomBytes(32).toString("hex");
const key = new TextEncoder().encode(JWT_SECRET);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const ms = (value) => `${value.toFixed(1)} ms`;

function serverCommand() {
  const dist = path.join(root, "apps/server/dist/main.js");
  if (existsSync(dist) && process.env.BENCH_FROM_SOURCE !== "1") return [process.execPath, [dist]];
  return [
    process.execPath,
    ["--import", "tsx", "--conditions=source", path.join(root, "apps/server/src/main.ts")],
  ];
}

async function startServer(port, databaseUrl, redisUrl) {
  const [command, args] = serverCommand();
  const child = spawn(command, args, {
    cwd: path.join(root, "apps/server"),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "20",
      REDIS_URL: redisUrl ?? "",
      JWT_SECRET,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      RATE_LIMIT_DISABLED: "true",
      DATA_DIR: path.join(tmpdir(), `fba-bench-${port}`),
      NODE_ENV: "production",
    },
    stdio: ["ignore", process.env.BENCH_SERVER_LOG ? "inherit" : "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`server on ${port} did not start`);
    await sleep(200);
  }
  return child;
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

const token = (userId, group) =>
  new SignJWT({ grp: group })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
    .sign(key);

async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rooms = [];
  for (let r = 0; r < ROOMS; r++) {
    const users = await client.query(
      `insert into users (email, first_name, last_name, password_hash, "group")
       values ($1, 'Bench', 'Seller', 'x', 'Seller'), ($2, 'Bench', 'Agent', 'x', 'Shipper') returning id`,
      [`bench-seller-${r}@example.com`, `bench-agent-${r}@example.com`],
    );
    const [sellerId, agentId] = users.rows.map((row) => row.id);
    const shipment = await client.query(
      `insert into shipments (seller_id, status, freight_booking_reference_number, shipment_ready_date,
         supplier_contact_name, supplier_contact_phone, product_name, main_competitor_asin,
         pickup_full_address, compliance, detailed_product_description, bidding_ends_at)
       values ($1, 'Quotation Accepted', $2, '2026-12-01', 'S', '+15555550100', 'Bench', 'B0',
         'Somewhere', '[]'::jsonb, 'Bench', now()) returning id`,
      [sellerId, `BENCH-${r}`],
    );
    const shipmentId = shipment.rows[0].id;
    const quotation = await client.query(
      `insert into quotations (shipment_id, agent_id, pickup_amount, total_amount, is_accepted)
       values ($1, $2, 1, 1, true) returning id`,
      [shipmentId, agentId],
    );
    await client.query(`update shipments set winning_quotation_id = $1 where id = $2`, [
      quotation.rows[0].id,
      shipmentId,
    ]);
    rooms.push({
      shipmentId,
      sellerId,
      sellerToken: await token(sellerId, "Seller"),
      agentToken: await token(agentId, "Shipper"),
    });
  }
  await client.end();
  return rooms;
}

function connect(url, localAddress) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, localAddress });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
    ws.once("close", (code) => reject(new Error(`closed ${code}`)));
  });
}

/**
 * Anonymous sockets are capped per client IP (20, like the server's per-user cap): the broadcast
 * run spreads its clients over loopback addresses, 20 each, as that many visitors would arrive.
 */
const ANONYMOUS_PER_IP = 20;
const loopbackAddress = (index) => {
  const n = Math.floor(index / ANONYMOUS_PER_IP);
  return `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

async function openAll(urls, concurrency = 100, localAddressOf = () => undefined) {
  const sockets = new Array(urls.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const index = next++;
        sockets[index] = await connect(urls[index], localAddressOf(index));
      }
    }),
  );
  return sockets;
}

/** 1,000 sockets in 100 rooms; 200 msg/s for SECONDS; every socket of the room must get each once. */
async function chatRun(label, ports, rooms) {
  const urls = [];
  const socketRoom = [];
  rooms.forEach((room, r) => {
    for (let i = 0; i < SOCKETS_PER_ROOM; i++) {
      const port = ports[(r * SOCKETS_PER_ROOM + i) % ports.length];
      const tokenValue = i % 2 === 0 ? room.sellerToken : room.agentToken;
      urls.push(`ws://127.0.0.1:${port}/ws/group-chat/${room.shipmentId}/?token=${tokenValue}`);
      socketRoom.push(r);
    }
  });
  const sockets = await openAll(urls);
  const sentAt = new Map(); // tag -> time
  const seen = new Map(); // tag -> Set(socket index)
  const latencies = [];
  let duplicates = 0;
  let errors = 0;
  const errorMessages = new Map();
  sockets.forEach((ws, index) => {
    ws.on("message", (data) => {
      const now = performance.now();
      const frame = JSON.parse(data.toString());
      if (frame.event_type === "error") {
        errors++;
        errorMessages.set(frame.data.message, (errorMessages.get(frame.data.message) ?? 0) + 1);
      }
      if (frame.event_type !== "message_sent") return;
      const tag = frame.data.content;
      const start = sentAt.get(tag);
      if (start === undefined) return;
      let set = seen.get(tag);
      if (!set) seen.set(tag, (set = new Set()));
      if (set.has(index)) duplicates++;
      else {
        set.add(index);
        latencies.push(now - start);
      }
    });
  });
  await sleep(500);
  const total = RATE * SECONDS;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const index = Math.floor(Math.random() * sockets.length);
    const tag = `${label}:${i}`;
    sentAt.set(tag, performance.now());
    sockets[index].send(JSON.stringify({ action: "send_message", message: tag, attachment: null }));
  }
  const sendSeconds = (performance.now() - started) / 1000;
  const expected = total * SOCKETS_PER_ROOM;
  const countDelivered = () => {
    let sum = 0;
    for (const set of seen.values()) sum += set.size;
    return sum;
  };
  // Drain: wait until everything arrived, or nothing new arrived for 3 s (at most 60 s). What
  // never arrives is lost; what arrives late shows in the latency figures.
  const drainStart = performance.now();
  let delivered = countDelivered();
  let lastChange = performance.now();
  while (
    delivered < expected &&
    performance.now() - lastChange < 3000 &&
    performance.now() - drainStart < 60_000
  ) {
    await sleep(100);
    const now = countDelivered();
    if (now !== delivered) lastChange = performance.now();
    delivered = now;
  }
  await sleep(500); // late duplicates would show up here
  latencies.sort((a, b) => a - b);
  for (const ws of sockets) ws.terminate();
  console.log(
    `chat ${label}: ${total} msgs in ${sendSeconds.toFixed(1)} s (${(total / sendSeconds).toFixed(0)} msg/s) to ${sockets.length} sockets in ${ROOMS} rooms; ` +
      `send->delivered p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}; ` +
      // A refused send (error frame to its sender, nothing stored) is not a lost message.
      `delivered ${delivered}/${expected}, lost ${expected - errors * SOCKETS_PER_ROOM - delivered}, duplicated ${duplicates}, sends refused ${errors}` +
      (errors ? ` (${[...errorMessages].map(([m, n]) => `${n}x ${m}`).join("; ")})` : ""),
  );
  return pct(latencies, 99);
}

async function idleMemory(port, pid, rooms) {
  const before = rssMb(pid);
  const urls = [];
  rooms.forEach((room) => {
    for (let i = 0; i < SOCKETS_PER_ROOM; i++) {
      urls.push(
        `ws://127.0.0.1:${port}/ws/group-chat/${room.shipmentId}/?token=${i % 2 ? room.agentToken : room.sellerToken}`,
      );
    }
  });
  const sockets = await openAll(urls);
  await sleep(2000);
  const after = rssMb(pid);
  for (const ws of sockets) ws.terminate();
  console.log(
    `chat idle memory: server RSS ${before.toFixed(1)} MB -> ${after.toFixed(1)} MB with ${sockets.length} authenticated sockets: ${(((after - before) * 1000) / sockets.length).toFixed(1)} MB per 1,000`,
  );
}

async function broadcast(port, rooms) {
  const urls = Array.from(
    { length: BROADCAST_SOCKETS },
    () => `ws://127.0.0.1:${port}/ws/announcement/`,
  );
  const sockets = await openAll(urls, 200, loopbackAddress);
  const lastRecipient = [];
  let lost = 0;
  for (let round = 0; round < BROADCAST_ROUNDS; round++) {
    let received = 0;
    let last = 0;
    const done = new Promise((resolve) => {
      const onMessage = () => {
        received++;
        last = performance.now();
        if (received === sockets.length) resolve();
      };
      for (const ws of sockets) ws.once("message", onMessage);
      setTimeout(resolve, 5000);
    });
    const start = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/announcement/`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${rooms[0].sellerToken}`,
      },
      body: JSON.stringify({ title: `Bench ${round}`, message: "Broadcast" }),
    });
    if (res.status !== 201) throw new Error(`announcement POST ${res.status}`);
    await done;
    lost += sockets.length - received;
    lastRecipient.push(last - start);
    await sleep(200);
  }
  for (const ws of sockets) ws.terminate();
  lastRecipient.sort((a, b) => a - b);
  console.log(
    `announcement broadcast to ${sockets.length} sockets x ${BROADCAST_ROUNDS}: last recipient p50 ${ms(pct(lastRecipient, 50))}, p99 ${ms(pct(lastRecipient, 99))} (from POST sent); lost ${lost}`,
  );
}

async function main() {
  const name = `fba_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const children = [];
  const stop = () => children.forEach((child) => child.kill("SIGTERM"));
  process.on("exit", stop);
  const watchdog = setTimeout(() => {
    console.error("chat bench: time limit reached");
    stop();
    process.exit(1);
  }, 10 * 60_000);
  try {
    const single = await startServer(BASE_PORT, databaseUrl);
    children.push(single);
    const rooms = await seed(databaseUrl);
    const quick = process.env.BENCH_CHAT_QUICK === "1";
    if (!quick) await idleMemory(BASE_PORT, single.pid, rooms);
    const singleP99 = await chatRun("1 instance", [BASE_PORT], rooms);
    if (!quick) await broadcast(BASE_PORT, rooms);
    single.kill("SIGTERM");
    await sleep(1000);

    let redisOk = true;
    try {
      const Redis = require("ioredis").default ?? require("ioredis");
      const probe = new Redis(REDIS_URL, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      await probe.connect();
      await probe.quit();
    } catch {
      redisOk = false;
    }
    if (redisOk) {
      children.push(await startServer(BASE_PORT + 1, databaseUrl, REDIS_URL));
      children.push(await startServer(BASE_PORT + 2, databaseUrl, REDIS_URL));
      const twoP99 = await chatRun("2 instances + Redis", [BASE_PORT + 1, BASE_PORT + 2], rooms);
      console.log(
        `chat cross-instance p99 / single-instance p99: ${(twoP99 / singleP99).toFixed(2)}x`,
      );
    } else {
      console.log("chat 2 instances: skipped (no Redis at REDIS_URL)");
    }
  } finally {
    clearTimeout(watchdog);
    stop();
    await sleep(1000);
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

await main().catch((error) => {
  console.error("chat bench failed:", error);
  process.exit(1);
});
