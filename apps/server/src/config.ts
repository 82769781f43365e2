import { z } from "zod";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default("FBA Freight <no-reply@fba-freight.local>"),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  /** Defaults to http://localhost:<PORT>. */
  PUBLIC_URL: z.string().url().optional(),
  BID_WINDOW_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(72),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CORS_ORIGINS: z.string().default(""),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: booleanFromEnv,
  RATE_LIMIT_DISABLED: booleanFromEnv,
  SAMPLE_ADDRESS_TEMPLATE: z
    .string()
    .min(1)
    .default("FBA Freight Samples, Suite {seller_id}, 1200 Harbor Way, Long Beach, CA 90802, USA"),
  SEED_DEMO: booleanFromEnv,
  /** Shed load (503 + Retry-After) once the event loop lags this long; 0 turns it off. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * Shed load (503 + Retry-After) while more queries than this wait for a pooled PostgreSQL
   * connection: a saturated database then answers at once instead of after seconds. 0 turns it off.
   */
  MAX_DATABASE_QUEUE: z.coerce.number().int().min(0).max(100_000).default(200),
});

export type Config = z.infer<typeof configSchema> & { PUBLIC_URL: string };

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
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Tests share two cores with in-process PGlite, whose queries block the loop: no load shedding.
  return {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", MAX_EVENT_LOOP_DELAY_MS: "0" }),
    ...overrides,
  };
}
