import { describe, expect, it } from "vitest";
import { comparisonBid } from "../test-fixtures";
import { fastestTransit, sortBids } from "./sort";

const ids = (bids: { quotation: { id: number } }[]) => bids.map((bid) => bid.quotation.id);

describe("sortBids", () => {
  it("orders by total, details given before not given at equal totals, then oldest", () => {
    const bids = [
      comparisonBid(1, 1500),
      comparisonBid(2, 1200, { details: false, createdAt: "2026-11-20T09:00:00Z" }),
      comparisonBid(3, 1200, { createdAt: "2026-11-20T11:00:00Z" }),
      comparisonBid(4, 1200, { createdAt: "2026-11-20T10:00:00Z" }),
    ];
    expect(ids(sortBids(bids, "total"))).toEqual([4, 3, 2, 1]);
  });

  it("orders by the quickest service a bid offers, bids without details last", () => {
    const bids = [
      comparisonBid(1, 1000, { transit: [30, 35] }),
      comparisonBid(2, 2000, { transit: [30, 35], fastTransit: [5, 7] }),
      comparisonBid(3, 900, { details: false }),
      comparisonBid(4, 1500, { transit: [20, 25] }),
      comparisonBid(5, 1800, { transit: [4, 7] }),
    ];
    expect(fastestTransit(bids[1]!)).toEqual([7, 5]);
    // 2 and 5 both arrive within 7 days: 5 may arrive sooner (4 days).
    expect(ids(sortBids(bids, "transit"))).toEqual([5, 2, 4, 1, 3]);
  });

  it("orders by on-time rate, highest first, new agents and unmeasured last, ties by total", () => {
    const bids = [
      comparisonBid(1, 1000, { onTime: 0.8 }),
      comparisonBid(2, 1100, { isNew: true }),
      comparisonBid(3, 1200, { onTime: 0.95 }),
      comparisonBid(4, 900, { onTime: null }),
      comparisonBid(5, 1300, { onTime: 0.8 }),
    ];
    expect(ids(sortBids(bids, "on_time"))).toEqual([3, 1, 5, 4, 2]);
  });

  it("leaves the list it was given as it was", () => {
    const bids = [comparisonBid(1, 1500), comparisonBid(2, 1000)];
    sortBids(bids, "total");
    expect(ids(bids)).toEqual([1, 2]);
  });
});
