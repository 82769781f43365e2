import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { ServerEvent } from "@fba/contract";
import {
  batchMessage,
  parseBatchMessage,
  parseRoomMessage,
  RealtimeHub,
  roomMessage,
  rooms,
  type HubMember,
} from "./hub.js";

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

async function eventually(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const text = (frames: Buffer[]) => frames.map((frame) => frame.toString());

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

describe("batches on the wire", () => {
  const frame = JSON.stringify({ event_type: "message_sent", data: { content: "two\nlines" } });
  const batch = batchMessage("instance-a", [
    { control: JSON.stringify({ c: 1, u: [7, 8] }) },
    { room: rooms.shipment(7), excludeUserId: undefined, frame },
    { room: rooms.announcements, excludeUserId: 42, frame: "{}" },
  ]);

  it("carry the origin, then each entry in order, frames as they are sent", () => {
    expect(batch).toBe(
      `instance-a\n\n{"c":1,"u":[7,8]}\nshipment:7\n\n${frame}\nannouncements\n42\n{}`,
    );
    expect(parseBatchMessage(batch)).toEqual({
      origin: "instance-a",
      entries: [
        { control: '{"c":1,"u":[7,8]}' },
        { room: "shipment:7", excludeUserId: undefined, frame },
        { room: "announcements", excludeUserId: 42, frame: "{}" },
      ],
    });
  });

  it("are dropped by instances of the previous release, and are told apart from their messages", () => {
    expect(parseRoomMessage(batch)).toBeNull();
    expect(parseBatchMessage(roomMessage("b", rooms.user(1), "{}"))).toBeNull();
    expect(parseBatchMessage("a\n\nuser:1\n{}")).toBeNull();
    expect(parseBatchMessage("a\n\nuser:1\nnot-a-number\n{}")).toBeNull();
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
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(text(remote[0]!.frames)).toEqual([...expected, ...expected]);
    expect(text(remote[1]!.frames)).toEqual(expected);
    expect(text(remote[2]!.frames)).toEqual([...expected, ...expected]);
    expect(remote[0]!.frames[1]).toBe(remote[2]!.frames[1]);
    expect(elsewhere.frames).toEqual([]);
    // Its own messages come back from Redis too: the origin is never served twice.
    expect(local[0]!.frames).toHaveLength(2);
  });

  it.skipIf(!redisUrl)(
    "sends what one turn publishes as one Redis message, its data changes merged and first",
    async () => {
      const listener = new Redis(redisUrl!);
      const received: string[] = [];
      listener.on("message", (_channel: string, message: string) => {
        if (message.startsWith(a.instanceId)) received.push(message);
      });
      await listener.subscribe("fba:realtime");
      const room = rooms.shipment(900_004);
      const remote = member(5);
      b.join(room, remote);
      const changed: Array<readonly number[] | null> = [];
      b.onDataChanged((users) => changed.push(users));

      a.publish(room, { event_type: "message_deleted", data: { id: 1 } });
      a.dataChanged([5, 6]);
      a.publish(room, { event_type: "message_deleted", data: { id: 2 } });
      a.dataChanged([6, 7]);
      await eventually(() => remote.frames.length === 2);
      await new Promise((resolve) => setTimeout(resolve, 100));

      expect(received).toHaveLength(1);
      const entries = parseBatchMessage(received[0]!)?.entries;
      expect(entries?.map((entry) => ("control" in entry ? entry.control : entry.frame))).toEqual([
        '{"c":1,"u":[5,6,7]}',
        '{"event_type":"message_deleted","data":{"id":1}}',
        '{"event_type":"message_deleted","data":{"id":2}}',
      ]);
      expect(changed).toEqual([[5, 6, 7]]);
      expect(text(remote.frames)).toEqual([
        '{"event_type":"message_deleted","data":{"id":1}}',
        '{"event_type":"message_deleted","data":{"id":2}}',
      ]);
      listener.disconnect();
    },
  );

  it.skipIf(!redisUrl)("still delivers a room frame of the previous release", async () => {
    const room = rooms.user(900_005);
    const target = member(900_005);
    b.join(room, target);
    const publisher = new Redis(redisUrl!);
    const frame = JSON.stringify({ event_type: "unread_count", data: { count: 2 } });
    await publisher.publish("fba:realtime", roomMessage("previous", room, frame));
    await eventually(() => target.frames.length === 1);
    expect(text(target.frames)).toEqual([frame]);
    publisher.disconnect();
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
