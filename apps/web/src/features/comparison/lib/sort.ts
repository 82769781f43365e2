import type { ComparisonBid } from "@fba/contract";

export const COMPARISON_SORTS = ["total", "transit", "on_time"] as const;
export type ComparisonSort = (typeof COMPARISON_SORTS)[number];
export const COMPARISON_SORT_LABELS: Record<ComparisonSort, string> = {
  total: "Total",
  transit: "Transit time",
  on_time: "On-time rate",
};

/**
 * The quickest door-to-door a bid promises: the lowest maximum transit days of its offered
 * services (then the lowest minimum); null without details.
 */
export function fastestTransit(bid: ComparisonBid): [number, number] | null {
  const details = bid.quotation.details;
  if (!details) return null;
  const services = [details.fast, details.normal].filter((service) => service !== null);
  if (services.length === 0) return null;
  return services
    .map((service) => [service.transit_max_days, service.transit_min_days] as [number, number])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])[0]!;
}

const byNumber = (a: number | null, b: number | null, descending = false) => {
  // What is not known sorts last either way.
  if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
  return descending ? b - a : a - b;
};

/** The server's order: total ascending, details given first at equal totals, then oldest. */
const byTotal = (a: ComparisonBid, b: ComparisonBid) =>
  Number(a.total_amount) - Number(b.total_amount) ||
  Number(b.details_given) - Number(a.details_given) ||
  a.quotation.created_at.localeCompare(b.quotation.created_at);

/**
 * The bids in the order the seller asks for: by total (the spec's order), by transit time
 * (quickest first) or by the agent's on-time rate (highest first; new agents last). Ties keep
 * the order by total.
 */
export function sortBids(bids: readonly ComparisonBid[], sort: ComparisonSort): ComparisonBid[] {
  const sorted = [...bids];
  if (sort === "total") return sorted.sort(byTotal);
  if (sort === "transit") {
    return sorted.sort((a, b) => {
      const ta = fastestTransit(a);
      const tb = fastestTransit(b);
      return (
        byNumber(ta?.[0] ?? null, tb?.[0] ?? null) ||
        byNumber(ta?.[1] ?? null, tb?.[1] ?? null) ||
        byTotal(a, b)
      );
    });
  }
  return sorted.sort(
    (a, b) =>
      byNumber(
        a.scorecard.is_new ? null : a.scorecard.on_time_rate,
        b.scorecard.is_new ? null : b.scorecard.on_time_rate,
        true,
      ) || byTotal(a, b),
  );
}
