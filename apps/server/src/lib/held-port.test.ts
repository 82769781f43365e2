import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { holdPort, LISTEN_BACKLOG } from "./held-port.js";

// Node's own default backlog, which a port taken over by a second server fell back to.
const NODE_DEFAULT_BACKLOG = 511;
const CONNECTIONS = 800;

/**
 * In another process: opens `CONNECTIONS` connections to the port at once and, 1.5 s later,
 * writes how many the kernel completed to `file`. Connections past a full queue of waiting
 * connections are not completed: the kernel drops their handshake and the client retries later.
 */
const client = `
const net = require("node:net");
const { renameSync, writeFileSync } = require("node:fs");
const [port, count, file] = process.argv.slice(1);
let connected = 0;
const sockets = [];
for (let i = 0; i < Number(count); i += 1) {
  const socket = net.connect(Number(port), "127.0.0.1", () => (connected += 1));
  socket.on("error", () => undefined);
  sockets.push(socket);
}
setTimeout(() => {
  writeFileSync(file + ".part", String(connected));
  renameSync(file + ".part", file);
  for (const socket of sockets) socket.destroy();
}, 1500);
`;

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup.splice(0)) step();
});

describe("holdPort", () => {
  it("keeps its queue of waiting connections once the app's server takes the port over", async () => {
    const port = await holdPort(0, "127.0.0.1");
    const server = http.createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => server.listen(port.listenOptions, resolve));
    port.handOver(server);
    cleanup.push(() => server.close());
    const dir = mkdtempSync(path.join(tmpdir(), "held-port-"));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "connected");

    const child = spawn(
      process.execPath,
      ["-e", client, String(port.listenOptions.port), String(CONNECTIONS), file],
      { stdio: "ignore" },
    );
    cleanup.push(() => child.kill());
    // This process accepts nothing meanwhile, as a server whose event loop is busy when a
    // thousand clients reconnect after a restart: only the kernel's queue holds them.
    const deadline = Date.now() + 20_000;
    while (!existsSync(file) && Date.now() < deadline) {
      // busy: no accept runs
    }
    const connected = Number(readFileSync(file, "utf8"));

    expect(LISTEN_BACKLOG).toBeGreaterThan(CONNECTIONS);
    expect(CONNECTIONS).toBeGreaterThan(NODE_DEFAULT_BACKLOG + 1);
    expect(connected).toBe(CONNECTIONS);
  }, 30_000);
});
