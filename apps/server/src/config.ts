import { BID_WINDOW_HOURS_DEFAULT } from "@fba/contract/constants";
import { isIP } from "node:net";
import { z } from "zod";
import { DEFAULT_HOST, DEFAULT_PORT } from "./listen-address.js";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

/** proxy-addr's names for address ranges, usable in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For hops to believe. `false`/`0`: none (the socket's peer is the client).
 * `true`: proxies on loopback or private addresses. `n`: exactly n proxy hops (only when the
 * instances cannot be reached except through them). A comma-separated list of addresses, CIDRs
 * or proxy-addr range names: hops from those addresses. Never "every hop": the leftmost entries
 * are whatever the client wrote.
 */
const trustProxyFromEnv = z
  .string()
  .optional()
  .transform((value, context): boolean | number | string[] => {
    const text = (value ?? "").trim();
    if (text === "" || text === "false") return false;
    if (text === "true") return true;
    if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
    const entries = text.split(",").map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: "custom",
      message:
        "use false, true (one proxy hop), a hop count, or a comma-separated list of proxy addresses/CIDRs",
    });
    return z.NEVER;
  });

const listedOrigins = (value: string) =>
  value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

/** An http(s) origin as browsers send it in Origin (no path, query or credentials), else null. */
function originOf(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || url.search || url.hash) return null;
  if (url.pathname !== "/") return null;
  return url.origin;
}

/**
 * The origins of CORS_ORIGINS as browsers write them (a trailing slash or upper-case host in the
 * setting still matches); checked at start, so every entry is one.
 */
export function corsOrigins(config: Pick<Config, "CORS_ORIGINS">): string[] {
  return listedOrigins(config.CORS_ORIGINS).flatMap((entry) => originOf(entry) ?? []);
}

const settingsSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  HOST: z.string().min(1).default(DEFAULT_HOST),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional(),
  /**
   * PostgreSQL: apply pending migrations at start (`true`, the default). `false`: a rolling
   * upgrade runs `npm run migrate` once before starting the new release, and a start on a
   * database lacking migrations fails. The embedded database always migrates at start.
   */
  MIGRATE_ON_START: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) => value !== "false" && value !== "0"),
  // Measured under the mixed profile on a 2-core machine: 10 → read p99 48-54 ms, 20 → 36-47,
  // 30 → 28-32, 40 → 32. A connection stays taken while its result waits for the event loop.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(30),
  /** Connections beside that pool for background work: jobs, the event dispatcher, the mail outbox. */
  DATABASE_BACKGROUND_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(4),
  /**
   * Connections beside those for list pages read by named statements, each planned once for all
   * its values (`plan_cache_mode=force_generic_plan`). PostgreSQL has two cores' work for ten.
   */
  DATABASE_LIST_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.string().url().optional(),
  /** How often each instance re-checks the owners of its open sockets against the database. */
  SOCKET_RECHECK_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * The OpenAPI document and the interactive docs under /api/docs: `on` or `off`. Unset: off in
   * production, on in development and test.
   */
  API_DOCS: z.enum(["on", "off"]).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default("FBA Freight <no-reply@fba-freight.local>"),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  /** Defaults to http://localhost:<PORT>. */
  PUBLIC_URL: z.string().url().optional(),
  BID_WINDOW_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(BID_WINDOW_HOURS_DEFAULT),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * What this process does: `web` serves HTTP and sockets, `worker` runs the recurring jobs and
   * delivers domain events (its HTTP port answers only the health checks), `all` both.
   */
  ROLE: z.enum(["all", "web", "worker"]).default("all"),
  /** Origins (scheme://host[:port]) whose pages may call the API and open its sockets. */
  CORS_ORIGINS: z
    .string()
    .default("")
    .superRefine((value, context) => {
      for (const entry of listedOrigins(value)) {
        if (originOf(entry) === null) {
          context.addIssue({
            code: "custom",
            message: `"${entry}" is not an origin: write each as scheme://host[:port] (e.g. https://app.example.com), comma-separated`,
          });
        }
      }
    }),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * The web app's hashed files of earlier releases are kept under DATA_DIR/previous-assets and
   * served for this many days after the last build that had them: tabs opened before a release
   * keep loading their screens. 0 turns it off.
   */
  PREVIOUS_ASSETS_DAYS: z.coerce.number().min(0).max(3650).default(14),
  TRUST_PROXY: trustProxyFromEnv,
  RATE_LIMIT_DISABLED: booleanFromEnv,
  SAMPLE_ADDRESS_TEMPLATE: z
    .string()
    .min(1)
    .default("FBA Freight Samples, Suite {seller_id}, 1200 Harbor Way, Long Beach, CA 90802, USA"),
  SEED_DEMO: booleanFromEnv,
  /** An online geocoder for street-level pickup addresses; the offline city lookup answers when it fails. */
  GEOCODER_URL: z.string().url().optional(),
  GEOCODER_KIND: z.enum(["nominatim", "photon"]).default("nominatim"),
  GEOCODER_KEY: z.string().optional(),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
  /** Shed load (503 + Retry-After) once the event loop lags this long; 0 turns it off. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * Shed load (503 + Retry-After) while more queries than this wait for a pooled PostgreSQL
   * connection: a saturated database then answers at once instead of after seconds. 0 turns it off.
   */
  MAX_DATABASE_QUEUE: z.coerce.number().int().min(0).max(100_000).default(200),
  /** Chat attachments not sent in a message within this many hours are removed with their file. */
  UNSENT_ATTACHMENT_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(6),
  /** Per account: uploaded chat attachments not yet sent may hold at most this many MB. */
  MAX_UNSENT_ATTACHMENT_MB: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /**
   * A list page (shipments) may be served again from memory for this long while no data changed
   * (any write drops every stored page at once): what the clock alone changes, such as a bid
   * window passing, shows at most this late. Pages past half of it are read again in the
   * background while they are served. 0 turns it off.
   */
  LIST_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  /**
   * One agent's scorecard is recomputed at most once per this many ms (it reads their whole
   * history); changes in between are folded into the next refresh. 0: after every change.
   */
  SCORECARD_REFRESH_GAP_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Scorecard refreshes running at once on an instance (each reads one agent's whole history). */
  SCORECARD_REFRESH_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(1),
  /**
   * An Idempotency-Key's unfinished claim older than this belongs to a request whose process died
   * before answering; a retry may then take it over. Keep it longer than any write takes (the
   * statement timeout is 15 s).
   */
  IDEMPOTENCY_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /** The most memory the stored list pages may take together. */
  LIST_CACHE_MB: z.coerce.number().int().min(1).max(100_000).default(64),
  /**
   * Per account: what its stored files (order documents and proofs of delivery, chat and sample
   * attachments, its avatar) may take together; beyond it uploads get 413. 0 turns it off (use
   * is still counted).
   */
  STORAGE_QUOTA_MB: z.coerce.number().int().min(0).max(100_000_000).default(2048),
  /**
   * Per account and 10 minutes, shared by every upload route (and by all instances through Redis
   * when REDIS_URL is set): bounds how fast one account can write files; beyond it 429.
   */
  UPLOADS_PER_10_MIN: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Uploads are refused (507) once the upload folder's disk has less free space; 0 turns it off. */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).max(100_000_000).default(512),
  /**
   * Per account and hour (shared by all instances through Redis when REDIS_URL is set): each of
   * these notifies many users, so one account must not be able to send them in a loop.
   */
  ANNOUNCEMENTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  /** Announcements from one client address per hour, across all its accounts (admins aside). */
  ANNOUNCEMENTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Announcements from non-admins per hour on the whole platform; past it they get 429 and every
   * admin is told (once an hour at most).
   */
  ANNOUNCEMENTS_PLATFORM_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  SAMPLE_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  BOOKINGS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Wrong password-recovery codes one client address may send per hour, across every account
   * (429 + Retry-After beyond it): a spray of one guess at many accounts stops here.
   */
  RECOVERY_WRONG_CODES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * A connection that sends nothing for this long in the middle of a request is closed (a stalled
   * body). Slow lines keep sending, so they are not cut. WebSockets are not affected.
   */
  REQUEST_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /**
   * The longest a whole request (headers and body) may take to arrive, answered with 408: 5 min
   * carries a 25 MB attachment at about 0.7 Mbit/s, and ends bodies trickled a byte at a time.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  /**
   * Uploaded files go to this S3-compatible bucket instead of DATA_DIR/uploads, so several
   * instances need no shared disk. All five S3_* settings below are needed together.
   */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().optional(),
  /** Bucket in the path (endpoint/bucket/key) rather than the host name: MinIO and most self-hosted servers. */
  S3_FORCE_PATH_STYLE: booleanFromEnv,
});

const S3_SETTINGS = [
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_REGION",
] as const;

/** S3 storage is all or nothing: half a configuration would silently keep files on one disk. */
const configSchema = settingsSchema.superRefine((config, context) => {
  // The embedded database lives in one process: web and worker apart need PostgreSQL.
  if (config.ROLE !== "all" && !config.DATABASE_URL) {
    context.addIssue({
      code: "custom",
      path: ["ROLE"],
      message:
        "ROLE=web or ROLE=worker needs DATABASE_URL (the embedded database runs in one process: use ROLE=all)",
    });
  }
  const missing = S3_SETTINGS.filter((name) => config[name] === undefined);
  if (missing.length === 0 || missing.length === S3_SETTINGS.length) return;
  for (const name of missing) {
    context.addIssue({
      code: "custom",
      path: [name],
      message: `S3 storage needs all of ${S3_SETTINGS.join(", ")}; this one is missing`,
    });
  }
});

export type Config = Omit<z.infer<typeof configSchema>, "API_DOCS"> & {
  PUBLIC_URL: string;
  API_DOCS: "on" | "off";
};

/** Reads the environment once. A bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return {
    ...result.data,
    PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`,
    API_DOCS: result.data.API_DOCS ?? (result.data.NODE_ENV === "production" ? "off" : "on"),
  };
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

/** The bucket uploaded files go to, or null for the local disk (config checks all-or-nothing). */
export function s3Settings(config: Config): S3Settings | null {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = config;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY || !S3_REGION) {
    return null;
  }
  return {
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    region: S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** The proxies `TRUST_PROXY=true` believes: loopback and private-network peers. */
const PRIVATE_PROXY_RANGES = ["loopback", "linklocal", "uniquelocal"];

export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * Fastify's trustProxy for the TRUST_PROXY setting. `true` trusts a peer on a loopback or private
 * address (the shipped nginx on the same host or network), never every hop; a hop count trusts
 * exactly that many hops, whoever the peer is.
 */
export function trustProxyOption(value: Config["TRUST_PROXY"]): TrustProxy {
  if (value === true) return PRIVATE_PROXY_RANGES;
  if (value === false || value === 0) return false;
  if (typeof value === "number") {
    const hops = value;
    return (_address, hop) => hop < hops;
  }
  return value;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Tests share two cores with in-process PGlite, whose queries block the loop: no load shedding.
  return {
    ...loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      MAX_EVENT_LOOP_DELAY_MS: "0",
      // Tests read a card right after the change that moves it (the gap has its own tests).
      SCORECARD_REFRESH_GAP_MS: "0",
    }),
    ...overrides,
  };
}
