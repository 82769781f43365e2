import { buildApp } from "./app.js";
import {
  demoAccountsDecision,
  ensureDemoAccounts,
  formatDemoBanner,
  formatNoDemoNotice,
} from "./cli/demo-accounts.js";
import { loadConfig } from "./config.js";

const config = loadConfig();
const app = await buildApp(config);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  const timer = setTimeout(() => {
    app.log.error("forced exit after 10 s");
    process.exit(1);
  }, 10_000);
  timer.unref();
  // Node closes idle keep-alive connections only once, when close starts; one whose in-flight
  // request finishes later would hold the close open until its keep-alive timeout.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
  sweep.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "error during shutdown");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

// Known sign-ins make a fresh local install usable at once; a shared database gets them only on
// request (SEED_DEMO=true).
const demo = demoAccountsDecision(config);
const demoAccounts = demo.create ? await ensureDemoAccounts(app.database.db) : [];

await app.listen({ port: config.PORT, host: config.HOST });

process.stdout.write(
  demoAccounts.length > 0
    ? `${formatDemoBanner(config.PUBLIC_URL, demoAccounts, demo.reason)}\n`
    : `${formatNoDemoNotice(demo.reason)}\n`,
);
