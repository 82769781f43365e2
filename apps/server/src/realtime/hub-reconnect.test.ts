import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import type { ServerEvent } from "@fba/contract";
import { RealtimeHub, rooms, type HubMember } from "./hub.js";

const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
const silent = {
  warn: () => undefined,
  debug: () => undefined,
  error: () => undefined,
  info: () => undefined,
} as unknown as FastifyBaseLogger;

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Ready to accept connections")) resolve(child);
    });
    child.once("exit", () => reject(new Error("redis-server exited")));
  });
}

function member(userId: number): HubMember & { frames: ServerEvent[] } {
  const frames: ServerEvent[] = [];
  return {
    userId,
    frames,
    send: (frame) => frames.push(JSON.parse(frame.toString()) as ServerEvent),
  };
}

async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: timeoutMs, interval: 10 });
}

/** A Redis on a random port; another port when that one is taken (by a client's socket too). */
async function startRedisOnSomePort(): Promise<{ redis: ChildProcess; port: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = 46_000 + Math.floor(Math.random() * 1000);
    try {
      return { redis: await startRedis(port), port };
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

describe.skipIf(!hasRedisServer)("hub across a Redis outage", () => {
  let port = 0;
  let redis: ChildProcess | null = null;
  const hubs: RealtimeHub[] = [];

  afterAll(async () => {
    await Promise.all(hubs.map((hub) => hub.close()));
    redis?.kill("SIGKILL");
  });

  it("delivers locally during the outage and across instances again afterwards, never twice", async () => {
    ({ redis, port } = await startRedisOnSomePort());
    const url = `redis://127.0.0.1:${port}`;
    const a = new RealtimeHub(silent);
    const b = new RealtimeHub(silent);
    hubs.push(a, b);
    await a.connect(url);
    await b.connect(url);
    let reconnects = 0;
    b.onReconnect(() => (reconnects += 1));
    const onA = member(1);
    const onB = member(2);
    const room = rooms.shipment(1);
    a.join(room, onA);
    b.join(room, onB);
    const frame = (n: number): ServerEvent => ({ event_type: "unread_count", data: { count: n } });

    a.publish(room, frame(1));
    await eventually(() => onB.frames.length === 1);
    expect(onA.frames).toEqual([frame(1)]);

    expect(reconnects).toBe(0);
    const gone = new Promise((resolve) => redis!.once("exit", resolve));
    redis.kill("SIGKILL");
    await gone;
    // Both hubs have seen their connections drop.
    await eventually(() => a.commandClient === null && b.commandClient === null);
    a.publish(room, frame(2)); // Redis is gone: local delivery still happens, nothing throws
    expect(onA.frames).toEqual([frame(1), frame(2)]);

    redis = await startRedis(port);
    // What was announced meanwhile is lost: the hub says so, and the gateway re-checks.
    await eventually(() => reconnects === 1, 15_000);
    await eventually(() => {
      a.publish(room, frame(3));
      return onB.frames.some((f) => f.event_type === "unread_count" && f.data.count === 3);
    }, 15_000);
    a.publish(room, frame(4));
    await eventually(() =>
      onB.frames.some((f) => f.event_type === "unread_count" && f.data.count === 4),
    );
    // Markers published on each side after frame 4: messages reach a subscriber in the order
    // Redis took them, so once each hub has the other's marker, a second copy of frame 4 would
    // have arrived.
    a.publish(room, frame(5));
    b.publish(room, frame(6));
    await eventually(
      () =>
        onB.frames.some((f) => f.event_type === "unread_count" && f.data.count === 5) &&
        onA.frames.some((f) => f.event_type === "unread_count" && f.data.count === 6),
    );
    expect(
      onB.frames.filter((f) => f.event_type === "unread_count" && f.data.count === 4),
    ).toHaveLength(1);
    expect(
      onA.frames.filter((f) => f.event_type === "unread_count" && f.data.count === 4),
    ).toHaveLength(1);
  }, 40_000);
});
