// The process entry. It binds the port before anything else loads: a connection that comes while
// the app starts (a client reconnecting right after a restart, a readiness probe) waits in the
// port's queue and is answered once the app serves, instead of being refused. Readiness
// (/api/health/ready) answers only then. Everything that need not precede serving (background
// jobs, the place tables, the PDF writer, image decoding) starts or loads after.
import { enableCompileCache } from "node:module";

const startedAt = performance.now();
/** Milliseconds since the process began, per start phase; logged at debug level once ready. */
const phases: Record<string, number> = {};
const mark = (phase: string) => (phases[phase] = Math.round(performance.now() - startedAt));

// Compiled code is kept between starts (in the system's temp directory): later starts parse less.
enableCompileCache();

// The port first (the configuration's validation needs a library that takes a while to load).
const { listenAddress } = await import("./listen-address.js");
const { holdPort } = await import("./lib/held-port.js");
const address = listenAddress(process.env);
const early = address ? await holdPort(address.port, address.host) : undefined;
mark("port bound");
const { loadConfig } = await import("./config.js");
const config = loadConfig();
const port = early ?? (await holdPort(config.PORT, config.HOST));
mark("config");

const { registerResolutionShortcuts } = await import("./lib/module-resolution.js");
registerResolutionShortcuts();
const { buildApp } = await import("./app.js");
const { demoAccountsDecision, ensureDemoAccounts, formatDemoBanner, formatNoDemoNotice } =
  await import("./cli/demo-accounts.js");
mark("modules loaded");
const app = await buildApp(config, { onPhase: mark });
// Plugins finish loading and routes compile here; the ready hooks start the background jobs.
await app.ready();
mark("app ready");

/** How long a shutdown waits for requests under way before closing (of its 10 s). */
const DRAIN_REQUESTS_MS = 5_000;
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
    // Requests under way finish while the port stays open and sockets stay connected; then the
    // port closes and sockets are told to reconnect, moments before the process ends, so their
    // few tries land on the next process rather than on a port nobody answers for seconds.
    await app.drainRequests(DRAIN_REQUESTS_MS);
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
mark("demo accounts");

// The app's server takes over the bound port, then serves the connections that waited.
await app.listen(port.listenOptions);
const waited = port.handOver(app.server);
mark("serving");
app.log.debug({ startup: phases, waitingConnections: waited }, "start phases (ms since start)");

process.stdout.write(
  demoAccounts.length > 0
    ? `${formatDemoBanner(config.PUBLIC_URL, demoAccounts, demo.reason)}\n`
    : `${formatNoDemoNotice(demo.reason)}\n`,
);
