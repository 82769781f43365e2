import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import cors from "@fastify/cors";
import { corsOrigins } from "../config.js";

/** Every method the API serves (PUT included, so a client's PUT gets the API's own answer). */
export const CORS_METHODS = ["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"] as const;

/**
 * Request headers a client on another origin may send beyond the always-allowed ones: the bearer
 * token, JSON and multipart bodies, a write's idempotency key and a request id for tracing.
 * `accept` is listed because a value longer than 128 bytes would otherwise need it.
 */
export const CORS_REQUEST_HEADERS = [
  "authorization",
  "content-type",
  "accept",
  "idempotency-key",
  "x-request-id",
] as const;

/**
 * Response headers such a client may read beyond the always-readable ones: how long to wait after
 * a 429 or 503, the request id to quote in a report, a download's file name, and whether a write
 * was a replay of an earlier one with the same idempotency key.
 */
export const CORS_EXPOSED_HEADERS = [
  "retry-after",
  "x-request-id",
  "content-disposition",
  "idempotent-replayed",
] as const;

/** How long a browser may reuse a preflight's answer (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE_SECONDS = 600;

/**
 * Cross-origin calls from the pages of CORS_ORIGINS (the existing web client on its own origin).
 * Without any origin configured no CORS header is ever sent, so browsers refuse every
 * cross-origin call; the start says so and how to allow one. Sockets check the same origins on
 * upgrade (realtime/admission.ts).
 */
export const corsPlugin = fp(
  async (app: FastifyInstance) => {
    const origins = corsOrigins(app.config);
    app.addHook("onReady", async () => {
      if (origins.length === 0) {
        // Development admits sockets from loopback pages (the Vite dev server): only calls fail.
        const refused =
          app.config.NODE_ENV === "development" ? "API calls" : "API calls and sockets";
        app.log.info(
          `CORS_ORIGINS is empty: browsers will refuse ${refused} from pages on other origins (this server's own web app is unaffected); to allow a web client on another origin, set CORS_ORIGINS=https://client.example.com (comma-separated origins)`,
        );
      } else {
        app.log.info(`CORS: API calls and sockets allowed from ${origins.join(", ")}`);
      }
    });
    if (origins.length === 0) return;
    await app.register(cors, {
      origin: origins,
      methods: [...CORS_METHODS],
      allowedHeaders: [...CORS_REQUEST_HEADERS],
      exposedHeaders: [...CORS_EXPOSED_HEADERS],
      maxAge: CORS_MAX_AGE_SECONDS,
      credentials: false,
    });
  },
  { name: "cors" },
);
