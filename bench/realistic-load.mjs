// The HTTP side of the realistic-traffic bench (realistic.bench.mjs), in its own process: requests
// arriving at a fixed average rate as independent users' requests do (a Poisson process: each gap
// drawn at random, none waiting for an answer to another), each built at the moment it is sent from
// a plan read from the JSON file named in argv[2], over at most `connections` keep-alive
// connections. A request's latency runs from the moment it arrived, so time spent waiting for a
// free connection counts. Prints one JSON line: throughput, latencies overall and per route, and
// every answer that was not a success, by route and status.
//
// (autocannon's fixed rate sends each connection's share of a second back to back at the start of
// that second: 500 requests a second arrived as one burst of 50 connections each second, which
// measured a queue the clients made, not the traffic.)
//
// plan: { base, connections, seconds, rate, zipf, seed,
//         sellers: [{ token, shipments: [id] }],          // most popular first; newest shipment first
//         agents: [{ token, orders: [id], bidOn: [id] }], // most popular first
//         open: [id],                                     // open for bidding, newest first
//         shares: { read, bid, booking } }                // of the requests this process sends
import { readFileSync } from "node:fs";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { exampleShipmentInput } from "@fba/contract/examples";

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

/** The next request: [route label, path, token, JSON body or undefined]. */
function next() {
  const kind = weighted([
    [plan.shares.read, "read"],
    [plan.shares.bid, "bid"],
    [plan.shares.booking, "booking"],
  ]);
  if (kind === "bid") return bid();
  if (kind === "booking") return booking();
  // Requests split between sellers and agents as the users do.
  const isSeller = Math.random() < plan.sellers.length / (plan.sellers.length + plan.agents.length);
  return isSeller
    ? weighted(sellerReads)(popular(plan.sellers))
    : weighted(agentReads)(popular(plan.agents));
}

const target = new URL(plan.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
const TIMEOUT_MS = 10_000;
const times = new Map();
const all = [];
const failures = {};
const samples = [];
let errors = 0;
let non2xx = 0;
const fail = (key) => (failures[key] = (failures[key] ?? 0) + 1);

/** Sends one request that arrived at `arrivedAt` (performance.now()); resolves once answered. */
function send([label, url, token, body], arrivedAt) {
  return new Promise((resolve) => {
    let settled = false;
    /** Counts the request once, however many of its events report an end. */
    const settle = (count) => {
      if (settled) return;
      settled = true;
      count();
      resolve();
    };
    const broken = () =>
      settle(() => {
        errors += 1;
        fail("connection errors");
      });
    const headers = { authorization: `Bearer ${token}` };
    if (body) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(body);
    }
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: url,
        method: body ? "POST" : "GET",
        headers,
        timeout: TIMEOUT_MS,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks = [];
        response.on("data", (chunk) => {
          if (status >= 300 && samples.length < 5) chunks.push(chunk);
        });
        response.on("end", () =>
          settle(() => {
            const ms = performance.now() - arrivedAt;
            if (!times.has(label)) times.set(label, []);
            times.get(label).push(ms);
            all.push(ms);
            if (status >= 300) {
              non2xx += 1;
              fail(`${label} ${status}`);
              if (samples.length < 5)
                samples.push(
                  `${label} ${status} ${Buffer.concat(chunks).toString().slice(0, 200)}`,
                );
            }
          }),
        );
        response.on("error", broken);
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", broken);
    request.end(body);
  });
}

const started = performance.now();
const end = started + plan.seconds * 1000;
const inFlight = new Set();
for (let arrival = started; ;) {
  arrival += (-Math.log(1 - Math.random()) * 1000) / plan.rate;
  if (arrival >= end) break;
  const wait = arrival - performance.now();
  if (wait >= 1) await sleep(wait);
  const answered = send(next(), arrival);
  inFlight.add(answered);
  answered.then(() => inFlight.delete(answered));
}
await Promise.all(inFlight);
agent.destroy();

const at = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))];
const routes = {};
for (const [label, list] of times) {
  list.sort((a, b) => a - b);
  routes[label] = { n: list.length, p50: at(list, 0.5), p99: at(list, 0.99), max: list.at(-1) };
}
all.sort((a, b) => a - b);
const round = (ms) => Math.round(ms * 10) / 10;
process.stdout.write(
  JSON.stringify({
    requests: all.length / plan.seconds,
    total: all.length,
    p50: round(at(all, 0.5)),
    p99: round(at(all, 0.99)),
    errors,
    non2xx,
    routes,
    failures,
    samples,
  }),
);
