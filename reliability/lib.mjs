// Shared helpers for the fault scenarios: real server processes on loopback, bounded waits.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { exampleShipmentInput } from "@fba/contract/examples";
import { SignJWT } from "jose";
import pg from "pg";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const serverMain = path.join(root, "apps/server/dist/main.js");

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A free loopback port below the ephemeral range (32768+): a server restarted on a port from that
 * range can find it taken by one of the many client sockets the scenario holds open.
 */
export async function freeLowPort() {
  for (let tries = 0; tries < 50; tries += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.unref();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port below the ephemeral range");
}

export function tempDir(prefix) {
  return mkdtempSync(path.join(tmpdir(), `fba-rel-${prefix}-`));
}

/** PostgreSQL where scenarios create their throwaway databases (the user may create databases). */
export const pgAdminUrl =
  process.env.RELIABILITY_PG_ADMIN_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

/** A fresh database on the local PostgreSQL; `drop()` removes it even with sessions still open. */
export async function createDatabase(prefix) {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: pgAdminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`).catch(() => undefined),
  };
}

/**
 * Server environment: the demo accounts exist (SEED_DEMO, also on PostgreSQL); limits off for load.
 */
export function serverEnv(overrides) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "development",
    SEED_DEMO: "true",
    HOST: "127.0.0.1",
    LOG_LEVEL: process.env.RELIABILITY_LOG_LEVEL ?? "error",
    RATE_LIMIT_DISABLED: "true",
    JWT_SECRET: randomBytes(32).toString("hex"),
    ...overrides,
  };
}

/** Starts apps/server/dist/main.js and resolves once readiness answers 200. */
export async function startServer(
  env,
  { timeoutMs = Number(process.env.RELIABILITY_START_TIMEOUT_MS ?? 180_000) } = {},
) {
  const child = spawn(process.execPath, [serverMain], {
    env,
    cwd: root,
    stdio: ["ignore", process.env.RELIABILITY_SERVER_LOG ? "pipe" : "ignore", "pipe"],
  });
  // Set RELIABILITY_SERVER_LOG=<file> to keep the server's own log when a scenario fails.
  if (process.env.RELIABILITY_SERVER_LOG) {
    const { createWriteStream } = await import("node:fs");
    child.stdout.pipe(createWriteStream(process.env.RELIABILITY_SERVER_LOG, { flags: "a" }));
  }
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become ready: ${stderr}`);
    }
    try {
      const res = await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return { child, base, exited, stderr: () => stderr };
}

export async function stopServer(server, signal = "SIGTERM") {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill(signal);
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

export async function api(
  base,
  method,
  url,
  { token, body, headers = {}, timeoutMs = 10_000 } = {},
) {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, ms: performance.now() - started };
}

export async function loginDemoSeller(base) {
  const res = await api(base, "POST", "/api/auth/login/", {
    body: { email: "demo.seller@example.com", password: "Seller#Demo1", group: "Seller" },
  });
  if (res.status !== 200)
    throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data.access_token ?? res.json.data.access;
}

/** A valid booking whose reference number marks it for counting afterwards. */
export function shipmentBody(reference) {
  return exampleShipmentInput({ freight_booking_reference_number: reference });
}

/** Counts shipments per reference number straight from a stopped server's PGlite directory. */
export async function countReferencesPglite(dataDir, prefix) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  await db.waitReady;
  const { rows } = await db.query(
    "select freight_booking_reference_number as ref, count(*)::int as n from shipments where freight_booking_reference_number like $1 group by 1",
    [`${prefix}%`],
  );
  await db.close();
  return new Map(rows.map((row) => [row.ref, row.n]));
}

/** Counts shipments per reference number on a PostgreSQL database. */
export async function countReferencesPostgres(url, prefix) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select freight_booking_reference_number as ref, count(*)::int as n from shipments where freight_booking_reference_number like $1 group by 1",
      [`${prefix}%`],
    );
    return new Map(rows.map((row) => [row.ref, row.n]));
  } finally {
    await client.end();
  }
}

/** Access tokens as the server signs them, for users created straight in the database. */
export function tokenSigner(secret) {
  const key = new TextEncoder().encode(secret);
  return (userId, group) =>
    new SignJWT({ grp: group })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
      .sign(key);
}

/**
 * Shipment chats ready to talk in, written straight to the database of a migrated server: per
 * room a seller, an agent whose accepted quotation won, and the shipment.
 */
export async function seedChatRooms(url, count) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const tag = randomBytes(4).toString("hex");
    const rooms = [];
    for (let r = 0; r < count; r += 1) {
      const { rows: users } = await db.query(
        `insert into users (email, first_name, last_name, password_hash, "group")
         values ($1, 'Sally', 'Reliability', 'not-a-login', 'Seller'),
                ($2, 'Andy', 'Reliability', 'not-a-login', 'Shipper')
         returning id`,
        [`sally.${tag}.${r}@example.com`, `andy.${tag}.${r}@example.com`],
      );
      const [sellerId, agentId] = users.map((row) => row.id);
      const { rows: shipment } = await db.query(
        `insert into shipments (seller_id, status, freight_booking_reference_number, shipment_ready_date,
           supplier_contact_name, supplier_contact_phone, product_name, main_competitor_asin,
           pickup_full_address, compliance, detailed_product_description, bidding_ends_at)
         values ($1, 'Quotation Accepted', $2, '2026-12-01', 'Supplier', '+15555550100', 'Desk lamps',
           'B000000000', '1 Main St, Springfield, IL 62701, USA',
           '["No, my shipment does not contain any of the goods listed"]'::jsonb, 'Lamps',
           now() - interval '1 hour')
         returning id`,
        [sellerId, `REL-CHAT-${tag}-${r}`],
      );
      const shipmentId = shipment[0].id;
      const { rows: quote } = await db.query(
        `insert into quotations (shipment_id, agent_id, pickup_amount, fast_amount, normal_amount,
           total_amount, is_accepted)
         values ($1, $2, 100, 50, 40, 140, true) returning id`,
        [shipmentId, agentId],
      );
      await db.query(
        `update shipments set winning_quotation_id = $2, winner_agent_id = $3, quotation_count = 1
         where id = $1`,
        [shipmentId, quote[0].id, agentId],
      );
      rooms.push({ sellerId, agentId, shipmentId });
    }
    return rooms;
  } finally {
    await db.end();
  }
}

export function result(name, ok, figures) {
  const line = `${ok ? "PASS" : "FAIL"} ${name}: ${figures}`;
  process.stdout.write(`${line}\n`);
  return ok;
}

/** A throwaway redis-server on a loopback port, without persistence. */
export function startRedis(port) {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const exited = new Promise((resolve) => {
    child.on("exit", resolve);
    // A missing binary must fail the scenario through its cleanup, not crash the runner.
    child.on("error", resolve);
  });
  return { child, exited };
}

export function redisPing(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => done(chunk.toString().startsWith("+PONG")));
  });
}

/** Polls `check` until it holds or the time is up; true when it held. */
export async function waitFor(check, timeoutMs, stepMs = 50) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(stepMs);
  }
  return false;
}
