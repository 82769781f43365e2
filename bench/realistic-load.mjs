// The HTTP side of the realistic-traffic bench (realistic.bench.mjs), in its own process: autocannon
// offering a fixed rate of requests, each built at the moment it is sent from a plan read from the
// JSON file named in argv[2]. Prints one JSON line: throughput, latencies overall and per route,
// and every answer that was not a success, by route and status.
//
// plan: { base, connections, seconds, rate, zipf, seed,
//         sellers: [{ token, shipments: [id] }],          // most popular first; newest shipment first
//         agents: [{ token, orders: [id], bidOn: [id] }], // most popular first
//         open: [id],                                     // open for bidding, newest first
//         shares: { read, bid, booking } }                // of the requests this process sends
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { exampleShipmentInput } from "@fba/contract/examples";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const autocannon = require("autocannon");

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));

/** Picks ranks 0..n-1 with weight 1 / (rank + 1)^s: popularity as web requests show it. */
const samplers = new Map();
function zipf(n) {
  let cdf = samplers.get(n);
  if (!cdf) {
    cdf = new Float64Array(n);
    let sum = 0;
    for (let rank = 0; rank < n; rank += 1) cdf[rank] = sum += 1 / (rank + 1) ** plan.zipf;
    for (let rank = 0; rank < n; rank += 1) cdf[rank] /= sum;
    samplers.set(n, cdf);
  }
  const u = Math.random();
  let low = 0;
  let high = n - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (cdf[mid] < u) low = mid + 1;
    else high = mid;
  }
  return low;
}
const popular = (items) => items[zipf(items.length)];
/** One of the choices, by weight: [[weight, value], ...]. */
function weighted(choices) {
  let u = Math.random() * choices.reduce((sum, [weight]) => sum + weight, 0);
  for (const [weight, value] of choices) if ((u -= weight) < 0) return value;
  return choices.at(-1)[1];
}

// What each kind of user's pages read, with how often (the web app's page sizes: 50 for sellers,
// 10 for agents). A label names the route, never the id.
const sellerReads = [
  [20, (s) => ["seller dashboard", "/api/seller/seller-dashboard/", s.token]],
  [25, (s) => ["seller active list", "/api/seller/shipments/?page=1&per_page=50", s.token]],
  [5, (s) => ["seller pending list", "/api/seller/pending-shipments/?page=1&per_page=50", s.token]],
  [5, (s) => ["seller recent orders", "/api/seller/recent-orders/?page=1&per_page=50", s.token]],
  [5, (s) => ["seller past orders", "/api/seller/past-orders/?page=1&per_page=50", s.token]],
  [
    5,
    (s) => [
      "seller cancelled list",
      "/api/seller/cancelled-shipments/?page=1&per_page=50",
      s.token,
    ],
  ],
  [
    35,
    // A seller without shipments yet opens their active list instead.
    (s) =>
      s.shipments.length > 0
        ? ["seller shipment", `/api/shipments/${popular(s.shipments)}/`, s.token]
        : ["seller active list", "/api/seller/shipments/?page=1&per_page=50", s.token],
  ],
];
const agentReads = [
  [30, (a) => ["agent open list", "/api/shipper/shipments/?page=1&per_page=10", a.token]],
  [5, (a) => ["agent open list", "/api/shipper/shipments/?page=2&per_page=10", a.token]],
  [12, (a) => ["agent recent orders", "/api/shipper/recent-orders/?page=1&per_page=10", a.token]],
  [8, (a) => ["agent past orders", "/api/shipper/past-orders/?page=1&per_page=10", a.token]],
  [10, (a) => ["agent bid history", "/api/shipper/quotation-history/?page=1&per_page=10", a.token]],
  [
    35,
    // Half an open shipment (a popular one), half one of the agent's own orders.
    (a) =>
      a.orders.length > 0 && Math.random() < 0.5
        ? ["agent shipment", `/api/shipments/${popular(a.orders)}/`, a.token]
        : ["agent shipment", `/api/shipments/${popular(plan.open)}/`, a.token],
  ],
];

/** Shipments each agent has bid on (seeded and sent): a second bid would be refused. */
const bidOn = plan.agents.map((agent) => new Set(agent.bidOn));
let writes = 0;

function bid() {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const index = zipf(plan.agents.length);
    const shipment =
      attempt < 25 ? popular(plan.open) : plan.open[Math.floor(Math.random() * plan.open.length)];
    if (bidOn[index].has(shipment)) continue;
    bidOn[index].add(shipment);
    writes += 1;
    return [
      "agent bid",
      "/api/shipper/quotation/",
      plan.agents[index].token,
      JSON.stringify({
        shipment: String(shipment),
        pickup_amount: String(100 + (writes % 50)),
        fast_amount: "900",
        normal_amount: "",
      }),
    ];
  }
  return booking();
}

function booking() {
  writes += 1;
  return [
    "seller booking",
    "/api/shipments/",
    popular(plan.sellers).token,
    JSON.stringify(
      exampleShipmentInput({ freight_booking_reference_number: `RT ${process.pid} ${writes}` }),
    ),
  ];
}

function next(request, context) {
  const kind = weighted([
    [plan.shares.read, "read"],
    [plan.shares.bid, "bid"],
    [plan.shares.booking, "booking"],
  ]);
  let label, url, token, body;
  if (kind === "read") {
    // Requests split between sellers and agents as the users do.
    const isSeller =
      Math.random() < plan.sellers.length / (plan.sellers.length + plan.agents.length);
    [label, url, token] = isSeller
      ? weighted(sellerReads)(popular(plan.sellers))
      : weighted(agentReads)(popular(plan.agents));
  } else [label, url, token, body] = kind === "bid" ? bid() : booking();
  context.label = label;
  request.method = body ? "POST" : "GET";
  request.path = url;
  request.headers = body
    ? { authorization: `Bearer ${token}`, "content-type": "application/json" }
    : { authorization: `Bearer ${token}` };
  if (body) request.body = body;
  else delete request.body;
  return request;
}

const times = new Map();
const failures = {};
const samples = [];
const instance = autocannon(
  {
    url: plan.base,
    connections: plan.connections,
    duration: plan.seconds,
    overallRate: plan.rate,
    requests: [
      {
        setupRequest: next,
        onResponse: (status, body, context) => {
          if (status >= 300 && samples.length < 5)
            samples.push(`${context.label} ${status} ${String(body).slice(0, 200)}`);
        },
      },
    ],
  },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    const routes = {};
    for (const [label, list] of times) {
      list.sort((a, b) => a - b);
      const at = (q) => list[Math.min(list.length - 1, Math.floor(q * list.length))];
      routes[label] = { n: list.length, p50: at(0.5), p99: at(0.99), max: list.at(-1) };
    }
    process.stdout.write(
      JSON.stringify({
        requests: result.requests.average,
        total: result.requests.total,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        routes,
        failures,
        samples,
      }),
    );
  },
);
instance.on("response", (client, statusCode, _bytes, responseTime) => {
  const label = client.requestIterator?.context?.label ?? "unknown";
  if (!times.has(label)) times.set(label, []);
  times.get(label).push(responseTime);
  if (statusCode >= 300)
    failures[`${label} ${statusCode}`] = (failures[`${label} ${statusCode}`] ?? 0) + 1;
});
instance.on(
  "reqError",
  () => (failures["connection errors"] = (failures["connection errors"] ?? 0) + 1),
);
