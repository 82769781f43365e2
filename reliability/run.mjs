// Fault scenarios against the built server (npm run build first). One result line per scenario;
// exits non-zero when any fails. Loopback only; every scenario is bounded.
import { existsSync } from "node:fs";
import { serverMain } from "./lib.mjs";

if (!existsSync(serverMain)) {
  process.stderr.write(`missing ${serverMain}: run npm run build first\n`);
  process.exit(2);
}

// [name, module, options passed to its run()]
const scenarios = [
  ["kill-during-writes", () => import("./kill-during-writes.mjs")],
  [
    "kill-during-writes-postgres",
    () => import("./kill-during-writes.mjs"),
    { database: "postgres" },
  ],
  ["kill-during-upload", () => import("./kill-during-upload.mjs")],
  ["kill-during-notifications", () => import("./kill-during-notifications.mjs")],
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
  ["sigterm-drain", () => import("./sigterm-drain.mjs")],
  ["postgres-restart", () => import("./postgres-restart.mjs")],
  ["redis-outage-chat", () => import("./redis-outage-chat.mjs")],
  ["redis-outage-disable", () => import("./redis-outage-disable.mjs")],
  ["restart-with-sockets", () => import("./restart-with-sockets.mjs")],
];
const only = process.argv.slice(2);
const overall = setTimeout(() => {
  process.stderr.write("reliability run exceeded 12 minutes\n");
  process.exit(1);
}, 12 * 60_000);
overall.unref();

let failed = 0;
for (const [name, load, options] of scenarios) {
  if (only.length > 0 && !only.includes(name)) continue;
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
clearTimeout(overall);
process.exit(failed === 0 ? 0 : 1);
