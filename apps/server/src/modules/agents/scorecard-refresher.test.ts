import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client.js";
import { ScorecardRefresher } from "./scorecard-refresher.js";
import type { ScorecardScope } from "./scorecards.repository.js";

const GAP_MS = 300;

/**
 * A refresher whose refreshes are recorded (agent, scope, start and end time) and take `ms` each, at most
 * `concurrency` at once.
 */
function recording(gapMs: number, ms = 20, concurrency?: number) {
  const starts: Array<{ agentId: number; scope: ScorecardScope; at: number; end: number }> = [];
  const refresher = new ScorecardRefresher(
    undefined as unknown as Db,
    gapMs,
    async (agentId, scope) => {
      const start = { agentId, scope, at: Date.now(), end: 0 };
      starts.push(start);
      await new Promise((resolve) => setTimeout(resolve, ms));
      start.end = Date.now();
    },
    concurrency,
  );
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

  it("run one at a time across agents, a request for an agent waiting its turn joining it", async () => {
    const { refresher, starts } = recording(0, 50, 1);
    const first = [1, 2, 3].map((agentId) => refresher.refresh(agentId));
    await vi.advanceTimersByTimeAsync(10);
    // Agent 3's refresh has not started yet (1's runs, 2's waits): a new request joins it.
    const again = refresher.refresh(3);
    expect(again).toBe(first[2]);
    await finish(Promise.all([...first, again]));
    expect(starts.map((s) => s.agentId)).toEqual([1, 2, 3]);
    for (let i = 1; i < starts.length; i += 1)
      expect(starts[i]!.at).toBeGreaterThanOrEqual(starts[i - 1]!.end);
  });

  it("run side by side up to the concurrency asked for", async () => {
    const { refresher, starts } = recording(0, 50, 2);
    await finish(Promise.all([1, 2, 3].map((agentId) => refresher.refresh(agentId))));
    expect(starts.map((s) => s.agentId)).toEqual([1, 2, 3]);
    expect(starts[1]!.at).toBe(starts[0]!.at);
    expect(starts[2]!.at).toBeGreaterThanOrEqual(starts[0]!.end);
  });

  it("recompute only the bids' figures when only bids were placed, and all once anything else joins", async () => {
    const { refresher, starts } = recording(GAP_MS);
    await finish(refresher.refreshMany([5], "bids"));
    // Waiting out the gap: two more bids join, then a change to an order widens the refresh.
    const bids = [refresher.refresh(5, { scope: "bids" }), refresher.refresh(5, { scope: "bids" })];
    const order = refresher.refresh(5);
    const late = refresher.refresh(5, { scope: "bids" });
    await finish(Promise.all([...bids, order, late]));
    expect(starts.map((s) => [s.agentId, s.scope])).toEqual([
      [5, "bids"],
      [5, "all"],
    ]);
    // The default is all of it.
    await finish(refresher.refreshMany([6]));
    expect(starts.at(-1)).toMatchObject({ agentId: 6, scope: "all" });
  });
});
