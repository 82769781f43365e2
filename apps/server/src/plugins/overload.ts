import { getHeapStatistics } from "node:v8";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import underPressure from "@fastify/under-pressure";
import { AppError, defaultErrorMessage } from "../lib/errors.js";
import { startRequestClock } from "../db/request-clock.js";

/** Seconds a client is told to wait when the server or its database cannot serve it. */
export const RETRY_AFTER_SECONDS = 5;

// Connection-level failures: the database is down, restarting or unreachable, not the query wrong.
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up / shutting down)
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
const unavailableMessages = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Client was closed and is not queryable",
  "Connection ended unexpectedly",
  "PGlite is closed",
  "Cannot use a pool after calling end on the pool",
];

/** True when an error (or one it wraps, as Drizzle does) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && unavailableCodes.has(code)) return true;
    if (
      unavailableMessages.some((text) => current instanceof Error && current.message.includes(text))
    )
      return true;
    if (
      current instanceof AggregateError &&
      current.errors.some((inner) => isDatabaseUnavailable(inner))
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether a request is turned away while the server is overloaded: API calls (health probes
 * aside) and, when the event loop lags or memory runs short, socket upgrades. The web app's pages
 * and code are still served: they read no database (an order page's first paint falls back to the
 * plain page), and a browser that gets them runs the app, which tells a busy server's 503 on its
 * API calls apart; a page or script answered 503 leaves it only "could not be loaded".
 */
export function shedWhenOverloaded(url: string, cause: "pressure" | "queue"): boolean {
  if (url.startsWith("/api/")) return !url.startsWith("/api/health");
  // Reconnecting sockets are not turned away for a queue: each upgrade needs just a short check,
  // and clients have only a few tries (the spec's 5, 1 s apart).
  return cause === "pressure" && url.startsWith("/ws/");
}

/**
 * Sheds load with 503 + Retry-After when the event loop lags, the heap is nearly full or too many
 * queries already wait for the database, instead of letting latency grow without bound. Health
 * probes, pages and static files stay answerable (shedWhenOverloaded).
 */
declare module "fastify" {
  interface FastifyInstance {
    /**
     * The first step of a shutdown: new requests are answered 503 with Retry-After while those
     * already being served finish (at most `timeoutMs`). The port stays open and sockets stay
     * connected meanwhile, so clients are not sent away to a port nobody answers yet.
     */
    drainRequests(timeoutMs: number): Promise<void>;
  }
}

export const overloadPlugin = fp(async (app: FastifyInstance) => {
  const message = defaultErrorMessage("UNAVAILABLE");
  const unavailable = () =>
    new AppError("UNAVAILABLE", message, [{ message }], {
      "Retry-After": String(RETRY_AFTER_SECONDS),
    });
  // Requests still arriving on open connections once shutdown has begun are turned away, and so
  // are new ones while the database queue is full.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  // Requests being served (socket upgrades aside), so a shutdown can let them finish first.
  let inFlight = 0;
  let idle: (() => void) | undefined;
  const finished = () => {
    inFlight -= 1;
    if (inFlight === 0) idle?.();
  };
  app.addHook("onRequest", (request, reply, done) => {
    if (!request.url.startsWith("/ws/")) {
      inFlight += 1;
      reply.raw.once("close", finished);
    }
    done();
  });
  app.decorate("drainRequests", async (timeoutMs: number) => {
    closing = true;
    if (inFlight === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      idle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  });
  const maxQueue = app.config.MAX_DATABASE_QUEUE;
  app.addHook("onRequest", (request, _reply, done) => {
    const queueFull =
      maxQueue > 0 && app.database.waiting() > maxQueue && shedWhenOverloaded(request.url, "queue");
    if (closing || queueFull) done(unavailable());
    // A socket lives on after its upgrade: its actions must not inherit the upgrade's clock.
    else if (request.url.startsWith("/ws/")) done();
    // The rest of the request runs on its clock: its queries stop waiting for a pooled
    // connection a bounded time after it began (db/request-clock).
    else startRequestClock(done);
  });
  // A parsed body has just arrived: the clock starts again, since its upload time is the
  // client's, and the parser's stream events ran outside the clock's context.
  app.addHook("preValidation", (request, _reply, done) => {
    if (request.body === undefined) done();
    else startRequestClock(done);
  });
  await app.register(underPressure, {
    // Event-loop delay, not utilisation: a server at full healthy throughput runs near 100 %
    // utilisation, but only a saturated one makes every request wait a second for the loop.
    maxEventLoopDelay: app.config.MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.92),
    retryAfter: RETRY_AFTER_SECONDS,
    // A rejection reaches the error handler, which sends the contract's body and Retry-After.
    pressureHandler: async (request) => {
      if (shedWhenOverloaded(request.url, "pressure")) throw unavailable();
    },
  });
});
