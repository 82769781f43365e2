// kill -9 the server during concurrent writes sent with Idempotency-Key; restart; every client
// retries its unanswered write with the same key. Afterwards every acknowledged write is in the
// database exactly once and no write was applied twice. Runs on the embedded PGlite (default) or
// on a fresh PostgreSQL database ({ database: "postgres" }), dropped at the end.
import { rmSync } from "node:fs";
import {
  api,
  countReferencesPglite,
  countReferencesPostgres,
  createDatabase,
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

const WRITERS = 8;
const WRITES_PER_WRITER = 12;

const targets = {
  pglite: {
    name: "kill -9 during idempotent writes",
    open: async (dataDir) => ({
      env: {},
      count: (prefix) => countReferencesPglite(dataDir, prefix),
      drop: async () => undefined,
    }),
  },
  postgres: {
    name: "kill -9 during idempotent writes (PostgreSQL)",
    open: async () => {
      const database = await createDatabase("rel_kill");
      return {
        env: { DATABASE_URL: database.url },
        count: (prefix) => countReferencesPostgres(database.url, prefix),
        drop: database.drop,
      };
    },
  },
};

export async function run({ database = "pglite" } = {}) {
  const target = targets[database];
  const dataDir = tempDir("kill");
  const store = await target.open(dataDir);
  const env = serverEnv({
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    // Claims the kill left unfinished are taken over after 5 s, not the default 30 s: a write
    // here takes well under a second, so no live request's claim is ever taken.
    IDEMPOTENCY_LEASE_MS: "5000",
    ...store.env,
  });
  let server;
  try {
    server = await startServer(env);
    const token = await loginDemoSeller(server.base);
    const prefix = `REL ${process.pid % 1000}`;
    const acknowledged = new Set();
    let retries = 0;
    let replays = 0;
    let conflicts = 0;
    let appliedWithoutAnswer = 0;

    async function writeOnce(reference, key) {
      // Retry the same key until the server answers the write; bounded by the scenario deadline.
      const deadline = Date.now() + 300_000;
      for (let attempt = 0; Date.now() < deadline; attempt += 1) {
        if (attempt > 0) retries += 1;
        try {
          const res = await api(server.base, "POST", "/api/shipments/", {
            token,
            body: shipmentBody(reference),
            headers: { "idempotency-key": key },
          });
          if (res.status === 201) {
            if (res.headers.get("idempotent-replayed") === "true") replays += 1;
            acknowledged.add(reference);
            return;
          }
          if (res.status === 409 && res.json?.message?.includes("already applied")) {
            // Committed before the kill, answer lost: the server refuses to run it again.
            appliedWithoutAnswer += 1;
            acknowledged.add(reference);
            return;
          }
          if (res.status === 409) conflicts += 1;
          else if (res.status < 500) throw new Error(`write refused: ${res.status}`);
        } catch (error) {
          if (error instanceof Error && error.message.startsWith("write refused")) throw error;
        }
        await sleep(250);
      }
      throw new Error(`write ${reference} never answered`);
    }

    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      for (let i = 0; i < WRITES_PER_WRITER; i += 1) {
        const reference = `${prefix} W${writer} N${i}`;
        await writeOnce(reference, `rel-${writer}-${i}`);
      }
    });

    // Let a third of the writes land, then kill without warning (the rest are in flight or not
    // sent yet) and start again on the same data.
    const expected = WRITERS * WRITES_PER_WRITER;
    const killDeadline = Date.now() + 60_000;
    while (acknowledged.size < expected / 3 && Date.now() < killDeadline) await sleep(10);
    const ackedBeforeKill = acknowledged.size;
    server.child.kill("SIGKILL");
    await server.exited;
    const killedAt = Date.now();
    server = await startServer(env);
    const restartMs = Date.now() - killedAt;
    await Promise.all(writers);
    await stopServer(server);

    const counts = await store.count(prefix);
    const missing = [...acknowledged].filter((reference) => (counts.get(reference) ?? 0) !== 1);
    const doubled = [...counts.values()].filter((n) => n > 1).length;
    const ok =
      ackedBeforeKill < expected &&
      acknowledged.size === expected &&
      missing.length === 0 &&
      doubled === 0;
    return result(
      target.name,
      ok,
      `${acknowledged.size}/${expected} acknowledged (${ackedBeforeKill} before the kill), ` +
        `${missing.length} missing, ${doubled} applied twice, ${retries} retries, ` +
        `${replays} replayed, ${appliedWithoutAnswer} applied before the kill without an answer, ${conflicts} in-flight 409s, restart ${restartMs} ms`,
    );
  } finally {
    if (server) await stopServer(server, "SIGKILL");
    await store.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
