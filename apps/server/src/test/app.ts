import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp, type BuildOptions } from "../app.js";
import { testConfig, type Config } from "../config.js";
import type { Services } from "../container.js";
import { openDatabase, type Database } from "../db/client.js";
import { capturedLogStream } from "./log-capture.js";

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Closes the app and drops the database it used. */
  close(): Promise<void>;
}

/** A fresh database: PostgreSQL (a new database per call) when TEST_DATABASE_URL is set, else PGlite in memory. */
export async function openTestDatabase(options: { idleTimeoutMs?: number } = {}): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const templatePath = process.env.PGLITE_TEMPLATE;
    const template = templatePath ? new Blob([readFileSync(templatePath)]) : undefined;
    const database = await openDatabase({ dataDir: ":memory:", template });
    return { database, drop: async () => database.close() };
  }
  const name = `fba_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the migrated template global-setup made (a start on it has nothing to migrate).
  const template = process.env.TEST_DATABASE_TEMPLATE;
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5, ...options });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const builtServices = new WeakMap<FastifyInstance, Services>();

/** The services a test app was built with, for tests that call a use case directly. */
export function servicesOf(app: FastifyInstance): Services {
  const services = builtServices.get(app);
  if (!services) throw new Error("not an app built by buildTestApp");
  return services;
}

/** Builds the real app on a fresh database, the same way main.ts does. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: Pick<BuildOptions, "gatewayLimits" | "now"> = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fba-test-"));
  const { database, drop } = await openTestDatabase();
  const config = testConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString("hex"),
    REDIS_URL: undefined,
    // Error-level lines go to the capture that fails a test logging an error it did not expect.
    LOG_LEVEL: "error",
    ...overrides,
  });
  let services: Services | undefined;
  const app = await buildApp(config, {
    ...options,
    database,
    logStream: capturedLogStream,
    onServices: (built) => (services = built),
  });
  if (services) builtServices.set(app, services);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
