import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeSocket } from "../test/fake-socket";
import {
  parseFrame,
  reconnectDelay,
  retryAllChannelsNow,
  retryChannelNow,
  socketUrl,
  subscribeChannel,
  channelStatus,
  WS_CLOSE_CODES,
  wsPaths,
} from "./realtime";
import * as contract from "@fba/contract";

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.useFakeTimers();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  localStorage.setItem("AUTH_TOKEN", "abc.def");
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets the token check before each connect settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe("reconnectDelay", () => {
  it("waits 1 s for the first five tries, then doubles with jitter up to 30 s", () => {
    const top = () => 0.999999;
    const bottom = () => 0;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(reconnectDelay(attempt, top)).toBe(1000);
      expect(reconnectDelay(attempt, bottom)).toBe(1000);
    }
    const ceilings = [2000, 4000, 8000, 16000, 30000, 30000, 30000];
    ceilings.forEach((ceiling, index) => {
      const attempt = 6 + index;
      // Jittered between half the ceiling and the ceiling.
      expect(reconnectDelay(attempt, bottom)).toBe(ceiling / 2);
      expect(reconnectDelay(attempt, top)).toBe(ceiling);
      expect(reconnectDelay(attempt, () => 0.5)).toBe((ceiling * 3) / 4);
    });
    expect(reconnectDelay(500, top)).toBe(30000);
  });

  it("spreads clients out: the waits of one attempt differ", () => {
    const waits = new Set(
      Array.from({ length: 20 }, (_, index) => reconnectDelay(9, () => index / 20)),
    );
    expect(waits.size).toBe(20);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(8000);
      expect(wait).toBeLessThanOrEqual(16000);
    }
  });
});

describe("the contract's socket constants", () => {
  it("uses the contract's close codes and socket paths", () => {
    expect(WS_CLOSE_CODES).toEqual(contract.WS_CLOSE_CODES);
    for (const id of [1, 42]) {
      expect(wsPaths.groupChat(id)).toBe(contract.wsPaths.groupChat(id));
      expect(wsPaths.sampleChat(id)).toBe(contract.wsPaths.sampleChat(id));
      expect(wsPaths.notifications(id)).toBe(contract.wsPaths.notifications(id));
    }
    expect(wsPaths.announcements()).toBe(contract.wsPaths.announcements());
  });
});

describe("socketUrl and parseFrame", () => {
  it("builds same-origin ws URLs with the token", () => {
    expect(socketUrl("group-chat/3", "t k")).toBe(
      `ws://${window.location.host}/ws/group-chat/3/?token=t%20k`,
    );
    expect(socketUrl("/announcement/", null)).toBe(`ws://${window.location.host}/ws/announcement/`);
  });

  it("accepts only JSON objects with an event_type", () => {
    expect(parseFrame('{"event_type":"message_read","data":{"user":2}}')).toEqual({
      event_type: "message_read",
      data: { user: 2 },
    });
    expect(parseFrame("not json")).toBeNull();
    expect(parseFrame('{"data":1}')).toBeNull();
  });
});

describe("channel reconnects", () => {
  it("retries 5 times 1 s apart, and the counter resets when a connection opens", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const leave = subscribeChannel("group-chat/1/", { onEvent: () => undefined });
    await settle();
    expect(FakeSocket.all).toHaveLength(1);

    // Open, then drop: five more tries follow, one per second.
    FakeSocket.all[0]!.readyState = FakeSocket.OPEN;
    FakeSocket.all[0]!.onopen?.();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      FakeSocket.all.at(-1)!.onclose?.({ code: 1006, reason: "" });
      await vi.advanceTimersByTimeAsync(999);
      expect(FakeSocket.all).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.all).toHaveLength(attempt + 1);
    }
    // A successful open resets the count: five fresh 1 s attempts are available again.
    FakeSocket.all.at(-1)!.onopen?.();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      FakeSocket.all.at(-1)!.onclose?.({ code: 1006, reason: "" });
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(FakeSocket.all).toHaveLength(4 + 5);
    leave();
  });

  it("keeps trying after the five quick tries, waiting longer each time up to 30 s", async () => {
    // Jitter at its midpoint: each wait is three quarters of its ceiling.
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const leave = subscribeChannel("group-chat/11/", { onEvent: () => undefined });
    await settle();
    FakeSocket.all[0]!.onopen?.();
    expect(channelStatus("group-chat/11/")).toBe("open");

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      const before = FakeSocket.all.length;
      FakeSocket.all.at(-1)!.onclose?.({ code: 1006, reason: "" });
      expect(channelStatus("group-chat/11/")).toBe("reconnecting");
      let waited = 0;
      while (FakeSocket.all.length === before && waited < 60_000) {
        await vi.advanceTimersByTimeAsync(250);
        waited += 250;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 1000, 1000, 1000, 1000, 1500, 3000, 6000, 12000]);
    // Capped: the waits stop growing at 30 s (22.5 s at the jitter midpoint).
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const before = FakeSocket.all.length;
      FakeSocket.all.at(-1)!.onclose?.({ code: 1006, reason: "" });
      await vi.advanceTimersByTimeAsync(22_499);
      expect(FakeSocket.all).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.all).toHaveLength(before + 1);
    }
    // Back at last: open again, the callers backfill.
    FakeSocket.all.at(-1)!.onopen?.();
    expect(channelStatus("group-chat/11/")).toBe("open");
    leave();
  });

  it("tells its listeners of a first open at once and of a reopen after a random part of a second", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.25);
    const onOpen = vi.fn();
    const leave = subscribeChannel("group-chat/13/", { onEvent: () => undefined, onOpen });
    await settle();
    FakeSocket.all[0]!.onopen?.();
    expect(onOpen).toHaveBeenCalledExactlyOnceWith({ reconnected: false });

    FakeSocket.all[0]!.onclose?.({ code: 1006, reason: "" });
    await vi.advanceTimersByTimeAsync(1000);
    FakeSocket.all.at(-1)!.onopen?.();
    // A quarter of the spread: the thousand clients a restart sends back do not read at once.
    const wait = contract.RECONNECT_BACKFILL_SPREAD_MS * 0.25;
    await vi.advanceTimersByTimeAsync(wait - 1);
    expect(onOpen).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(onOpen).toHaveBeenLastCalledWith({ reconnected: true });

    // Left before the wait is over: nobody is told.
    FakeSocket.all.at(-1)!.onclose?.({ code: 1006, reason: "" });
    await vi.advanceTimersByTimeAsync(1000);
    FakeSocket.all.at(-1)!.onopen?.();
    leave();
    await vi.advanceTimersByTimeAsync(contract.RECONNECT_BACKFILL_SPREAD_MS);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it("Retry now connects at once instead of waiting out the backoff", async () => {
    vi.spyOn(Math, "random").mockReturnValue(1);
    const onOpen = vi.fn();
    const leave = subscribeChannel("group-chat/12/", { onEvent: () => undefined, onOpen });
    await settle();
    FakeSocket.all[0]!.onopen?.();
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const before = FakeSocket.all.length;
      FakeSocket.all.at(-1)!.onclose?.({ code: 1006, reason: "" });
      while (FakeSocket.all.length === before) await vi.advanceTimersByTimeAsync(500);
    }
    // The eighth retry failed too: the ninth waits 16 s.
    FakeSocket.all.at(-1)!.onclose?.({ code: 1006, reason: "" });
    const before = FakeSocket.all.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeSocket.all).toHaveLength(before);

    retryChannelNow("group-chat/12/");
    await settle();
    expect(FakeSocket.all).toHaveLength(before + 1);
    FakeSocket.all.at(-1)!.onopen?.();
    expect(channelStatus("group-chat/12/")).toBe("open");
    await vi.advanceTimersByTimeAsync(contract.RECONNECT_BACKFILL_SPREAD_MS);
    expect(onOpen).toHaveBeenLastCalledWith({ reconnected: true });
    // The cancelled wait does not open a second socket later.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(before + 1);
    leave();
  });

  it("Retry now on one channel brings back every channel that waits", async () => {
    vi.spyOn(Math, "random").mockReturnValue(1);
    const leaveChat = subscribeChannel("group-chat/13/", { onEvent: () => undefined });
    const leaveBell = subscribeChannel("notifications/13/", { onEvent: () => undefined });
    await settle();
    for (const socket of [...FakeSocket.all]) socket.onopen?.();
    // Both drop and stay away through the quick tries.
    const latest = (path: string) =>
      [...FakeSocket.all].reverse().find((socket) => socket.url.includes(path))!;
    const dropBoth = () => {
      latest("group-chat/13/").onclose?.({ code: 1006, reason: "" });
      latest("notifications/13/").onclose?.({ code: 1006, reason: "" });
    };
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      const before = FakeSocket.all.length;
      dropBoth();
      while (FakeSocket.all.length < before + 2) await vi.advanceTimersByTimeAsync(500);
    }
    dropBoth();
    expect(channelStatus("group-chat/13/")).toBe("reconnecting");
    expect(channelStatus("notifications/13/")).toBe("reconnecting");
    const before = FakeSocket.all.length;

    retryAllChannelsNow();
    await settle();
    const fresh = FakeSocket.all.slice(before).map((socket) => new URL(socket.url).pathname);
    expect(fresh.sort()).toEqual(["/ws/group-chat/13/", "/ws/notifications/13/"]);
    leaveChat();
    leaveBell();
  });

  it("a regained network tries at once during the long waits", async () => {
    vi.spyOn(Math, "random").mockReturnValue(1);
    const leave = subscribeChannel("group-chat/14/", { onEvent: () => undefined });
    await settle();
    FakeSocket.all[0]!.onopen?.();
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      const before = FakeSocket.all.length;
      FakeSocket.all.at(-1)!.onclose?.({ code: 1006, reason: "" });
      while (FakeSocket.all.length === before) await vi.advanceTimersByTimeAsync(500);
    }
    FakeSocket.all.at(-1)!.onclose?.({ code: 1006, reason: "" });
    const before = FakeSocket.all.length;
    window.dispatchEvent(new Event("online"));
    await settle();
    expect(FakeSocket.all).toHaveLength(before + 1);
    leave();
  });

  it("a regained network tries at once during the quick tries too, keeping their count", async () => {
    const leave = subscribeChannel("group-chat/16/", { onEvent: () => undefined });
    await settle();
    FakeSocket.all[0]!.onopen?.();
    FakeSocket.all[0]!.onclose?.({ code: 1006, reason: "" });
    expect(channelStatus("group-chat/16/")).toBe("reconnecting");
    window.dispatchEvent(new Event("online"));
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
    // It failed too: the next try keeps to the 1 s schedule.
    FakeSocket.all[1]!.onclose?.({ code: 1006, reason: "" });
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(FakeSocket.all).toHaveLength(3);
    leave();
  });

  it("a tab shown again tries at once during the long waits; a hidden one waits", async () => {
    vi.spyOn(Math, "random").mockReturnValue(1);
    const leave = subscribeChannel("group-chat/15/", { onEvent: () => undefined });
    await settle();
    FakeSocket.all[0]!.onopen?.();
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      const before = FakeSocket.all.length;
      FakeSocket.all.at(-1)!.onclose?.({ code: 1006, reason: "" });
      while (FakeSocket.all.length === before) await vi.advanceTimersByTimeAsync(500);
    }
    FakeSocket.all.at(-1)!.onclose?.({ code: 1006, reason: "" });
    const before = FakeSocket.all.length;
    const visibility = vi.spyOn(document, "visibilityState", "get");
    visibility.mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    await settle();
    expect(FakeSocket.all).toHaveLength(before);
    visibility.mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    await settle();
    expect(FakeSocket.all).toHaveLength(before + 1);
    leave();
  });

  it("does not retry when the server says the user is not a party", async () => {
    const leave = subscribeChannel("group-chat/2/", { onEvent: () => undefined });
    await settle();
    FakeSocket.all[0]!.onclose?.({ code: 4403, reason: "" });
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeSocket.all).toHaveLength(1);
    leave();
  });

  it("delivers known events to every subscriber and only logs unknown ones", async () => {
    const first = vi.fn();
    const second = vi.fn();
    const leaveFirst = subscribeChannel("notifications/5/", { onEvent: first });
    const leaveSecond = subscribeChannel("notifications/5/", { onEvent: second });
    await settle();
    expect(FakeSocket.all).toHaveLength(1);
    const socket = FakeSocket.all[0]!;
    socket.onmessage?.({
      data: JSON.stringify({ event_type: "unread_count", data: { count: 3 } }),
    });
    socket.onmessage?.({ data: JSON.stringify({ event_type: "surprise", data: {} }) });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledWith({ event_type: "unread_count", data: { count: 3 } });
    expect(console.warn).toHaveBeenCalledWith("[realtime]", "unknown event type", "surprise");
    leaveFirst();
    leaveSecond();
  });
});
