import type { Comparison, ComparisonBid, ScorecardSummary } from "@fba/contract";

export function scorecard(
  agentId: number,
  overrides: Partial<ScorecardSummary> = {},
): ScorecardSummary {
  return {
    agent_id: agentId,
    is_new: false,
    completed_orders: 8,
    completed_undelivered: 0,
    on_time_rate: 0.9,
    booked_fc_rate: 1,
    pod_rate: 1,
    variance_avg_pct: 0,
    variance_worst_pct: 0,
    cancellation_rate: 0,
    rating_average: 4.5,
    rating_count: 4,
    sub_scores: null,
    median_response_hours: 2,
    ...overrides,
  };
}

/** A bid on shipment 41 from agent `id`: pickup $100 plus the normal amount. */
export function comparisonBid(
  id: number,
  total: number,
  {
    transit = [30, 35],
    fastTransit,
    onTime = 0.9,
    isNew = false,
    details = true,
    expired = false,
    createdAt = "2026-11-20T10:00:00Z",
    ...flags
  }: {
    transit?: [number, number];
    fastTransit?: [number, number];
    onTime?: number | null;
    isNew?: boolean;
    details?: boolean;
    expired?: boolean;
    createdAt?: string;
    is_automatic_winner?: boolean;
    is_winner?: boolean;
  } = {},
): ComparisonBid {
  const normal = (total - 100).toFixed(2);
  const fast = fastTransit ? (total + 400).toFixed(2) : "";
  return {
    quotation: {
      id,
      shipment: 41,
      pickup_amount: "100.00",
      fast_amount: fast,
      normal_amount: normal,
      total_amount: total.toFixed(2),
      is_accepted: null,
      cancel_reason: null,
      accepted_service: null,
      is_winner: flags.is_winner ?? false,
      is_masked: false,
      created_at: createdAt,
      updated_at: createdAt,
      user: { id: 100 + id, first_name: `Agent${id}`, last_name: "Tester", email: `a${id}@x.co` },
      details: details
        ? {
            fast: fastTransit
              ? {
                  service_type: "air",
                  transit_min_days: fastTransit[0],
                  transit_max_days: fastTransit[1],
                }
              : null,
            normal: {
              service_type: "sea",
              transit_min_days: transit[0],
              transit_max_days: transit[1],
            },
            inclusions: ["pickup_origin", "main_freight"],
            valid_until: "2026-12-01",
            note: null,
          }
        : null,
      is_expired: expired,
      reconfirm_requested_at: null,
    },
    agent: { id: 100 + id, first_name: `Agent${id}`, last_name: "Tester" },
    scorecard: scorecard(100 + id, {
      is_new: isNew,
      on_time_rate: isNew ? null : onTime,
      completed_orders: isNew ? 1 : 8,
    }),
    total_amount: total.toFixed(2),
    price_per_kg: (total / 250).toFixed(2),
    details_given: details,
    is_automatic_winner: flags.is_automatic_winner ?? false,
    is_winner: flags.is_winner ?? false,
    is_expired: expired,
  };
}

export function comparison(bids: ComparisonBid[], overrides: Partial<Comparison> = {}): Comparison {
  const winner = bids.find((bid) => bid.is_automatic_winner) ?? null;
  return {
    shipment_id: 41,
    status: "Quotation Approved",
    chargeable_weight_kg: 250,
    automatic_winner_id: winner?.quotation.id ?? null,
    automatic_reason: `lowest total of ${bids.length} bids`,
    winner_id: winner?.quotation.id ?? null,
    award: null,
    can_award: true,
    bids,
    ...overrides,
  };
}
