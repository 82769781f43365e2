import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/errors.js";
import { bearerToken } from "./auth.js";
import * as repo from "./idempotency.repository.js";

const IDEMPOTENCY_HEADER = "idempotency-key";
/** How long a stored response answers retries. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

interface Claim {
  id: number;
  applied: boolean;
}

/** The claim of the request being handled, seen by every transaction it opens. */
const currentClaim = new AsyncLocalStorage<Claim>();

declare module "fastify" {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
  interface FastifyContextConfig {
    /**
     * Set on routes whose answers carry credentials (tokens) or act on recovery codes: the
     * Idempotency-Key header is ignored there, so no such answer is ever kept for replay.
     */
    skipIdempotency?: boolean;
  }
}

/** A response body with a token pair in it; never stored, whatever route produced it. */
const CARRIES_TOKENS = /"(?:access_token|refresh_token)"\s*:/;

function requestHash(request: FastifyRequest): string {
  const body = request.body === undefined ? "" : JSON.stringify(request.body);
  return createHash("sha256").update(body).digest("hex");
}

function pathOf(request: FastifyRequest): string {
  const pathname = (request.url.split("?")[0] ?? "/").replace(/\/+$/, "");
  return pathname === "" ? "/" : pathname;
}

/**
 * POST and PATCH accept an Idempotency-Key header: the first response for (user, key, method,
 * path) is kept for 24 h and a retry gets it back without the write running again; a retry while
 * the first is still running gets 409. Requests without the header or without a valid token are
 * untouched (the route answers them as usual).
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  /** An unfinished claim older than this was abandoned by a process that died (config). */
  const leaseMs = app.config.IDEMPOTENCY_LEASE_MS;

  /** Claims the key (returns true), or answers the request itself (replay) and returns false. */
  async function claimOrReplay(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (request.method !== "POST" && request.method !== "PATCH") return true;
    if (request.routeOptions.config.skipIdempotency) return true;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return true;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) {
      throw AppError.field(
        "Idempotency-Key",
        "Idempotency-Key must be 1 to 200 visible ASCII characters",
      );
    }
    // Multipart bodies are streamed later, so their content cannot be compared.
    if (String(request.headers["content-type"] ?? "").startsWith("multipart/")) return true;
    const user = await app.authenticator.userFromToken(bearerToken(request));
    if (!user) return true;

    const scope = {
      userId: user.id,
      key,
      method: request.method,
      path: pathOf(request),
    };
    const hash = requestHash(request);
    const now = new Date();
    const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);

    // Expired rows and claims abandoned by a dead process give the key back.
    await repo.releaseStaleKey(db, scope, now, new Date(now.getTime() - leaseMs));

    const claimed = await repo.claimKey(db, scope, { requestHash: hash, now, expiresAt });
    if (claimed !== null) {
      const claim: Claim = { id: claimed, applied: false };
      request.idempotencyClaim = claim;
      return true;
    }

    const existing = await repo.findKey(db, scope);
    const abandoned =
      existing &&
      existing.statusCode === null &&
      existing.lockedAt.getTime() < now.getTime() - leaseMs;
    if (abandoned && existing.appliedAt !== null) {
      // The write committed but its process died before answering: never run it twice.
      throw new AppError(
        "CONFLICT",
        "This request was already applied; its response is no longer available",
        [{ field: "Idempotency-Key", message: "The request with this key was already applied" }],
      );
    }
    if (!existing || existing.statusCode === null) {
      throw new AppError(
        "CONFLICT",
        "A request with this Idempotency-Key is still being processed",
        [{ field: "Idempotency-Key", message: "A request with this key is still being processed" }],
        { "Retry-After": "1" },
      );
    }
    if (existing.requestHash !== hash) {
      throw new AppError("CONFLICT", "Idempotency-Key was already used with a different request", [
        {
          field: "Idempotency-Key",
          message: "This key was already used with a different request",
        },
      ]);
    }
    reply.header("idempotent-replayed", "true");
    if (existing.contentType) reply.header("content-type", existing.contentType);
    void reply.code(existing.statusCode).send(existing.responseBody ?? "");
    return false;
  }

  app.addHook("preHandler", (request, reply, done) => {
    claimOrReplay(request, reply).then((proceed) => {
      if (!proceed) return;
      const claim = request.idempotencyClaim;
      // Continuing inside run() puts the handler and its services in the claim's context.
      if (claim) currentClaim.run(claim, () => done());
      else done();
    }, done);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    const status = reply.statusCode;
    // Failures the client should retry (5xx, rate limits) and streamed bodies are not kept, nor
    // answers with credentials in them (a stored copy would hand out a live session for 24 h).
    if (
      status >= 500 ||
      status === 429 ||
      (typeof payload !== "string" && payload !== null) ||
      (typeof payload === "string" && CARRIES_TOKENS.test(payload))
    ) {
      await repo.deleteClaim(db, claim.id).catch(() => undefined);
      return payload;
    }
    const contentType = reply.getHeader("content-type");
    // Stored before the response leaves: whatever the client saw acknowledged can be replayed.
    await repo.storeResponse(db, claim.id, {
      statusCode: status,
      contentType: typeof contentType === "string" ? contentType : null,
      responseBody: payload ?? "",
    });
    return payload;
  });

  // Every transaction a claimed request opens first marks the claim applied, atomically with the
  // write, so a crash between commit and storing the response cannot lead to a second run.
  const transaction = db.transaction.bind(db);
  const marked: typeof db.transaction = (work, config) =>
    transaction(async (tx) => {
      const claim = currentClaim.getStore();
      if (claim && !claim.applied) {
        await repo.markApplied(tx, claim.id);
        claim.applied = true;
      }
      try {
        return await work(tx);
      } catch (error) {
        // The marker rolled back with the write; a later transaction of this request sets it.
        if (claim) claim.applied = false;
        throw error;
      }
    }, config);
  db.transaction = marked;

  // Expired keys go hourly, as a job of the one scheduler (lib/jobs.ts).
  app.scheduler.add({
    name: "idempotency-cleanup",
    intervalMs: CLEANUP_INTERVAL_MS,
    firstRunAfterMs: CLEANUP_INTERVAL_MS,
    run: async () => {
      await repo.deleteExpiredKeys(db, new Date());
    },
  });
});
