// Comparison page benchmark on PostgreSQL: GET /api/shipments/{id}/comparison/ for a shipment with
// 10 bids from 10 agents with scorecards, in a database of 100,000 seeded shipments, against a bare
// node:http + pg handler running the same three statements (the shipment with its chargeable
// weight, its quotations with their agents, the agents' scorecards by primary key) and building the
// body with the server's own pure presenter (so the bodies match and the ratio measures what the
// server adds). autocannon in its own process, 50 connections, a warm-up, then 3 measured runs per
// side, interleaved; the median is reported, throughput counting 2xx answers only. Needs
// PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
// and a build of the server (npm run build; BENCH_SERVER_DIST names another build directory).
//
// Run with "--bare" (as this script does for itself) it is the bare handler.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  SECONDS,
  SERVER_DIST,
  WARMUP_SECONDS,
  autocannon as autocannonRun,
  databaseIsCurrent,
  databaseUrlOf,
  median,
  pg,
  query,
  seedDatabase,
  settleSeededWindows,
  signToken,
  sleep,
  start as startProcess,
} from "./lib.mjs";

const BID_COUNT = 10;

// ---------------------------------------------------------------------------------------------
// The bare handler: the server's three statements (as its query builder writes them, the first
// two prepared as the server prepares them), its pool size, and its presenter; no framework, auth
// or validation.

const SHIPMENT_SQL = `select "id", "seller_id", "status", "bidding_ends_at", "winning_quotation_id", "award_reason", "award_reason_text", (select sum(p.chargeable_weight) from shipment_packages p where p.shipment_id = "shipments"."id") from "shipments" where "shipments"."id" = $1 limit $2`;
const QUOTATIONS_SQL = `select "quotations"."id", "quotations"."shipment_id", "quotations"."pickup_amount", "quotations"."fast_amount", "quotations"."normal_amount", "quotations"."total_amount", "quotations"."is_accepted", "quotations"."accepted_service", "quotations"."cancel_reason", "quotations"."created_at", "quotations"."updated_at", "quotations"."agent_id", "users"."first_name", "users"."last_name", "users"."email", "quotations"."fast_service_type", "quotations"."fast_transit_min_days", "quotations"."fast_transit_max_days", "quotations"."normal_service_type", "quotations"."normal_transit_min_days", "quotations"."normal_transit_max_days", "quotations"."inclusions", "quotations"."valid_until", "quotations"."note", "quotations"."reconfirm_requested_at" from "quotations" inner join "users" on "users"."id" = "quotations"."agent_id" where "quotations"."shipment_id" = $1 order by "quotations"."total_amount" asc, "quotations"."created_at" asc, "quotations"."id" asc`;
// As the server reads them: one named statement, the agents' ids as one array.
const SCORECARDS_SQL = `select * from "agent_scorecards" where "agent_scorecards"."agent_id" = any($1::integer[])`;

async function runBare() {
  const dist = SERVER_DIST;
  const { presentComparison } = await import(
    pathToFileURL(path.join(dist, "modules/shipments/comparison.presenter.js")).href
  );
  const { presentScorecard } = await import(
    pathToFileURL(path.join(dist, "modules/agents/scorecards.repository.js")).href
  );
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const sellerId = Number(process.env.BENCH_SELLER_ID);
  // Column names to field names, each worked out once (a regex per key per row made the bare
  // handler slower than the server it is measured against).
  const camelKeys = new Map();
  const camelKey = (key) => {
    let name = camelKeys.get(key);
    if (name === undefined) {
      name = key.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
      camelKeys.set(key, name);
    }
    return name;
  };
  const camel = (row) => {
    const out = {};
    for (const key of Object.keys(row)) out[camelKey(key)] = row[key];
    return out;
  };
  const server = http.createServer(async (req, res) => {
    if (req.url === "/health") return res.end("ok");
    const match = /^\/api\/shipments\/(\d+)\/comparison\/$/.exec(req.url ?? "");
    if (!match) {
      res.statusCode = 404;
      return res.end();
    }
    try {
      const id = Number(match[1]);
      const [shipment] = (
        await pool.query({
          name: "comparison_shipment",
          text: SHIPMENT_SQL,
          values: [id, 1],
          rowMode: "array",
        })
      ).rows;
      const [sid, seller, status, ends, winning, reason, reasonText, weight] = shipment;
      const rows = (
        await pool.query({ name: "comparison_quotations", text: QUOTATIONS_SQL, values: [id] })
      ).rows.map((row) => {
        const q = camel(row);
        return {
          ...q,
          agentFirstName: row.first_name,
          agentLastName: row.last_name,
          agentEmail: row.email,
        };
      });
      const agentIds = [...new Set(rows.map((row) => row.agentId))];
      const cards = (
        await pool.query({ name: "scorecards_by_agent", text: SCORECARDS_SQL, values: [agentIds] })
      ).rows.map(camel);
      const byId = new Map(cards.map((row) => [row.agentId, row]));
      const scorecards = new Map(agentIds.map((a) => [a, presentScorecard(a, byId.get(a))]));
      const data = presentComparison(
        {
          id: sid,
          sellerId: seller,
          status,
          biddingEndsAt: ends,
          winningQuotationId: winning,
          awardReason: reason,
          awardReasonText: reasonText,
          chargeableWeightKg: weight == null ? null : Number(weight),
        },
        rows,
        scorecards,
        sellerId,
        new Date(),
      );
      res.setHeader("content-type", "application/json; charset=utf-8");
      res.end(JSON.stringify({ status: "success", status_code: 200, message: "Success", data }));
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  server.listen(Number(process.env.PORT), "127.0.0.1");
}

if (process.argv[2] === "--bare") {
  await runBare();
} else {
  await main();
}

// ---------------------------------------------------------------------------------------------
// The bench.

/** The path of the first value that differs between two JSON bodies, or null. */
function firstDifference(a, b, at) {
  if (
    typeof a !== typeof b ||
    Array.isArray(a) !== Array.isArray(b) ||
    (a === null) !== (b === null)
  )
    return `${at} (${JSON.stringify(a)?.slice(0, 80)} vs ${JSON.stringify(b)?.slice(0, 80)})`;
  if (a && typeof a === "object") {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const found = firstDifference(a[key], b[key], `${at}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return a === b ? null : `${at} (${JSON.stringify(a)} vs ${JSON.stringify(b)})`;
}

async function main() {
  const DB_NAME = process.env.BENCH_COMPARISON_DB ?? "fba_bench_comparison";
  const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
  const CONNECTIONS = 50;
  const RUNS = 3;
  const SERVER_PORT = Number(process.env.BENCH_COMPARISON_PORT ?? 27810);
  const BARE_PORT = SERVER_PORT + 1;
  const JWT_SECRET = randomBytes(32).toString("hex");
  const databaseUrl = databaseUrlOf(DB_NAME);

  /** Seeds the bench database unless it holds the shipments at the current schema. */
  async function ensureDatabase() {
    if (await databaseIsCurrent(DB_NAME)) {
      const [row] = await query(
        databaseUrl,
        `select count(*)::int as n from shipments where product_name <> 'Bench comparison'`,
      );
      if (row.n === SHIPMENTS) return;
    }
    await seedDatabase(DB_NAME, SHIPMENTS);
  }

  /**
   * The shipment under comparison (made once): a copy of a seeded one, its window closed and
   * awaiting the seller, with 10 bids from 10 agents with every detail, and their scorecards.
   */
  async function ensureComparisonShipment() {
    const [existing] = await query(
      databaseUrl,
      `select id, seller_id from shipments where product_name = 'Bench comparison' limit 1`,
    );
    if (existing) return { id: existing.id, sellerId: existing.seller_id };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query("begin");
      const [source] = (
        await client.query(
          `select s.id from shipments s where exists (select 1 from shipment_packages p where p.shipment_id = s.id) order by s.id limit 1`,
        )
      ).rows;
      const columns = (
        await client.query(
          `select column_name from information_schema.columns where table_name = 'shipments' and column_name <> 'id' and is_generated = 'NEVER' order by ordinal_position`,
        )
      ).rows.map((row) => row.column_name);
      const overrides = {
        status: `'Quotation Approved'`,
        product_name: `'Bench comparison'`,
        bidding_ends_at: `now() - interval '1 hour'`,
        bidding_closed_at: `now() - interval '1 hour'`,
        winning_quotation_id: "null",
        winner_agent_id: "null",
        award_reason: "null",
        award_reason_text: "null",
        quotation_count: String(BID_COUNT),
        final_amount: "null",
        tracking_number: "null",
        completed_at: "null",
      };
      const list = columns.map((c) => `"${c}"`).join(", ");
      const values = columns.map((c) => overrides[c] ?? `"${c}"`).join(", ");
      const [shipment] = (
        await client.query(
          `insert into shipments (${list}) select ${values} from shipments where id = $1 returning id, seller_id`,
          [source.id],
        )
      ).rows;
      const packageColumns = (
        await client.query(
          `select column_name from information_schema.columns where table_name = 'shipment_packages' and column_name not in ('id', 'shipment_id') order by ordinal_position`,
        )
      ).rows
        .map((row) => `"${row.column_name}"`)
        .join(", ");
      await client.query(
        `insert into shipment_packages (shipment_id, ${packageColumns}) select $2, ${packageColumns} from shipment_packages where shipment_id = $1`,
        [source.id, shipment.id],
      );
      const quotationIds = [];
      for (let i = 0; i < BID_COUNT; i += 1) {
        const [agent] = (
          await client.query(
            `insert into users (email, first_name, last_name, password_hash, "group")
             values ($1, $2, 'Comparer', 'x', 'Shipper')
             on conflict (lower(email)) do update set first_name = excluded.first_name returning id`,
            [`bench-compare-agent-${i}@bench.example.com`, `Agent${i}`],
          )
        ).rows;
        const pickup = 100 + i * 10;
        const fast = 900 - i * 15;
        const normal = 500 + i * 20;
        const total = pickup + Math.min(fast, normal);
        const [quotation] = (
          await client.query(
            `insert into quotations (shipment_id, agent_id, pickup_amount, fast_amount, normal_amount, total_amount,
               fast_service_type, fast_transit_min_days, fast_transit_max_days,
               normal_service_type, normal_transit_min_days, normal_transit_max_days,
               inclusions, valid_until, note, created_at, updated_at)
             values ($1, $2, $3, $4, $5, $6, 'air', 5, 8, 'sea', 28, 35, $7::jsonb,
               date_trunc('day', now()) + interval '30 days', $8, now() - interval '2 hours' + $9 * interval '1 minute', now())
             returning id`,
            [
              shipment.id,
              agent.id,
              pickup,
              fast,
              normal,
              total,
              JSON.stringify(
                ["pickup_origin", "export_customs", "main_freight", "fc_delivery"].slice(
                  0,
                  1 + (i % 4),
                ),
              ),
              i % 2 === 0 ? "Door to FC, palletised on request" : null,
              i,
            ],
          )
        ).rows;
        quotationIds.push({ id: quotation.id, agentId: agent.id, total });
        await client.query(
          `insert into agent_scorecards (agent_id, bids, wins, completed_orders, cancelled_orders,
             on_time_delivered, on_time_measured, booked_fc_delivered, booked_fc_measured,
             pod_delivered, pod_measured, variance_avg_pct, variance_worst_pct, rating_count,
             rating_overall, rating_communication, rating_care_of_cargo, rating_punctuality,
             rating_as_described, median_response_seconds)
           values ($1, 40, 12, $2, 1, $3, 10, 9, 10, 8, 10, 2.5, 11.0, 6, 4.5, 4.6, 4.4, 4.2, 4.8, 5400)
           on conflict (agent_id) do update set completed_orders = excluded.completed_orders`,
          [agent.id, i % 3 === 0 ? 2 : 10, 6 + (i % 4)],
        );
      }
      const winner = [...quotationIds].sort((a, b) => a.total - b.total)[0];
      await client.query(
        `update shipments set winning_quotation_id = $2, winner_agent_id = $3 where id = $1`,
        [shipment.id, winner.id, winner.agentId],
      );
      await client.query("commit");
      return { id: shipment.id, sellerId: shipment.seller_id };
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      await client.end();
    }
  }

  const token = (userId, group) => signToken(JWT_SECRET, userId, group);
  const start = (args, env, readyUrl) => startProcess(process.execPath, args, env, readyUrl);

  /** Throughput counts answered pages only: a load-shedding 503 is quick but is not a page. */
  async function autocannon(url, headers, seconds) {
    const report = await autocannonRun(url, headers, seconds, CONNECTIONS);
    return {
      requests: report.ok / seconds,
      p99: report.p99,
      errors: report.errors + report.non2xx,
      detail: {
        errors: report.errors - report.timeouts,
        timeouts: report.timeouts,
        non2xx: report.non2xx,
      },
    };
  }

  await ensureDatabase();
  await settleSeededWindows(databaseUrl);
  const shipment = await ensureComparisonShipment();
  await query(databaseUrl, "vacuum analyze shipments");
  await query(databaseUrl, "vacuum analyze quotations");
  await query(databaseUrl, "vacuum analyze agent_scorecards");
  const agentIds = (
    await query(databaseUrl, "select agent_id from quotations where shipment_id = $1", [
      shipment.id,
    ])
  ).map((row) => row.agent_id);
  const plan = (await query(databaseUrl, `explain ${SCORECARDS_SQL}`, [agentIds])).map(
    (row) => row["QUERY PLAN"],
  );
  const [{ n: shipmentCount }] = await query(
    databaseUrl,
    "select count(*)::int as n from shipments",
  );

  const auth = { authorization: `Bearer ${await token(shipment.sellerId, "Seller")}` };
  const dataDir = mkdtempSync(path.join(tmpdir(), "fba-bench-comparison-"));
  const dist = path.join(SERVER_DIST, "main.js");
  if (!existsSync(dist)) throw new Error(`no server build at ${dist}: run npm run build first`);
  const server = start(
    [dist],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(SERVER_PORT),
      HOST: "127.0.0.1",
      JWT_SECRET,
      DATA_DIR: dataDir,
      RATE_LIMIT_DISABLED: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      REDIS_URL: "",
    },
    `http://127.0.0.1:${SERVER_PORT}/api/health`,
  );
  const bare = start(
    [fileURLToPath(import.meta.url), "--bare"],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(BARE_PORT),
      BENCH_SELLER_ID: String(shipment.sellerId),
      BENCH_SERVER_DIST: SERVER_DIST,
    },
    `http://127.0.0.1:${BARE_PORT}/health`,
  );
  try {
    await Promise.all([server.ready, bare.ready]);
    const pathname = `/api/shipments/${shipment.id}/comparison/`;
    const serverUrl = `http://127.0.0.1:${SERVER_PORT}${pathname}`;
    const bareUrl = `http://127.0.0.1:${BARE_PORT}${pathname}`;
    const serverBody = await (await fetch(serverUrl, { headers: auth })).json();
    const bareBody = await (await fetch(bareUrl)).json();
    if (serverBody?.data?.bids?.length !== BID_COUNT) {
      throw new Error(
        `the comparison did not answer ${BID_COUNT} bids: ${JSON.stringify(serverBody).slice(0, 300)}`,
      );
    }
    const difference = firstDifference(serverBody.data, bareBody.data, "data");
    if (difference) console.log(`warning: server and bare bodies differ at ${difference}`);
    const same = difference === null;
    await autocannon(serverUrl, auth, WARMUP_SECONDS);
    await autocannon(bareUrl, {}, WARMUP_SECONDS);
    const results = { server: [], bare: [] };
    for (let run = 0; run < RUNS; run += 1) {
      results.server.push(await autocannon(serverUrl, auth, SECONDS));
      results.bare.push(await autocannon(bareUrl, {}, SECONDS));
    }
    const figure = (list) => ({
      rps: median(list.map((r) => r.requests)),
      p99: median(list.map((r) => r.p99)),
      errors: list.reduce((sum, r) => sum + r.errors, 0),
      detail: list
        .filter((r) => r.errors > 0)
        .map(
          (r) =>
            `socket ${r.detail.errors}, timeouts ${r.detail.timeouts}, non-2xx ${r.detail.non2xx}`,
        )
        .join("; "),
    });
    const s = figure(results.server);
    const b = figure(results.bare);
    const label = `comparison page GET (${BID_COUNT} bids with scorecards, ${shipmentCount.toLocaleString("en-US")} shipments)`;
    console.log(`scorecard read plan: ${plan.join(" / ")}`);
    console.log(
      `${label} server: ${s.rps.toFixed(0)} req/s, p99 ${s.p99} ms, errors ${s.errors}${s.detail ? ` (${s.detail})` : ""}`,
    );
    console.log(`${label} bare: ${b.rps.toFixed(0)} req/s, p99 ${b.p99} ms, errors ${b.errors}`);
    console.log(
      `${label} ratio: ${((s.rps / b.rps) * 100).toFixed(0)} % (target >= 90 %)${same ? "" : " [bodies differ]"}`,
    );
  } finally {
    server.child.kill("SIGTERM");
    bare.child.kill("SIGTERM");
    await sleep(500);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
