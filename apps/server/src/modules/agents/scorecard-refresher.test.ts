import { describe, expect, it } from "vitest";
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

describe("scorecard refreshes", () => {
  it("start at once for an idle agent", async () => {
    const { refresher, starts } = recording(GAP_MS);
    const asked = Date.now();
    await refresher.refresh(1);
    expect(starts).toHaveLength(1);
    expect(starts[0]!.at - asked).toBeLessThan(GAP_MS);
  });

  it("fold a burst of changes into one refresh per gap, the last starting after every change", async () => {
    const { refresher, starts } = recording(GAP_MS);
    const first = refresher.refresh(7);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const burst = Array.from({ length: 20 }, () => refresher.refresh(7));
    const lastAsked = Date.now();
    await Promise.all([first, ...burst]);
    expect(starts.map((s) => s.agentId)).toEqual([7, 7]);
    expect(starts[1]!.at - starts[0]!.at).toBeGreaterThanOrEqual(GAP_MS - 5);
    expect(starts[1]!.at).toBeGreaterThanOrEqual(lastAsked);
  });

  it("keep each agent's gap to itself", async () => {
    const { refresher, starts } = recording(GAP_MS);
    await refresher.refresh(1);
    const asked = Date.now();
    await refresher.refresh(2);
    expect(starts.map((s) => s.agentId)).toEqual([1, 2]);
    expect(starts[1]!.at - asked).toBeLessThan(GAP_MS);
  });

  it("let an answer that shows the card cut the wait short", async () => {
    const { refresher, starts } = recording(GAP_MS);
    await refresher.refresh(3);
    const waiting = refresher.refresh(3);
    const asked = Date.now();
    const immediate = refresher.refresh(3, { immediate: true });
    expect(immediate).toBe(waiting);
    await immediate;
    expect(starts).toHaveLength(2);
    expect(starts[1]!.at - asked).toBeLessThan(GAP_MS / 2);
  });

  it("never run two refreshes of one agent at once", async () => {
    const { refresher, starts } = recording(0, 50);
    const a = refresher.refresh(4);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const b = refresher.refresh(4);
    await Promise.all([a, b]);
    expect(starts).toHaveLength(2);
    expect(starts[1]!.at - starts[0]!.at).toBeGreaterThanOrEqual(45);
  });
});
