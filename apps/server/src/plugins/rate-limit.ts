import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import rateLimit from "@fastify/rate-limit";
import type { Redis } from "ioredis";
import { storageMessages } from "@fba/contract";
import type { Config } from "../config.js";
import { AppError, defaultErrorMessage } from "../lib/errors.js";

const TOO_MANY = defaultErrorMessage("RATE_LIMITED");

declare module "fastify" {
  interface FastifyInstance {
    /** Shared Redis connection for commands (not pub/sub); present when REDIS_URL is set. */
    redis?: Redis;
    /** Each rule's counter by its name: routes naming one rule share one counter. */
    rateLimitCounters: Map<string, { rule: RateRule; check: RateCheck }>;
  }
}

type RateCheck = ReturnType<FastifyInstance["createRateLimit"]>;

/** One counter: at most `max` requests per `windowMs` for each key `key(request)` yields. */
export interface RateRule {
  /** Distinguishes counters; also the Redis key prefix, so keep it unique per rule. */
  name: string;
  max: number;
  windowMs: number;
  /** The counted identity; undefined skips this rule for the request (e.g. no email given). */
  key: (request: FastifyRequest) => string | undefined;
  /** The refusal's message, when it should say more than "too many requests". */
  refusal?: (retryAfterSeconds: number) => string;
  /** Called for each request this rule refuses (before the 429 is answered). */
  onExceeded?: (request: FastifyRequest) => void;
}

/** The client address; app.inject and injectWS requests may have none. */
export const byIp = (request: FastifyRequest): string => request.ip ?? "inject";

/** The signed-in account; put the limiter after requireAuth. Anonymous requests are not counted. */
export const byUser = (request: FastifyRequest): string | undefined =>
  request.user ? String(request.user.id) : undefined;

/** An hourly per-account cap, for creations that notify many users at once. */
export const hourlyPerUser = (name: string, max: number): RateRule => ({
  name,
  max,
  windowMs: 3_600_000,
  key: byUser,
});

const UPLOAD_WINDOW_MINUTES = 10;

/**
 * The one upload budget of an account, shared by every route that stores a file (order
 * documents, the existing client's proof-of-delivery upload, chat and sample attachments,
 * profile images): uploading through another route does not start a fresh count.
 */
export const uploadBudget = (config: Pick<Config, "UPLOADS_PER_10_MIN">): RateRule => ({
  name: "upload-user",
  max: config.UPLOADS_PER_10_MIN,
  windowMs: UPLOAD_WINDOW_MINUTES * 60_000,
  key: byUser,
  refusal: (retryAfter) =>
    storageMessages.uploadRateReached(config.UPLOADS_PER_10_MIN, UPLOAD_WINDOW_MINUTES, retryAfter),
});

/** An hourly cap per client address across every account behind it; `exempt` requests skip it. */
export const hourlyPerAddress = (
  name: string,
  max: number,
  exempt: (request: FastifyRequest) => boolean = () => false,
): RateRule => ({
  name,
  max,
  windowMs: 3_600_000,
  key: (request) => (exempt(request) ? undefined : byIp(request)),
});

/**
 * One hourly cap for everyone together (the platform's total); `exempt` requests skip it and
 * `onExceeded` hears of each refusal.
 */
export const hourlyPlatformWide = (
  name: string,
  max: number,
  exempt: (request: FastifyRequest) => boolean,
  onExceeded?: (request: FastifyRequest) => void,
): RateRule => ({
  name,
  max,
  windowMs: 3_600_000,
  key: (request) => (exempt(request) ? undefined : "all"),
  onExceeded,
});

/**
 * True the first time it is called in each `windowMs` (from that call), false until the window is
 * over: on every instance together through Redis when REDIS_URL is set, else per instance (also
 * while Redis is away, so a refusal still happens once, not on every call).
 */
export function oncePerWindow(
  app: FastifyInstance,
  name: string,
  windowMs: number,
  now: () => number = Date.now,
): () => Promise<boolean> {
  let localUntil = 0;
  const local = () => {
    if (now() < localUntil) return false;
    localUntil = now() + windowMs;
    return true;
  };
  return async () => {
    if (!app.redis) return local();
    try {
      const set = await app.redis.set(`once:${name}`, "1", "PX", windowMs, "NX");
      return set === "OK";
    } catch {
      return local();
    }
  };
}

/**
 * The email in a JSON body, normalised the way accounts are, so "A@x.io" and "a@x.io " share a
 * counter. Runs before validation, so it caps what it keeps.
 */
export function bodyEmail(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | null | undefined;
  const email = body && typeof body === "object" ? body.email : undefined;
  if (typeof email !== "string") return undefined;
  const normalised = email.trim().toLowerCase().slice(0, 254);
  return normalised === "" ? undefined : normalised;
}

/**
 * Registers @fastify/rate-limit without a global limit; routes opt in with `limitRequests`.
 * Counters live in memory, or in Redis when REDIS_URL is set (shared by every instance).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    let redis: Redis | undefined;
    if (app.config.REDIS_URL && !app.hasDecorator("redis")) {
      // The Redis client loads only when Redis is configured.
      const { Redis } = await import("ioredis");
      redis = new Redis(app.config.REDIS_URL, {
        // Fail fast while Redis is away (the limiter then lets requests through) instead of
        // queueing commands and holding every sign-in until it returns.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        commandTimeout: 1000,
      });
      // A lost connection is reported per command; the client reconnects by itself.
      redis.on("error", (error: Error) => app.log.warn({ err: error.message }, "redis error"));
      app.decorate("redis", redis);
      app.addHook("onClose", async () => {
        await redis?.quit().catch(() => redis?.disconnect());
      });
      // Give the connection a moment so the first requests are counted; start anyway without it.
      const client = redis;
      const connected = new Promise<boolean>((resolve) =>
        client.once("ready", () => resolve(true)),
      );
      const gaveUp = new Promise<boolean>((resolve) =>
        setTimeout(() => resolve(false), 3000).unref(),
      );
      if (!(await Promise.race([connected, gaveUp]))) {
        app.log.warn("redis not reachable at start: rate limits are not enforced until it is");
      }
    }
    if (!app.hasDecorator("rateLimitCounters")) app.decorate("rateLimitCounters", new Map());
    await app.register(rateLimit, {
      global: false,
      ...(app.redis ? { redis: app.redis, nameSpace: "rl:" } : {}),
      // Redis down must not lock everyone out of signing in.
      skipOnError: true,
    });
  },
  { name: "rate-limit" },
);

/**
 * A preHandler that counts the request against every rule and answers 429 with Retry-After when
 * one is exceeded. Put it on preValidation so malformed requests count too.
 */
export function limitRequests(
  app: FastifyInstance,
  ...rules: RateRule[]
): preHandlerAsyncHookHandler {
  if (app.config.RATE_LIMIT_DISABLED) return async () => undefined;
  const limiters = rules.map((rule) => ({ rule, check: counterOf(app, rule) }));
  return async (request) => {
    for (const { rule, check } of limiters) {
      if (rule.key(request) === undefined) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        rule.onExceeded?.(request);
        const retryAfter = Math.max(1, result.ttlInSeconds);
        const message = rule.refusal ? rule.refusal(retryAfter) : TOO_MANY;
        throw new AppError("RATE_LIMITED", message, [{ message }], {
          "Retry-After": String(retryAfter),
        });
      }
    }
  };
}

/**
 * The counter of `rule`, made once per rule name: in memory each counter has its own store, so a
 * rule used by several routes must reuse it to be one budget (in Redis its key is shared anyway).
 */
function counterOf(app: FastifyInstance, rule: RateRule): RateCheck {
  const known = app.rateLimitCounters.get(rule.name);
  if (known) {
    if (known.rule.max !== rule.max || known.rule.windowMs !== rule.windowMs) {
      throw new Error(`rate rule ${rule.name} is defined twice with different limits`);
    }
    return known.check;
  }
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${rule.name}:${rule.key(request) ?? ""}`,
  });
  app.rateLimitCounters.set(rule.name, { rule, check });
  return check;
}
