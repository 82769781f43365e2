// PostgreSQL restarted under load, on a throwaway cluster of our own: while it is down requests
// fail fast with 503 + Retry-After and readiness is false; once it is back the same server
// process serves again, and every acknowledged write is there.
import { execFileSync } from "node:child_process";
import { chmodSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import {
  api,
  freePort,
  loginDemoSeller,
  result,
  serverEnv,
  shipmentBody,
  sleep,
  startServer,
  stopServer,
  tempDir,
} from "./lib.mjs";

const BIN = "/usr/lib/postgresql/15/bin";
const OUTAGE_MS = 6_000;

function asPostgres(args) {
  return execFileSync("runuser", ["-u", "postgres", "--", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 120_000,
  }).toString();
}

function cluster(dir, port) {
  const data = path.join(dir, "data");
  const ctl = (action, extra = []) =>
    asPostgres([
      `${BIN}/pg_ctl`,
      "-D",
      data,
      "-l",
      path.join(dir, "postgres.log"),
      "-w",
      "-t",
      "60",
      ...extra,
      action,
    ]);
  return {
    init: () =>
      asPostgres([`${BIN}/initdb`, "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8"]),
    start: () =>
      ctl("start", ["-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`]),
    stop: () => ctl("stop", ["-m", "fast"]),
  };
}

function describeStatuses(statuses) {
  const entries = Object.entries(statuses);
  return entries.length === 0
    ? ""
    : `: ${entries.map(([status, n]) => `${n} × ${status === "0" ? "no answer" : status}`).join(", ")}`;
}

export async function run() {
  const dir = tempDir("pg");
  chmodSync(dir, 0o777);
  execFileSync("chown", ["postgres", dir]);
  const pgPort = await freePort();
  const pgCluster = cluster(dir, pgPort);
  pgCluster.init();
  pgCluster.start();
  const url = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  const env = serverEnv({
    PORT: String(await freePort()),
    DATA_DIR: tempDir("pg-data"),
    DATABASE_URL: url,
  });
  let server;
  try {
    server = await startServer(env);
    const token = await loginDemoSeller(server.base);
    const prefix = `REL P${process.pid % 1000}`;
    const acknowledged = new Set();
    const outage = {
      requests: 0,
      fast503: 0,
      withRetryAfter: 0,
      other: 0,
      otherStatuses: {},
      maxMs: 0,
    };
    const phase = { value: "before" };
    let recoveredAfterMs = -1;
    let afterOk = 0;
    let afterFail = 0;
    let sequence = 0;

    let running = true;
    const workers = Array.from({ length: 6 }, async () => {
      while (running) {
        const n = (sequence += 1);
        const current = phase.value;
        const res = await api(server.base, "POST", "/api/shipments/", {
          token,
          body: shipmentBody(`${prefix} N${n}`),
          timeoutMs: 20_000,
        }).catch(() => ({ status: 0, ms: 20_000, headers: new Headers() }));
        if (res.status === 201) acknowledged.add(`${prefix} N${n}`);
        // pg_ctl runs synchronously, so a request taken as "down" may be written to the socket only
        // once PostgreSQL is up again; an outage answer is one received while it was still down.
        if (current === "down" && phase.value === "down") {
          outage.requests += 1;
          outage.maxMs = Math.max(outage.maxMs, res.ms);
          if (res.status === 503) {
            outage.fast503 += 1;
            if (res.headers.get("retry-after")) outage.withRetryAfter += 1;
          } else {
            outage.other += 1;
            outage.otherStatuses[res.status] = (outage.otherStatuses[res.status] ?? 0) + 1;
          }
        } else if (current === "after") {
          if (res.status === 201) afterOk += 1;
          else afterFail += 1;
        }
        await sleep(current === "down" ? 100 : 20);
      }
    });

    await sleep(2_000);
    pgCluster.stop();
    phase.value = "down";
    await sleep(500);
    const readyDown = await api(server.base, "GET", "/api/health/ready");
    await sleep(OUTAGE_MS);
    pgCluster.start();
    const restartedAt = Date.now();
    phase.value = "recovering";
    for (let i = 0; i < 120; i += 1) {
      const ready = await api(server.base, "GET", "/api/health/ready").catch(() => ({ status: 0 }));
      if (ready.status === 200) {
        recoveredAfterMs = Date.now() - restartedAt;
        break;
      }
      await sleep(250);
    }
    phase.value = "after";
    await sleep(3_000);
    running = false;
    await Promise.all(workers);
    await stopServer(server);
    server = undefined;

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query(
      "select freight_booking_reference_number as ref, count(*)::int as n from shipments where freight_booking_reference_number like $1 group by 1",
      [`${prefix}%`],
    );
    await client.end();
    const counts = new Map(rows.map((row) => [row.ref, row.n]));
    const missing = [...acknowledged].filter((ref) => !counts.has(ref)).length;

    const ok =
      readyDown.status === 503 &&
      outage.requests > 0 &&
      outage.other === 0 &&
      outage.withRetryAfter === outage.fast503 &&
      outage.maxMs < 6_000 &&
      recoveredAfterMs >= 0 &&
      afterOk > 0 &&
      afterFail === 0 &&
      missing === 0;
    return result(
      "PostgreSQL restart under load",
      ok,
      `readiness while down ${readyDown.status}; outage: ${outage.fast503}/${outage.requests} answered 503 ` +
        `(${outage.withRetryAfter} with Retry-After, ${outage.other} other${describeStatuses(outage.otherStatuses)}), slowest ${Math.round(outage.maxMs)} ms; ` +
        `ready again ${recoveredAfterMs} ms after PostgreSQL started, no server restart; ` +
        `after: ${afterOk} writes ok, ${afterFail} failed; ${acknowledged.size} acknowledged, ${missing} missing`,
    );
  } catch (error) {
    const exited = server?.child.exitCode !== null || server?.child.signalCode !== null;
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}` +
        (server && exited ? `; server exited: ${server.stderr().slice(-1500)}` : ""),
    );
  } finally {
    if (server) await stopServer(server, "SIGKILL");
    try {
      pgCluster.stop();
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}
