import { describe, expect, it } from "vitest";
import type { MilestoneEvent } from "@fba/contract";
import { attentionTexts, fromLocalInput, historyEntries, nextMilestones } from "./leg-view";

const event = (overrides: Partial<MilestoneEvent>): MilestoneEvent => ({
  id: 1,
  milestone: "booked",
  label: "Booked",
  occurred_at: "2026-11-01T10:00:00Z",
  location: null,
  note: null,
  mode: null,
  vessel_or_flight: null,
  appointment_id: null,
  delivered_fc_code: null,
  document_id: null,
  supersedes: null,
  superseded_by: null,
  recorded_by: { id: 1, first_name: "Sally", last_name: "Seller" },
  recorded_at: "2026-11-01T10:00:00Z",
  ...overrides,
});

describe("attentionTexts", () => {
  it("words a passed ETA and a quiet leg as the order page does", () => {
    expect(attentionTexts({ late: true, eta: "2026-12-01", stale_days: null })).toEqual([
      "Late: ETA 12/01/2026 passed",
    ]);
    expect(attentionTexts({ late: false, eta: null, stale_days: 6 })).toEqual([
      "No update for 6 days",
    ]);
    expect(attentionTexts({ late: false, eta: "2026-12-01", stale_days: null })).toEqual([]);
  });
});

describe("nextMilestones", () => {
  it("offers every later milestone and nothing after delivery", () => {
    expect(nextMilestones({ milestone: "departed_origin" })).toEqual([
      "arrived_destination",
      "customs_cleared",
      "out_for_delivery",
      "delivered",
    ]);
    expect(nextMilestones({ milestone: "delivered" })).toEqual([]);
  });
});

describe("historyEntries", () => {
  it("lists each milestone's current version with the versions it corrected, newest first", () => {
    const entries = historyEntries([
      event({ id: 1 }),
      event({ id: 2, milestone: "picked_up", label: "Picked up", superseded_by: 4 }),
      event({ id: 3, milestone: "departed_origin", label: "Departed origin" }),
      event({ id: 4, milestone: "picked_up", supersedes: 2, superseded_by: 5 }),
      event({ id: 5, milestone: "picked_up", supersedes: 4 }),
    ]);
    expect(entries.map((entry) => [entry.event.id, entry.corrected.map((old) => old.id)])).toEqual([
      [1, []],
      [5, [4, 2]],
      [3, []],
    ]);
  });
});

describe("fromLocalInput", () => {
  it("turns a local date and time into an instant, and blank into nothing", () => {
    expect(fromLocalInput("2026-11-20T14:05")).toBe(new Date(2026, 10, 20, 14, 5).toISOString());
    expect(fromLocalInput("")).toBeUndefined();
  });
});
