// SIGTERM while writes are in flight: the server stops accepting, answers every request it had
// already accepted, and exits 0.
import { rmSync } from "node:fs";
import {
  api,
  countReferencesPglite,
  freePort,
  loginDemoSeller,
  result,
  serverEnv,
  shipmentBody,
  sleep,
  startServer,
  tempDir,
} from "./lib.mjs";

const IN_FLIGHT = 20;

export async function run() {
  const dataDir = tempDir("sigterm");
  const env = serverEnv({ PORT: String(await freePort()), DATA_DIR: dataDir });
  const server = await startServer(env);
  const token = await loginDemoSeller(server.base);
  const prefix = `REL T${process.pid % 1000}`;

  const single = await api(server.base, "POST", "/api/shipments/", {
    token,
    body: shipmentBody(`${prefix} warm`),
  });
  // A burst of writes; SIGTERM lands while they are being processed.
  const requests = Array.from({ length: IN_FLIGHT }, (_, i) =>
    api(server.base, "POST", "/api/shipments/", {
      token,
      body: shipmentBody(`${prefix} N${i}`),
      timeoutMs: 60_000,
    }).catch((error) => ({ status: 0, error: String(error?.cause?.code ?? error) })),
  );
  await sleep(50);
  const signalledAt = Date.now();
  server.child.kill("SIGTERM");
  await sleep(100);
  // A new connection after the signal must be refused or answered, never hang.
  const late = await api(server.base, "GET", "/api/health", { timeoutMs: 5_000 }).catch(
    (error) => ({ status: 0, error: String(error?.cause?.code ?? error) }),
  );
  const responses = await Promise.all(requests);
  const { code, signal } = await server.exited;
  const exitMs = Date.now() - signalledAt;

  const created = responses.filter((res) => res.status === 201).length;
  const refusedAtDoor = responses.filter((res) => res.status === 0).length;
  // 503 is Fastify's answer to a request that arrives on a kept-alive connection after close began.
  const closing503 = responses.filter((res) => res.status === 503).length;
  const errors5xx = responses.filter((res) => res.status >= 500 && res.status !== 503).length;
  const counts = await countReferencesPglite(dataDir, prefix);
  rmSync(dataDir, { recursive: true, force: true });
  const stored = [...counts.entries()].filter(([ref]) => !ref.endsWith("warm")).length;
  // Every acknowledged write is stored; nothing the server accepted was cut off with a 5xx.
  const ok = code === 0 && signal === null && errors5xx === 0 && stored >= created && created > 0;
  return result(
    "SIGTERM drain",
    ok,
    `one write alone ${Math.round(single.ms)} ms; exit code ${code}${signal ? ` (${signal})` : ""} after ${exitMs} ms, ${created}/${IN_FLIGHT} in-flight writes answered 201, ` +
      `${refusedAtDoor} refused before acceptance, ${closing503} answered 503 while closing, ${errors5xx} other 5xx, ${stored} stored, ` +
      `new request after signal: ${late.status === 0 ? `refused (${late.error})` : late.status}`,
  );
}
