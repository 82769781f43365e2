import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeSocket } from "../features/chat/test/fake-socket";
import { parseFrame, socketUrl, subscribeChannel } from "./realtime";

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
    // A successful open resets the count: five fresh attempts are available again.
    FakeSocket.all.at(-1)!.onopen?.();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      FakeSocket.all.at(-1)!.onclose?.({ code: 1006, reason: "" });
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(FakeSocket.all).toHaveLength(4 + 5);
    // The sixth failure in a row gives up.
    FakeSocket.all.at(-1)!.onclose?.({ code: 1006, reason: "" });
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeSocket.all).toHaveLength(9);
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
