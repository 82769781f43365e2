import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { buildTestApp, type TestContext } from "../test/app.js";
import { createSeller, createShipper, type TestUser } from "../test/factories.js";
import { insertShipment } from "../test/realtime-factories.js";
import type { Connection } from "./connection.js";
import { ConnectionRegistry, HEARTBEAT_SLICES } from "./connections.js";
import { RealtimeHub } from "./hub.js";
import { defaultGatewayLimits } from "./gateway.js";

const silent = { warn: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

/** A connection as the registry sees it, counting its pings and whether it was ended. */
function fakeConnection() {
  const counts = { pings: 0, terminated: false };
  const connection = {
    alive: true,
    heartbeatSlice: 0,
    userId: null,
    admission: { rooms: [], user: null, sessionId: null },
    socket: {
      ping: () => (counts.pings += 1),
      terminate: () => (counts.terminated = true),
    },
  };
  return { connection: connection as unknown as Connection, counts };
}

describe("the heartbeat", () => {
  it("pings each socket once per period, one slice per tick, and ends those that never answered", () => {
    const registry = new ConnectionRegistry(new RealtimeHub(silent), defaultGatewayLimits);
    const fakes = Array.from({ length: 35 }, fakeConnection);
    for (const fake of fakes) registry.add(fake.connection, null);

    // One tick reaches one slice only: at most a tenth of the sockets (rounded up).
    registry.sweep();
    const pingedOnce = fakes.filter((fake) => fake.counts.pings === 1).length;
    expect(pingedOnce).toBe(Math.ceil(35 / HEARTBEAT_SLICES));

    for (let tick = 1; tick < HEARTBEAT_SLICES; tick++) registry.sweep();
    expect(fakes.map((fake) => fake.counts.pings)).toEqual(fakes.map(() => 1));
    expect(fakes.some((fake) => fake.counts.terminated)).toBe(false);

    // The first half answered their ping; the others stayed quiet for a whole period.
    fakes.slice(0, 17).forEach((fake) => (fake.connection.alive = true));
    for (let tick = 0; tick < HEARTBEAT_SLICES; tick++) registry.sweep();
    expect(fakes.slice(0, 17).every((fake) => !fake.counts.terminated)).toBe(true);
    expect(fakes.slice(0, 17).every((fake) => fake.counts.pings === 2)).toBe(true);
    expect(fakes.slice(17).every((fake) => fake.counts.terminated)).toBe(true);
    expect(fakes.slice(17).every((fake) => fake.counts.pings === 1)).toBe(true);
  });

  it("forgets a closed socket", () => {
    const registry = new ConnectionRegistry(new RealtimeHub(silent), defaultGatewayLimits);
    const { connection, counts } = fakeConnection();
    registry.add(connection, null);
    registry.remove(connection, null);
    for (let tick = 0; tick < 2 * HEARTBEAT_SLICES; tick++) registry.sweep();
    expect(counts.pings).toBe(0);
  });
});

describe("a socket that stops answering pings", () => {
  let ctx: TestContext;
  let baseUrl: string;
  let seller: TestUser;
  let agent: TestUser;
  let shipmentId: number;

  beforeAll(async () => {
    ctx = await buildTestApp({}, { gatewayLimits: { heartbeatMs: 400 } });
    baseUrl = (await ctx.app.listen({ port: 0, host: "127.0.0.1" })).replace(/^http/, "ws");
    seller = await createSeller(ctx.app);
    agent = await createShipper(ctx.app);
    shipmentId = (await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id })).id;
  });
  afterAll(async () => ctx.close());

  const open = (user: TestUser, autoPong: boolean) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${baseUrl}/ws/group-chat/${shipmentId}/?token=${user.token}`, {
        autoPong,
      });
      ws.once("open", () => resolve(ws));
      ws.once("error", reject);
    });

  it("is cut off within two periods while one that answers stays open", async () => {
    const opened = Date.now();
    const quiet = await open(seller, false);
    const answering = await open(agent, true);
    let answeringPings = 0;
    answering.on("ping", () => (answeringPings += 1));
    const code = await new Promise<number>((resolve) => quiet.once("close", resolve));
    expect(code).toBe(1006); // terminated, not closed politely
    // Not before it had a whole period to answer its ping. (Whether the quiet client read that
    // ping before the cut depends on the order the test process, client and server in one, gets
    // to its timers and its sockets on a busy machine; the fake registry test above counts pings.)
    expect(Date.now() - opened).toBeGreaterThanOrEqual(400);
    // The answering socket is pinged again and kept: a second ping means it passed the check
    // that cut the quiet one.
    await vi.waitFor(() => expect(answeringPings).toBeGreaterThanOrEqual(2), {
      timeout: 5_000,
      interval: 10,
    });
    expect(answering.readyState).toBe(WebSocket.OPEN);
    answering.close();
  }, 10_000);
});
