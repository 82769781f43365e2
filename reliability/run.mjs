// Fault scenarios against the built server (npm run build first). One result line per scenario;
// exits non-zero when any fails. Loopback only; every scenario is bounded.
import { existsSync } from "node:fs";
import { serverMain } from "./lib.mjs";

if (!existsSync(serverMain)) {
  process.stderr.write(`missing ${serverMain}: run npm run build first\n`);
  process.exit(2);
}

// [name, module, options passed to its run()], the longest first: the lanes below take them in
// this order.
const scenarios = [
  [
    "kill-during-notifications-pglite",
    () => import("./kill-during-notifications.mjs"),
    { database: "pglite" },
  ],
  [
    "kill-during-notifications-worker",
    () => import("./kill-during-notifications.mjs"),
    { split: true },
  ],
  ["kill-during-notifications", () => import("./kill-during-notifications.mjs")],
  ["restart-with-sockets", () => import("./restart-with-sockets.mjs")],
  ["kill-during-upload", () => import("./kill-during-upload.mjs")],
  ["postgres-restart", () => import("./postgres-restart.mjs")],
  ["kill-during-writes", () => import("./kill-during-writes.mjs")],
  [
    "kill-during-writes-postgres",
    () => import("./kill-during-writes.mjs"),
    { database: "postgres" },
  ],
  ["redis-outage-disable", () => import("./redis-outage-disable.mjs")],
  ["sigterm-drain", () => import("./sigterm-drain.mjs")],
  ["redis-outage-chat", () => import("./redis-outage-chat.mjs")],
];
const only = process.argv.slice(2);
const overall = setTimeout(() => {
  process.stderr.write("reliability run exceeded 12 minutes\n");
  process.exit(1);
}, 12 * 60_000);
overall.unref();

/**
 * Scenarios run two at a time (RELIABILITY_LANES=1 runs them one by one): each has its own
 * servers, ports, databases, data directories and, where it stops one, its own PostgreSQL cluster
 * or Redis, and much of a scenario is waiting (for restarts, drains, re-checks).
 */
const lanes = Number(process.env.RELIABILITY_LANES ?? 2);
if (!Number.isInteger(lanes) || lanes < 1) {
  process.stderr.write(`RELIABILITY_LANES must be a whole number of at least 1\n`);
  process.exit(2);
}
/**
 * Scenarios that bound how long the server takes to answer while it is saturated (the restart
 * under 1,000 sockets: every 503 within 5 s) run first, by themselves: beside another scenario's
 * load they measure that one's too (beside a SIGKILL-under-load scenario, 14 of 1,400 503s once
 * took 5.2 s).
 */
const alone = new Set(["restart-with-sockets"]);
const chosen = scenarios.filter(([name]) => only.length === 0 || only.includes(name));
let failed = 0;
/** Runs the scenarios, `count` at a time, in their order. */
const runAll = async (queue, count) => {
  const lane = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const [name, load, options] = next;
      try {
        const { run } = await load();
        if (!(await run(options))) failed += 1;
      } catch (error) {
        failed += 1;
        process.stdout.write(
          `FAIL ${name}: ${error instanceof Error ? error.message : String(error)}\n`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: count }, lane));
};
await runAll(
  chosen.filter(([name]) => alone.has(name)),
  1,
);
await runAll(
  chosen.filter(([name]) => !alone.has(name)),
  lanes,
);
clearTimeout(overall);
process.exit(failed === 0 ? 0 : 1);
