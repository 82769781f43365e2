import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { requireAuth } from "./auth.js";
import { outboxBacklog } from "../lib/outbox.repository.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Tells /metrics how many sockets this instance holds (set by the realtime gateway). */
    countSockets: (count: () => number) => void;
  }
}

/**
 * /metrics in Prometheus' text format, for admins only (a bearer token of an admin, like the admin
 * API): the event outbox (waiting, the oldest's age, parked, delivered and failed), the jobs, open
 * sockets, the database pool, the list page cache's lookups (its hit ratio), and requests per route (count by status, latency). One registry per
 * app, so instances in one process (tests) do not mix.
 */
export function registerMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  let sockets: () => number = () => 0;
  app.decorate("countSockets", (count: () => number) => {
    sockets = count;
  });
  const db = app.database.db;

  // One query per scrape for the three outbox gauges (the registry collects them side by side).
  let backlog: ReturnType<typeof outboxBacklog> | null = null;
  const readBacklog = () => {
    backlog ??= outboxBacklog(db).finally(() => {
      backlog = null;
    });
    return backlog;
  };
  const backlogGauge = (name: string, help: string, value: (b: Backlog) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(value(await readBacklog()));
      },
    });
  backlogGauge(
    "fba_events_waiting",
    "Domain events not yet delivered to all their subscribers",
    (b) => b.waiting,
  );
  backlogGauge(
    "fba_events_oldest_waiting_seconds",
    "Age of the oldest domain event not yet delivered",
    (b) => b.oldestSeconds,
  );
  backlogGauge(
    "fba_events_parked",
    "Domain events set aside after their subscribers kept failing",
    (b) => b.parked,
  );
  new Gauge({
    name: "fba_events_dispatched",
    help: "Deliveries by this process's dispatcher since it started, by outcome",
    labelNames: ["outcome"],
    registers: [registry],
    collect() {
      const counters = app.dispatcher.counters;
      this.set({ outcome: "delivered" }, counters.delivered);
      this.set({ outcome: "failed" }, counters.failed);
      this.set({ outcome: "parked" }, counters.parked);
    },
  });
  const jobGauge = (name: string, help: string, value: (job: JobStatsLike) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["job"],
      registers: [registry],
      collect() {
        for (const job of app.scheduler.stats()) this.set({ job: job.name }, value(job));
      },
    });
  jobGauge("fba_job_runs", "Runs of each job since this process started", (job) => job.runs);
  jobGauge("fba_job_failures", "Failed runs of each job since start", (job) => job.failures);
  jobGauge("fba_job_running", "1 while the job runs", (job) => (job.running ? 1 : 0));
  jobGauge(
    "fba_job_last_duration_seconds",
    "How long the job's last run took",
    (job) => job.lastDurationMs / 1000,
  );
  new Gauge({
    name: "fba_sockets_open",
    help: "WebSocket connections this instance holds",
    registers: [registry],
    collect() {
      this.set(sockets());
    },
  });
  new Gauge({
    name: "fba_page_cache_lookups",
    help: "List page cache lookups since start, by shelf (pages; shared values) and outcome (hit: from memory; joined: waited for a reading under way; miss: read, every lookup while the cache is off; refreshed: read again in the background)",
    labelNames: ["shelf", "outcome"],
    registers: [registry],
    collect() {
      for (const [shelf, counts] of Object.entries(app.pageCache.lookups))
        for (const [outcome, value] of Object.entries(counts)) this.set({ shelf, outcome }, value);
    },
  });
  new Gauge({
    name: "fba_db_pool_waiting",
    help: "Queries waiting for a pooled database connection",
    registers: [registry],
    collect() {
      this.set(app.database.waiting());
    },
  });
  const requests = new Counter({
    name: "fba_http_requests_total",
    help: "HTTP requests answered, by method, route and status",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "fba_http_request_duration_seconds",
    help: "Time to answer HTTP requests, by method and route",
    labelNames: ["method", "route"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    // The route's pattern, never the raw path: ids would make a series per shipment.
    const route = request.routeOptions.url ?? "unmatched";
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get(
    "/metrics",
    { schema: { hide: true }, onRequest: requireAuth(app, "Admin") },
    async (_request, reply) =>
      reply.header("content-type", registry.contentType).send(await registry.metrics()),
  );
}

type Backlog = Awaited<ReturnType<typeof outboxBacklog>>;

interface JobStatsLike {
  runs: number;
  failures: number;
  running: boolean;
  lastDurationMs: number;
}
