import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client.js";
import { ScorecardRefresher } from "./scorecard-refresher.js";

const GAP_MS = 300;

/** A refresher whose refreshes are recorded (agent, start time) and take `ms` each. */
function recording(gapMs: number, ms = 20) {
  const starts: Array<{ agentId: number; at: number }> = [];
  const refresher = new ScorecardRefresher(undefined as unknown as Db, gapMs, async (agentId) => {
    starts.push({ agentId, at: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
  return { refresher, starts };
}

/** Moves the fake clock on, timer by timer, until `promise` settles. */
async function finish<T>(promise: Promise<T>): Promise<T> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) await vi.advanceTimersToNextTimerAsync();
  return promise;
}

describe("scorecard refreshes", () => {
  // The gap is a rule about time: a fake clock (Date.now and timers) moves on instead of waiting.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("start at once for an idle agent", async () => {
    const { refresher, starts } = recording(GAP_MS);
    const asked = Date.now();
    await finish(refresher.refresh(1));
    expect(starts).toHaveLength(1);
    expect(starts[0]!.at - asked).toBeLessThan(GAP_MS);
    expect(starts[0]!.at).toBe(asked);
  });

  it("fold a burst of changes into one refresh per gap, the last starting after every change", async () => {
    const { refresher, starts } = recording(GAP_MS);
    const first = refresher.refresh(7);
    await vi.advanceTimersByTimeAsync(5);
    const burst = Array.from({ length: 20 }, () => refresher.refresh(7));
    const lastAsked = Date.now();
    await finish(Promise.all([first, ...burst]));
    expect(starts.map((s) => s.agentId)).toEqual([7, 7]);
    expect(starts[1]!.at - starts[0]!.at).toBeGreaterThanOrEqual(GAP_MS - 5);
    expect(starts[1]!.at).toBeGreaterThanOrEqual(lastAsked);
  });

  it("keep each agent's gap to itself", async () => {
    const { refresher, starts } = recording(GAP_MS);
    await finish(refresher.refresh(1));
    const asked = Date.now();
    await finish(refresher.refresh(2));
    expect(starts.map((s) => s.agentId)).toEqual([1, 2]);
    expect(starts[1]!.at - asked).toBeLessThan(GAP_MS);
    expect(starts[1]!.at).toBe(asked);
  });

  it("let an answer that shows the card cut the wait short", async () => {
    const { refresher, starts } = recording(GAP_MS);
    await finish(refresher.refresh(3));
    const waiting = refresher.refresh(3);
    const asked = Date.now();
    const immediate = refresher.refresh(3, { immediate: true });
    expect(immediate).toBe(waiting);
    await finish(immediate);
    expect(starts).toHaveLength(2);
    expect(starts[1]!.at - asked).toBeLessThan(GAP_MS / 2);
    expect(starts[1]!.at).toBe(asked);
  });

  it("never run two refreshes of one agent at once", async () => {
    const { refresher, starts } = recording(0, 50);
    const a = refresher.refresh(4);
    await vi.advanceTimersByTimeAsync(10);
    const b = refresher.refresh(4);
    await finish(Promise.all([a, b]));
    expect(starts).toHaveLength(2);
    expect(starts[1]!.at - starts[0]!.at).toBeGreaterThanOrEqual(45);
  });
});
