// Starts the built server on a fresh embedded database for the browser tests.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [port, smtpPort] = process.argv.slice(2);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "fba-e2e-"));
const child = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    REDIS_URL: "",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    BID_WINDOW_HOURS: process.env.E2E_BID_WINDOW_HOURS ?? "0.01",
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    // Every spec signs up and logs in from 127.0.0.1 against this one server; the limits are
    // covered by the server's integration tests.
    RATE_LIMIT_DISABLED: "true",
  },
});
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
