// Starts the built server on a fresh embedded database for the browser tests.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [port, smtpPort, clientPort] = process.argv.slice(2);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "fba-e2e-"));
// The journeys run against a copy of the built web app, so a rebuild of apps/web during the run
// (which empties apps/web/dist first) cannot take pages or lazy chunks away from them.
const webDist = path.join(dataDir, "web");
// E2E_WEB_DIST serves another build of the web app (e.g. one built with `vite build --outDir`).
cpSync(process.env.E2E_WEB_DIST ?? path.join(root, "apps/web/dist"), webDist, { recursive: true });
if (!existsSync(path.join(webDist, "index.html"))) {
  console.error("apps/web/dist has no index.html: run `npm run build` first");
  process.exit(1);
}
// E2E_SERVER_DIST runs another build of the server, copied beside apps/server/dist (e.g.
// apps/server/dist-copy) so its paths to the migrations and reference data still resolve.
const serverDist = process.env.E2E_SERVER_DIST ?? path.join(root, "apps/server/dist");
const child = spawn(process.execPath, [path.join(serverDist, "main.js")], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    DATABASE_URL: "",
    REDIS_URL: "",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The page of the cross-origin journey (tests/cross-origin-client.spec.ts) calls from here.
    CORS_ORIGINS: clientPort ? `http://127.0.0.1:${clientPort}` : "",
    BID_WINDOW_HOURS: process.env.E2E_BID_WINDOW_HOURS ?? "0.01",
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    // Every spec signs up and logs in from 127.0.0.1 against this one server; the limits are
    // covered by the server's integration tests.
    RATE_LIMIT_DISABLED: "true",
    // Two browsers, the test runner and this server with its embedded database share the
    // machine's cores: the setting docs/DEPLOYMENT.md gives for a machine busy with other work,
    // so a short stall of the shared cores is not turned into refusals.
    MAX_EVENT_LOOP_DELAY_MS: "2500",
  },
});
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
