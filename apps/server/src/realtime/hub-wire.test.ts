import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { ServerEvent } from "@fba/contract";
import { parseRoomMessage, RealtimeHub, roomMessage, rooms, type HubMember } from "./hub.js";

const redisUrl = process.env.REDIS_URL;
const silent = {
  warn: () => undefined,
  debug: () => undefined,
  error: () => undefined,
  info: () => undefined,
} as unknown as FastifyBaseLogger;

function member(userId: number | null): HubMember & { frames: Buffer[] } {
  const frames: Buffer[] = [];
  return { userId, frames, send: (frame) => frames.push(frame) };
}

const text = (frames: Buffer[]) => frames.map((frame) => frame.toString());

async function eventually(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: timeoutMs, interval: 5 });
}

/**
 * Resolves once each hub has taken in from Redis every message published before the call: each
 * publishes a marker to a room only the markers use, and messages reach a subscriber in the order
 * Redis took them, so a hub that has the other's marker has everything published before it.
 */
async function drained(a: RealtimeHub, b: RealtimeHub): Promise<void> {
  const room = rooms.shipment(900_009);
  const onA = member(null);
  const onB = member(null);
  a.join(room, onA);
  b.join(room, onB);
  const marker = (count: number) => JSON.stringify({ event_type: "unread_count", data: { count } });
  a.publish(room, { event_type: "unread_count", data: { count: 1 } });
  b.publish(room, { event_type: "unread_count", data: { count: 2 } });
  await eventually(
    () => text(onA.frames).includes(marker(2)) && text(onB.frames).includes(marker(1)),
  );
  a.leave(room, onA);
  b.leave(room, onB);
}

describe("room frames on the wire", () => {
  it("carry origin, room, excluded user and the frame as it is sent, without encoding it again", () => {
    const frame = JSON.stringify({ event_type: "message_sent", data: { content: 'a "quote"' } });
    const message = roomMessage("instance-a", rooms.shipment(7), frame, 42);
    expect(message).toBe(`instance-a\nshipment:7\n42\n${frame}`);
    expect(parseRoomMessage(message)).toEqual({
      origin: "instance-a",
      room: "shipment:7",
      excludeUserId: 42,
      frame,
    });
    const noExclusion = parseRoomMessage(roomMessage("b", rooms.announcements, "{}"));
    expect(noExclusion).toEqual({
      origin: "b",
      room: "announcements",
      excludeUserId: undefined,
      frame: "{}",
    });
  });

  it("keep everything after the header as the frame, and refuse a malformed header", () => {
    expect(parseRoomMessage("a\nuser:1\n\nline one\nline two")?.frame).toBe("line one\nline two");
    expect(parseRoomMessage("a\nuser:1\n{}")).toBeNull();
    expect(parseRoomMessage("a\nuser:1\nnot-a-number\n{}")).toBeNull();
  });
});

describe("one hub's frames delivered by another", () => {
  const hubs: RealtimeHub[] = [];
  let a: RealtimeHub;
  let b: RealtimeHub;

  beforeAll(async () => {
    a = new RealtimeHub(silent);
    b = new RealtimeHub(silent);
    hubs.push(a, b);
    await a.connect(redisUrl);
    await b.connect(redisUrl);
  });
  afterAll(async () => Promise.all(hubs.map((hub) => hub.close())));

  it("hands every local member of the room the same bytes, once, and skips the excluded user", async () => {
    const room = rooms.shipment(900_001);
    const local = [member(1), member(2)];
    const remote = [member(1), member(2), member(3)];
    const elsewhere = member(1);
    for (const m of local) a.join(room, m);
    for (const m of remote) b.join(room, m);
    b.join(rooms.shipment(900_002), elsewhere);

    const event: ServerEvent = { event_type: "message_deleted", data: { id: 5 } };
    a.publish(room, event, { excludeUserId: 2 });
    const expected = [JSON.stringify(event)];
    expect(text(local[0]!.frames)).toEqual(expected);
    expect(local[1]!.frames).toEqual([]);
    // Local members share one buffer: the frame was encoded once for all of them.
    a.publish(room, event);
    expect(local[0]!.frames[1]).toBe(local[1]!.frames[0]);

    if (!redisUrl) return;
    await eventually(() => remote[0]!.frames.length === 2 && remote[2]!.frames.length === 2);
    await drained(a, b);
    expect(text(remote[0]!.frames)).toEqual([...expected, ...expected]);
    expect(text(remote[1]!.frames)).toEqual(expected);
    expect(text(remote[2]!.frames)).toEqual([...expected, ...expected]);
    expect(remote[0]!.frames[1]).toBe(remote[2]!.frames[1]);
    expect(elsewhere.frames).toEqual([]);
    // Its own messages come back from Redis too: the origin is never served twice.
    expect(local[0]!.frames).toHaveLength(2);
  });

  it.skipIf(!redisUrl)(
    "still delivers a room frame in the JSON envelope of the previous release",
    async () => {
      const room = rooms.user(900_003);
      const target = member(900_003);
      b.join(room, target);
      const publisher = new Redis(redisUrl!);
      const frame = JSON.stringify({ event_type: "unread_count", data: { count: 4 } });
      await publisher.publish("fba:realtime", JSON.stringify({ o: "old", r: room, f: frame }));
      await eventually(() => target.frames.length === 1);
      expect(text(target.frames)).toEqual([frame]);
      publisher.disconnect();
    },
  );
});
