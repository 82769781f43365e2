// One side of the mixed read/write profile of api.bench.mjs, or one of its mixes of GETs, run in
// its own process: autocannon with a request built per call from a plan given as JSON in argv[2].
// Prints autocannon's JSON result with the count of non-2xx answers by status.
//
// plan: { base, connections, seconds, kind: "read" | "write", sellers: [{ token, shipmentIds }],
//         agents: [token], freeShipmentIds: [id], round }
//    or { base, connections, seconds, kind: "paths", paths: [{ path, token }], headers? } (taken
//       in turn; headers, such as accept-encoding, go with every request)
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { exampleShipmentInput } from "@fba/contract/examples";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const autocannon = require("autocannon");

const plan = JSON.parse(process.argv[2]);
const pick = (items) => items[Math.floor(Math.random() * items.length)];
const json = (token) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });

/** What sellers' and agents' pages load, in turn: half the readers act as each. */
const reads = [
  (seller) => [`/api/shipments/${pick(seller.shipmentIds)}/`, seller.token],
  (_seller, agent) => ["/api/shipper/shipments/?page=1&per_page=10", agent],
  (seller) => ["/api/seller/seller-dashboard/", seller.token],
  (_seller, agent) => ["/api/chat/notifications?page=1&per_page=10", agent],
  (seller) => ["/api/chat/notifications?page=1&per_page=10", seller.token],
  (_seller, agent) => ["/api/shipper/shipments/?page=2&per_page=10&ordering=product_name", agent],
  (seller) => ["/api/seller/shipments/?page=1&per_page=50", seller.token],
  (_seller, agent) => ["/api/shipper/shipments/?page=1&per_page=10&search=lamp", agent],
];

let readTurn = 0;
function nextRead(request, context) {
  const [path, token] = reads[readTurn++ % reads.length](pick(plan.sellers), pick(plan.agents));
  context.label = path.replace(/\/\d+\//, "/N/");
  request.method = "GET";
  request.path = path;
  request.headers = { authorization: `Bearer ${token}` };
  delete request.body;
  return request;
}

let pathTurn = 0;
function nextPath(request, context) {
  const { path, token } = plan.paths[pathTurn++ % plan.paths.length];
  if (context) context.label = path;
  request.method = "GET";
  request.path = path;
  request.headers = { authorization: `Bearer ${token}`, ...plan.headers };
  delete request.body;
  return request;
}

function shipmentBody(n) {
  return JSON.stringify(
    exampleShipmentInput({ freight_booking_reference_number: `MIX ${process.pid} ${n}` }),
  );
}

// Half new bookings, half bids; every bid is a fresh (agent, shipment) pair.
let writeTurn = 0;
let bidTurn = 0;
function nextWrite(request) {
  writeTurn += 1;
  request.method = "POST";
  const pairsLeft = bidTurn < plan.freeShipmentIds.length * plan.agents.length;
  if (writeTurn % 2 === 0 || !pairsLeft) {
    const seller = pick(plan.sellers);
    request.path = "/api/shipments/";
    request.headers = json(seller.token);
    request.body = shipmentBody(writeTurn);
  } else {
    const n = bidTurn++;
    // Consecutive bids go to different shipments, as independent agents' bids would.
    const shipment = plan.freeShipmentIds[n % plan.freeShipmentIds.length];
    // Each round starts with another agent: a bid of the previous round may still be committing.
    const agent =
      plan.agents[(plan.round + Math.floor(n / plan.freeShipmentIds.length)) % plan.agents.length];
    request.path = "/api/shipper/quotation/";
    request.headers = json(agent);
    request.body = JSON.stringify({
      shipment: String(shipment),
      pickup_amount: String(100 + (n % 50)),
      fast_amount: "900",
      normal_amount: "",
    });
  }
  return request;
}

const statuses = {};
// With plan.timeline, each answer's end (epoch ms) and duration, and each failure's time, are
// printed with the result (the migration bench finds the longest request during each migration).
const timeline = plan.timeline ? { answers: [], failures: [] } : undefined;
const instance = autocannon(
  {
    url: plan.base,
    connections: plan.connections,
    duration: plan.seconds,
    ...(plan.rate ? { overallRate: plan.rate } : {}),
    requests: [
      {
        setupRequest:
          plan.kind === "paths" ? nextPath : plan.kind === "read" ? nextRead : nextWrite,
      },
    ],
  },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    process.stdout.write(
      JSON.stringify({
        requests: result.requests.average,
        total: result.requests.total,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        statuses,
        ...(timeline ? { timeline } : {}),
      }),
      // Gone once the result is out: a load stopped early (SIGTERM) kept its clients retrying
      // against a server that had stopped, two cores' worth for the rest of its duration.
      () => process.exit(0),
    );
  },
);
instance.on("reqError", () => timeline?.failures.push(Date.now()));
// Stopped early (the migration bench ends the load once its migrations are done): the result so far.
process.on("SIGTERM", () => instance.stop());
// Per read path latencies, printed to stderr when BENCH_BREAKDOWN is set.
const times = new Map();
instance.on("response", (client, statusCode, _bytes, responseTime) => {
  if (statusCode >= 300) statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  timeline?.answers.push([Date.now(), Math.round(responseTime)]);
  const label = client.requestIterator?.context?.label;
  if (process.env.BENCH_BREAKDOWN && label) {
    if (!times.has(label)) times.set(label, []);
    times.get(label).push(responseTime);
  }
});
instance.on("done", () => {
  for (const [label, list] of times) {
    list.sort((a, b) => a - b);
    const at = (q) => list[Math.min(list.length - 1, Math.floor(q * list.length))].toFixed(1);
    console.error(
      `  ${label.padEnd(60)} n=${list.length} p50=${at(0.5)} p90=${at(0.9)} p99=${at(0.99)}`,
    );
  }
});
