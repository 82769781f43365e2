// What the PostgreSQL benches share: the bench database (made and seeded once per schema), the
// processes they start, tokens for the server, and autocannon in its own process.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Resolves packages as the server does (pg, jose and autocannon are its dependencies). */
export const require = createRequire(path.join(root, "apps/server/package.json"));
export const pg = require("pg");
const { SignJWT } = await import(require.resolve("jose"));

export const SERVER_DIST = process.env.BENCH_SERVER_DIST ?? path.join(root, "apps/server/dist");
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The address of database `name` on the bench's PostgreSQL server. */
export function databaseUrlOf(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on a connection of its own; the rows. */
export async function query(url, text, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Whether the database exists and its newest migration is the checkout's newest. */
export async function databaseIsCurrent(name) {
  const exists = await query(ADMIN_URL, "select 1 from pg_database where datname = $1", [name]);
  if (exists.length === 0) return false;
  const journal = JSON.parse(
    readFileSync(path.join(root, "apps/server/drizzle/meta/_journal.json"), "utf8"),
  );
  const [applied] = await query(
    databaseUrlOf(name),
    "select max(created_at)::bigint as at from drizzle.__drizzle_migrations",
  ).catch(() => [{ at: 0 }]);
  return Number(applied?.at) === Number(journal.entries.at(-1)?.when);
}

/**
 * Whether the database exists with `shipments` rows; if so its pending migrations are applied
 * (the server's migrate command, as an upgrade runs it), so a new index does not cost a new seed.
 */
export async function migrateSeeded(name, shipments) {
  const exists = await query(ADMIN_URL, "select 1 from pg_database where datname = $1", [name]);
  if (exists.length === 0) return false;
  const [row] = await query(databaseUrlOf(name), "select count(*)::int as n from shipments").catch(
    () => [{ n: -1 }],
  );
  if (row.n !== shipments) return false;
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "src/cli/migrate.ts"],
    {
      cwd: path.join(root, "apps/server"),
      env: { ...process.env, DATABASE_URL: databaseUrlOf(name), LOG_LEVEL: "warn" },
      stdio: "inherit",
    },
  );
  return result.status === 0 && (await databaseIsCurrent(name));
}

/** Drops the database if it exists, makes it again and seeds it with the server's seed command. */
export async function seedDatabase(name, shipments) {
  await query(ADMIN_URL, `drop database if exists ${name} with (force)`);
  await query(ADMIN_URL, `create database ${name}`);
  runSeed(shipments, name, { DATABASE_URL: databaseUrlOf(name) });
}

/**
 * The server's seed command on the database `env` names (`label` says which, in the log); `args`
 * go with it (such as --sellers and --agents).
 */
export function runSeed(shipments, label, env, args = []) {
  console.log(`seeding ${shipments} shipments into ${label} ...`);
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/tsx/dist/cli.mjs"),
      "src/cli/seed.ts",
      "--shipments",
      String(shipments),
      ...args,
    ],
    {
      cwd: path.join(root, "apps/server"),
      env: { ...process.env, ...env, LOG_LEVEL: "warn" },
      stdio: "inherit",
    },
  );
  if (result.status !== 0) throw new Error(`seeding ${label} failed`);
  console.log(`seeded ${shipments} shipments in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * The seed's ended windows without bids marked judged, as the server's closing loop would mark
 * them in its first minutes (at 1,000,000 shipments, 50,000 of them): the benches measure reads,
 * not that catch-up.
 */
export async function settleSeededWindows(url) {
  await query(
    url,
    `update shipments set bidding_closed_at = bidding_ends_at
     where status = 'Shipment Pending' and bidding_closed_at is null and bidding_ends_at <= now()`,
  );
}

/** An access token as the server signs them, for a server started with `secret`. */
export function signToken(secret, userId, group, sessionId) {
  return new SignJWT({ grp: group, ...(sessionId ? { sid: sessionId } : {}) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
    .sign(new TextEncoder().encode(secret));
}

/** A process from the repository's root; `ready` settles once `readyUrl` answers below 500. */
export function start(command, args, env, readyUrl) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const ready = (async () => {
    for (let i = 0; i < 300; i += 1) {
      if (child.exitCode !== null) throw new Error(`${args[0]} exited early`);
      try {
        const res = await fetch(readyUrl);
        if (res.status < 500) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`${args[0]} did not start`);
  })();
  return { child, ready };
}

/**
 * autocannon in its own process on one URL. Returns its mean throughput (`requests`, every
 * answer), the 2xx answers (`ok`), p99 latency, errors (including timeouts) and non-2xx answers.
 */
export async function autocannon(url, headers, seconds, connections) {
  const args = [
    require.resolve("autocannon/autocannon.js"),
    "-c",
    String(connections),
    "-d",
    String(seconds),
    "-j",
  ];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"] });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  await new Promise((resolve) => child.on("close", resolve));
  const report = JSON.parse(out);
  return {
    requests: report.requests.average,
    ok: report["2xx"],
    p99: report.latency.p99,
    errors: report.errors + report.timeouts,
    timeouts: report.timeouts,
    non2xx: report.non2xx,
  };
}

/** Connections of the list mixes: every list and read row runs at 50. */
export const CONNECTIONS = 50;

/** One GET, retried: right after a load run the server may still be draining its queue. */
export async function fetchJson(url, headers) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(url, { headers });
      return await response.json();
    } catch (error) {
      if (attempt >= 3) {
        console.log(`warning: GET ${url} failed: ${error.cause?.message ?? error.message}`);
        return null;
      }
      await sleep(2000);
    }
  }
}

/** A term's share of a list: the web app's page sizes (10 for agents, 50 elsewhere). */
export const LISTS = [
  {
    name: "agent open",
    path: "/api/shipper/shipments/",
    user: "agent",
    perPage: 10,
    orderings: ["", "bidding_ends_at", "-bidding_ends_at", "product_name", "-product_name"].concat([
      "shipment_ready_date",
      "-shipment_ready_date",
    ]),
  },
  {
    name: "seller active",
    path: "/api/seller/shipments/",
    user: "seller",
    perPage: 50,
    orderings: ["", "id", "-id", "status", "-status", "shipment_ready_date"]
      .concat(["-shipment_ready_date", "product_name", "-product_name", "final_amount"])
      .concat(["-final_amount"]),
  },
  {
    name: "admin all",
    path: "/api/admin/shipments/",
    user: "admin",
    perPage: 50,
    orderings: ["", "id", "-id", "product_name", "-product_name", "shipment_ready_date"].concat([
      "-shipment_ready_date",
      "created_at",
      "-created_at",
    ]),
  },
];
/**
 * What people type: product words, reference numbers (whole, partial, or an id), pickup cities
 * and streets, and FC codes (matched by the packages' destinations), from thousands of matches to none.
 */
export const SEARCH_TERMS = [
  "board",
  "yoga mat",
  "lamp",
  "mug 12",
  "kitchen scale",
  "backpack",
  "serum",
  "pet bowl",
  "FBR 0012345",
  "fbr 00999",
  "0042",
  "77777",
  "long beach",
  "savannah",
  "chicago",
  "houston",
  "market st",
  "dock",
  "ONT8",
  "LGB8",
  "zebra",
  "quokka",
];

/**
 * The list and read mixes of the API rows, against the server at `base`: browsing (pages 1, 2, 20
 * and the last, as the first page reports it, of every ordering), an agent's bid history (the
 * same pages of three orderings), searching (every term on each list), a one-letter search, and
 * one shipment's page (`shipmentId`, the seller's).
 */
export async function listCases(base, tokens, shipmentId, { withHistory = false } = {}) {
  const browse = [];
  for (const list of LISTS) {
    for (const ordering of list.orderings) {
      const path = `${list.path}?per_page=${list.perPage}${ordering ? `&ordering=${ordering}` : ""}`;
      const first = await fetchJson(`${base}${path}&page=1`, {
        authorization: `Bearer ${tokens[list.user]}`,
      });
      const last = first?.pagination_option?.pages ?? 1;
      for (const page of new Set([1, 2, 20, last]))
        browse.push({ path: `${path}&page=${page}`, token: tokens[list.user] });
    }
  }
  const searches = (terms) =>
    LISTS.flatMap((list) =>
      terms.map((term) => ({
        path: `${list.path}?per_page=${list.perPage}&page=1&search=${encodeURIComponent(term)}`,
        token: tokens[list.user],
      })),
    );
  // An agent's bid history (with withHistory: the growth bench's), in its own order (newest bid
  // first, a walk along the agent's bids) and by a shipment's column (the agent's bids sorted).
  const history = async (orderings) => {
    const entries = [];
    for (const ordering of withHistory ? orderings : []) {
      const path = `/api/shipper/quotation-history/?per_page=10${ordering ? `&ordering=${ordering}` : ""}`;
      const first = await fetchJson(`${base}${path}&page=1`, {
        authorization: `Bearer ${tokens.agent}`,
      });
      const last = first?.pagination_option?.pages ?? 1;
      for (const page of new Set([1, 2, 20, last]))
        entries.push({ path: `${path}&page=${page}`, token: tokens.agent });
    }
    return entries;
  };
  return [
    { name: "browse lists", entries: browse },
    ...(withHistory
      ? [
          { name: "bid history", entries: await history([""]) },
          {
            name: "bid history by column",
            entries: await history(["-product_name", "shipment_ready_date"]),
          },
        ]
      : []),
    { name: "search lists", entries: searches(SEARCH_TERMS) },
    { name: "one-letter search", entries: searches(["e"]) },
    {
      name: "single shipment GET",
      entries: [{ path: `/api/shipments/${shipmentId}/`, token: tokens.seller }],
    },
  ];
}

/** One mix of GETs (taken in turn by 50 connections) in its own autocannon process. */
export async function mix(base, entries, seconds, headers = {}) {
  const child = spawn(
    process.execPath,
    [
      path.join(root, "bench/mixed-load.mjs"),
      JSON.stringify({
        base,
        kind: "paths",
        paths: entries,
        connections: CONNECTIONS,
        seconds,
        headers,
      }),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  await new Promise((resolve) => child.on("close", resolve));
  return JSON.parse(out);
}
