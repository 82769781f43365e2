import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { s3Settings, trustProxyOption, type Config } from "./config.js";
import { openDatabase, type Database } from "./db/client.js";
import { EventBus, usersConcerned } from "./lib/events.js";
import { PageCache } from "./lib/page-cache.js";
import type { Locale } from "@fba/contract/locales";
import { landingLocale } from "./lib/landing-locale.js";
import { FIRST_PAINT_DIR, firstPaint } from "./lib/first-paint.js";
import { keepPreviousAssets, previousAssetName } from "./lib/previous-assets.js";
import { DiskStorage, type FileStorage } from "./lib/storage.js";
import { TokenService, resolveJwtSecret } from "./lib/tokens.js";
import { Authenticator } from "./plugins/auth.js";
import { compressionPlugin, sendCompressed } from "./plugins/compression.js";
import { corsPlugin } from "./plugins/cors.js";
import { answerFrameworkError, registerErrorHandler } from "./plugins/error-handler.js";
import { rateLimitPlugin } from "./plugins/rate-limit.js";
import { idempotencyPlugin } from "./plugins/idempotency.js";
import { isDatabaseUnavailable, overloadPlugin } from "./plugins/overload.js";
import { requestDeadlinePlugin } from "./plugins/request-deadline.js";
import { securityHeadersPlugin } from "./plugins/security-headers.js";
import { mailerPlugin } from "./lib/mailer.js";
import { PRODUCT_NAME } from "@fba/contract";
import {
  createServices,
  socketRegistrations,
  type ModulePlugin,
  type Services,
} from "./container.js";
import { modules } from "./modules/index.js";
import { registerChatPartyListeners } from "./modules/chat/index.js";
import { registerJobs } from "./modules/jobs.js";
import { seedWarehousesIfEmpty } from "./modules/warehouses/index.js";
import { registerSubscribers } from "./modules/subscribers.js";
import { Scheduler } from "./lib/jobs.js";
import { OutboxDispatcher } from "./lib/outbox.js";
import { deleteDoneEvents } from "./lib/outbox.repository.js";
import { registerMetrics } from "./plugins/metrics.js";
import { realtimeGatewayPlugin, realtimeHubPlugin } from "./realtime/index.js";
import type { GatewayLimits } from "./realtime/gateway.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    events: EventBus;
    /** The recurring jobs of this process (lib/jobs.ts). */
    scheduler: Scheduler;
    /** Hands the outbox's domain events to their subscribers (lib/outbox.ts). */
    dispatcher: OutboxDispatcher;
    tokens: TokenService;
    authenticator: Authenticator;
    storage: FileStorage;
    pageCache: PageCache;
  }
}

export interface BuildOptions {
  /** An already-open database (tests share one per file); otherwise opened from config. */
  database?: Database;
  /** Where log lines go instead of stdout (the test harness inspects them). */
  logStream?: { write(line: string): void };
  /** Socket limits other than the production ones (a fuzz sends thousands of frames). */
  gatewayLimits?: Partial<GatewayLimits>;
  /** Receives the services once built (tests call them directly). */
  onServices?: (services: Services) => void;
  /** Told as each start phase ends (the entry logs how long each took). */
  onPhase?: (phase: string) => void;
  /** The clock the authenticator's caches read (tests move it instead of waiting). */
  now?: () => number;
}

/** What a caller may choose as its request id: short, and nothing a log line could be confused by. */
const PLAIN_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's X-Request-Id when it is plain, else a new UUID. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }) {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && PLAIN_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

const defaultWebDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === "silent"
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: {
              paths: [
                "req.headers.authorization",
                "req.headers.cookie",
                "req.query.token",
                "*.password",
                "*.token",
              ],
              censor: "[redacted]",
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
            serializers: {
              // Never log query strings: socket URLs carry the access token.
              req: (req) => ({
                method: req.method,
                url: String(req.url).split("?")[0],
                reqId: req.id,
              }),
            },
          },
    bodyLimit: 1024 * 1024,
    // Stalled and trickled bodies would otherwise hold a connection for ever (see request-deadline).
    connectionTimeout: config.REQUEST_IDLE_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
    // A caller's X-Request-Id is kept only when short and plain (it goes into every log line of
    // the request and back in the answer); anything else gets an id of our own.
    requestIdHeader: false,
    genReqId: requestId,
    // While closing, the overload plugin answers 503 in the contract's shape with Retry-After.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      backgroundPoolSize: config.DATABASE_BACKGROUND_POOL_SIZE,
      listPoolSize: config.DATABASE_LIST_POOL_SIZE,
      migrate: config.MIGRATE_ON_START,
    }));
  options.onPhase?.("database open (migrations checked)");
  const ownsDatabase = !options.database;
  // Resolved once: tokens, OTP hashes and attachment links are all keyed by it.
  const secret = resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  const tokens = new TokenService(secret);

  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("events", new EventBus(app.log, database.db));
  app.decorate("scheduler", new Scheduler(app.log));
  app.decorate("dispatcher", new OutboxDispatcher(database.db, app.events, app.log));
  app.decorate("tokens", tokens);
  app.decorate(
    "authenticator",
    new Authenticator(database.db, tokens, {
      // A session found live is asked about again this often (30 s when socket re-checks are off).
      sessionRecheckMs: config.SOCKET_RECHECK_INTERVAL_MS || 30_000,
      now: options.now,
    }),
  );
  registerPageCache(app, config);
  // Uploaded files: an S3-compatible bucket when configured (instances share no disk), else DATA_DIR.
  const bucket = s3Settings(config);
  // The S3 SDK (a few hundred modules) loads only when a bucket is configured.
  const storage: FileStorage = bucket
    ? new (await import("./lib/s3-storage.js")).S3Storage(bucket)
    : new DiskStorage(config.DATA_DIR, config.MIN_FREE_DISK_MB * 1024 * 1024);
  app.decorate("storage", storage);
  app.addHook("onClose", async () => app.storage.close());
  if (ownsDatabase) app.addHook("onClose", async () => database.close());
  // onClose hooks run last-registered first: listeners finish before the database closes.
  app.addHook("onClose", async () => {
    try {
      await app.events.settle();
    } catch (error) {
      // With the database gone the events stay in the outbox, and the next start delivers them.
      if (!isDatabaseUnavailable(error)) throw error;
      app.log.warn("events left in the outbox at shutdown: the database is unavailable");
    }
  });

  await app.register(requestDeadlinePlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(corsPlugin);

  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: "1.0.0" },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Off in production unless API_DOCS=on: both paths then answer 404 like any unknown path.
  if (config.API_DOCS === "on") {
    await app.register(swaggerUi, { routePrefix: "/api/docs" });
    app.get("/api/docs/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  }

  app.get("/api/health", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/api/health/ready", { schema: { hide: true } }, async (_request, reply) => {
    const ready = await database.ping();
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? "ready" : "unavailable", database: ready });
  });

  // A worker serves no users: only its health checks answer; sockets and the API are the web's.
  if (config.ROLE === "worker") {
    app.addHook("onRequest", async (request, reply) => {
      if (request.url.startsWith("/api/health") || request.url.split("?")[0] === "/metrics") return;
      return reply.code(404).send({
        status: "error",
        status_code: 404,
        message: "Not found",
        errors: [{ message: "This instance runs background jobs only (ROLE=worker)" }],
      });
    });
  }

  registerMetrics(app);

  await app.register(overloadPlugin);
  await app.register(rateLimitPlugin);
  await app.register(idempotencyPlugin);
  await app.register(mailerPlugin);

  await app.register(realtimeHubPlugin);
  // Pages other instances hold from memory go stale with a change here, and the other way round.
  app.pageCache.onChange((users) => app.hub.dataChanged(users));
  app.hub.onDataChanged((users) => app.pageCache.changedElsewhere(users));
  app.hub.onReconnect(() => app.pageCache.changedElsewhere(null));
  // Ended sessions (here or on another instance) stop their access tokens at once; what was
  // announced while Redis was away is read from the database again.
  app.hub.onDisconnectUser((userId, sessionId) =>
    app.authenticator.sessionsEnded(userId, sessionId),
  );
  app.hub.onReconnect(() => app.authenticator.forgetSessions());
  const services = createServices({
    pageCache: app.pageCache,
    config,
    db: database.db,
    events: app.events,
    storage: app.storage,
    tokens,
    authenticator: app.authenticator,
    mailer: app.mailer,
    log: app.log,
    secret,
  });
  options.onServices?.(services);
  // Start-up data: Amazon's fulfilment centres on a database that has none yet.
  await seedWarehousesIfEmpty(database.db);
  // Durable reactions (through the outbox) and the in-memory ones of open sockets.
  registerSubscribers(services);
  registerChatPartyListeners(services.events, services.chat);
  registerDispatch(app);
  registerJobs(app.scheduler, services);
  const modulePlugins: ReadonlyArray<ModulePlugin> = modules;
  for (const module of modulePlugins) {
    await app.register(module, { prefix: "/api", services });
  }
  await app.register(realtimeGatewayPlugin, {
    limits: options.gatewayLimits,
    sockets: socketRegistrations(services),
  });

  registerWebApp(app, config.WEB_DIST_DIR ?? defaultWebDist, {
    storeDir: path.join(config.DATA_DIR, "previous-assets"),
    keepDays: config.PREVIOUS_ASSETS_DAYS,
  });
  options.onPhase?.("routes registered");
  return app;
}

/**
 * The outbox's dispatcher runs as a job every half second (retries, events other instances
 * recorded), and a batch of its own starts at once when this process emits an event it recorded
 * (lib/events.ts), beside any batch still running.
 */
function registerDispatch(app: FastifyInstance): void {
  // A web-only instance records events and leaves them (and every job) to the workers.
  if (app.config.ROLE === "web") return;
  const dispatcher = app.dispatcher;
  app.scheduler.add({
    name: "event-dispatch",
    intervalMs: 500,
    run: async () => (await dispatcher.runBatch()) === dispatcher.batchSize,
  });
  app.events.attachDispatch({ wake: () => dispatcher.wake(), drain: () => dispatcher.drain() });
  // Delivered events are kept a week (for looking into a report), then deleted in batches.
  app.scheduler.add({
    name: "event-cleanup",
    intervalMs: 60 * 60 * 1000,
    firstRunAfterMs: 60_000,
    run: async () => (await deleteDoneEvents(app.database.db, 7, 1000)) === 1000,
  });
  app.addHook("onReady", async () => {
    app.scheduler.start();
    dispatcher.start();
  });
  app.addHook("preClose", async () => {
    dispatcher.stop();
    await app.scheduler.stop();
  });
}

/**
 * List pages served again from memory while nothing they show changed (lib/page-cache.ts). Before
 * its answer leaves, each request that is not a read makes its user's pages stale, whatever it
 * did (an anonymous one, everyone's); each domain event (services emit them after commit, on
 * requests, sockets and timers alike) those of the users it concerns (lib/events.ts).
 */
function registerPageCache(app: FastifyInstance, config: Config): void {
  const pageCache = new PageCache(
    { ttlMs: config.LIST_CACHE_MS, maxBytes: config.LIST_CACHE_MB * 1024 * 1024 },
    (error) => app.log.error({ err: error }, "list page refresh failed"),
  );
  app.decorate("pageCache", pageCache);
  app.events.onEvery((name, event) => pageCache.changed(usersConcerned(name, event)));
  const reads = new Set(["GET", "HEAD", "OPTIONS"]);
  app.addHook("onSend", (request, _reply, payload, done) => {
    if (!reads.has(request.method)) pageCache.changed(request.user ? [request.user.id] : null);
    done(null, payload);
  });
}

/**
 * Serves the built single-page app; unknown non-API paths get index.html for client-side routing.
 * "/" gets the landing page the web build prerendered (landing.html: its HTML and CSS, and no
 * app code), when the build has one.
 *
 * Hashed files of earlier builds stay available for `keepDays` after a release replaced them
 * (lib/previous-assets.ts): at start the current build's files are added to `storeDir`, and an
 * `/assets/` file the current build lacks is looked up there. A tab opened before the release
 * keeps loading the screens of the build it runs. An `/assets/` file neither has is a 404, never
 * the app's HTML (which a browser would refuse as a script anyway).
 */
function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  previous: { storeDir: string; keepDays: number },
): void {
  const hasWebApp = existsSync(path.join(distDir, "index.html"));
  const hasLanding = existsSync(path.join(distDir, "landing.html"));
  const landingFiles: Record<Locale, string> = {
    en: "landing.html",
    "zh-CN": existsSync(path.join(distDir, "landing.zh-CN.html"))
      ? "landing.zh-CN.html"
      : "landing.html",
  };
  const htmlFor = routeHtml(distDir);
  const paint = hasWebApp ? firstPaint(app, distDir) : null;
  const pages = new Map<string, string>();
  const pageHtml = (file: string) => {
    let html = pages.get(file);
    if (html === undefined) {
      html = readFileSync(path.join(distDir, file), "utf8");
      pages.set(file, html);
    }
    return html;
  };
  const keepsPrevious = hasWebApp && previous.keepDays > 0;
  const storeDir = path.resolve(previous.storeDir);
  if (keepsPrevious) {
    app.addHook("onReady", async () => {
      try {
        const kept = await keepPreviousAssets(distDir, storeDir, previous.keepDays);
        app.log.debug(kept, "web app files kept for tabs of earlier releases");
      } catch (error) {
        app.log.warn({ err: error }, "could not keep the web app's files for earlier releases");
      }
    });
  }
  if (hasWebApp) {
    void app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of its text files.
      preCompressed: true,
      // The server's own module for the order pages' first paint stays on the server.
      globIgnore: [`${FIRST_PAINT_DIR}/**`],
      setHeaders: (res, filePath) => {
        if (
          filePath.includes(`${path.sep}assets${path.sep}`) ||
          filePath.startsWith(`${storeDir}${path.sep}`)
        ) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        } else {
          res.header("cache-control", "no-cache");
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (
      !hasWebApp ||
      request.method !== "GET" ||
      pathname.startsWith("/api") ||
      pathname.startsWith("/ws")
    ) {
      return reply.code(404).send({
        status: "error",
        status_code: 404,
        message: "Not found",
        errors: [{ message: `No route for ${request.method} ${pathname}` }],
      });
    }
    const assetPath = pathname.replace(/^\/+/, "");
    if (
      assetPath &&
      !assetPath.startsWith(`${FIRST_PAINT_DIR}/`) &&
      !assetPath.endsWith("/") &&
      existsSync(path.join(distDir, assetPath)) &&
      !assetPath.includes("..")
    ) {
      return reply.sendFile(assetPath);
    }
    if (pathname.startsWith("/assets/")) {
      const name = keepsPrevious ? previousAssetName(pathname) : null;
      if (name && existsSync(path.join(storeDir, name))) return reply.sendFile(name, storeDir);
      return reply.code(404).send({
        status: "error",
        status_code: 404,
        message: "Not found",
        errors: [{ message: `No file ${pathname}` }],
      });
    }
    reply.header("cache-control", "no-cache");
    if (pathname === "/" && hasLanding) {
      // One page per language (lib/landing-locale.ts); caches must key it by what decides it.
      const query = request.url.includes("?")
        ? request.url.slice(request.url.indexOf("?") + 1)
        : "";
      const locale = landingLocale({
        query,
        cookie: request.headers.cookie,
        acceptLanguage: request.headers["accept-language"],
      });
      reply.header("vary", "Accept-Language, Cookie");
      return reply.type("text/html").sendFile(landingFiles[locale]);
    }
    const html = htmlFor(pathname);
    // With a first paint, the page's copy that loads the app once the paint is on screen.
    const paintedCopy = path.join(FIRST_PAINT_DIR, html);
    if (!paint || !request.headers.cookie || !existsSync(path.join(distDir, paintedCopy)))
      return reply.type("text/html").sendFile(html);
    // (Nothing here returns the reply to the promise: a reply is thenable, and would be awaited.)
    void paint(request, pageHtml(paintedCopy)).then((painted) => {
      if (!painted) {
        void reply.type("text/html").sendFile(html);
        return;
      }
      // The reader's own order: for no cache but the reader's, and only with this session.
      reply.header("cache-control", "private, no-store").header("vary", "Cookie");
      sendCompressed(request, reply.type("text/html"), painted);
    });
    return reply;
  });
}

/**
 * Which copy of index.html a path gets: the web build writes, for its most opened pages, copies
 * that also preload the page's own code, and `route-html.json` naming them by path ("/x/*" for
 * every path under /x/). Any other path, or a build without the file, gets index.html.
 */
function routeHtml(distDir: string): (pathname: string) => string {
  const file = path.join(distDir, "route-html.json");
  if (!existsSync(file)) return () => "index.html";
  const exact = new Map<string, string>();
  const prefixes: [string, string][] = [];
  const entries = Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>);
  for (const [pattern, html] of entries) {
    if (typeof html !== "string" || !/^index\.[\w-]+\.html$/.test(html)) continue;
    if (!existsSync(path.join(distDir, html))) continue;
    if (pattern.endsWith("/*")) prefixes.push([pattern.slice(0, -1), html]);
    else exact.set(pattern, html);
  }
  return (pathname) => {
    let end = pathname.length;
    while (end > 1 && pathname.endsWith("/", end)) end -= 1;
    const named = exact.get(pathname.slice(0, end));
    if (named) return named;
    const under = prefixes.find(
      ([prefix]) => pathname.startsWith(prefix) && pathname.length > prefix.length,
    );
    return under?.[1] ?? "index.html";
  };
}
