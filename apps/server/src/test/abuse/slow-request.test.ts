import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { loadConfig } from "../../config.js";
import { buildTestApp, type TestContext } from "../app.js";
import { TestSocket } from "../realtime-factories.js";

// Short limits so the test does not wait for the production ones (30 s idle, 5 min in all). The
// server and the trickling client share this process: the idle limit leaves room for the process
// to stall for most of a second on a busy machine without a trickled body looking idle.
const IDLE_MS = 1000;
const TOTAL_MS = 2500;

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await buildTestApp({ REQUEST_IDLE_TIMEOUT_MS: IDLE_MS, REQUEST_TIMEOUT_MS: TOTAL_MS });
  const address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = Number(new URL(address).port);
});
afterAll(async () => ctx.close());

/** Opens a raw connection and starts a sign-up whose body promises more than it sends. */
async function startSlowBody(): Promise<{
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}> {
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(
    "POST /api/auth/register/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
  );
  return { socket, received: () => received, closed };
}

describe("request bodies that never finish", () => {
  it("has production defaults: 30 s without a byte, 5 minutes for a whole request", () => {
    const config = loadConfig({});
    expect(config.REQUEST_IDLE_TIMEOUT_MS).toBe(30_000);
    expect(config.REQUEST_TIMEOUT_MS).toBe(300_000);
  });

  it("closes a connection whose body stalls", { timeout: 10_000 }, async () => {
    const slow = await startSlowBody();
    await slow.closed;
    expect(slow.socket.destroyed).toBe(true);
    expect(slow.received()).not.toContain("HTTP/1.1 201");
  });

  it(
    "closes a body trickled a byte at a time once the whole request takes too long",
    {
      timeout: 10_000,
    },
    async () => {
      const slow = await startSlowBody();
      const trickle = setInterval(() => {
        if (!slow.socket.destroyed) slow.socket.write(" ");
      }, IDLE_MS / 10);
      try {
        await slow.closed;
      } finally {
        clearInterval(trickle);
        slow.socket.destroy();
      }
      expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    },
  );

  it("leaves quiet WebSockets open", async () => {
    const socket = await TestSocket.connect(`http://127.0.0.1:${port}`, "/ws/announcement/");
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    // The point of the test is that nothing closes it: wait past both limits (half an idle
    // period beyond the later one); the server's own timers are due first and fire first.
    await new Promise((resolve) => setTimeout(resolve, TOTAL_MS + IDLE_MS / 2));
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    const pong = new Promise<boolean>((resolve) => socket.ws.once("pong", () => resolve(true)));
    socket.ws.ping();
    expect(await pong).toBe(true);
    socket.close();
  });
});
