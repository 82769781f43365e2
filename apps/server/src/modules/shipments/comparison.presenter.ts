import {
  AWARD_REASONS,
  automaticReason,
  awardLabel,
  centsToAmount,
  compareCents,
  parseCents,
  pricePerKgCents,
  quotationTotalCents,
  type AwardReason,
  type Comparison,
  type ComparisonBid,
  type ScorecardSummary,
  type ShipmentStatus,
} from "@fba/contract";
import type { ComparisonShipment } from "./comparison.repository.js";
import {
  presentQuotation,
  quotationDetailsOf,
  quotationExpired,
  type QuotationFields,
} from "./shipments.presenter.js";

const totalOf = (row: QuotationFields) =>
  quotationTotalCents({
    pickup_amount: row.pickupAmount,
    fast_amount: row.fastAmount,
    normal_amount: row.normalAmount,
  });

/** Two bids' stored totals compared in cents. */
const byStoredTotal = (a: QuotationFields, b: QuotationFields) =>
  compareCents(parseCents(a.totalAmount), parseCents(b.totalAmount));

/** The spec's automatic winner: the lowest total, the earliest bid on a tie. */
function automaticWinnerOf(rows: QuotationFields[]): QuotationFields | null {
  let best: QuotationFields | null = null;
  for (const row of rows) {
    if (!best) best = row;
    else {
      const diff = byStoredTotal(row, best);
      const earlier =
        row.createdAt.getTime() < best.createdAt.getTime() ||
        (row.createdAt.getTime() === best.createdAt.getTime() && row.id < best.id);
      if (diff < 0 || (diff === 0 && earlier)) best = row;
    }
  }
  return best;
}

/**
 * The comparison's order: total ascending; at equal totals bids with details before those without
 * ("details not given" sorts last), then the earliest.
 */
function compareBids(a: QuotationFields, b: QuotationFields): number {
  const diff = byStoredTotal(a, b);
  if (diff !== 0) return diff;
  const given = Number(Boolean(b.validUntil)) - Number(Boolean(a.validUntil));
  if (given !== 0) return given;
  return a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;
}

const isAwardReason = (value: string | null): value is AwardReason =>
  (AWARD_REASONS as readonly string[]).includes(value ?? "");

/**
 * The comparison's body from its three reads (pure: the bench's bare handler calls it too): every
 * bid unsealed with its agent, scorecard, total and price per chargeable kg, in the comparison's
 * order; the automatic winner and why; the seller's pick and its reason.
 */
export function presentComparison(
  shipment: ComparisonShipment,
  rows: QuotationFields[],
  scorecards: Map<number, ScorecardSummary>,
  userId: number,
  now: Date,
): Comparison {
  const status = shipment.status as ShipmentStatus;
  const automatic = automaticWinnerOf(rows);
  const weight = shipment.chargeableWeightKg;
  const bids = [...rows].sort(compareBids).map((row): ComparisonBid => {
    const isWinner = row.id === shipment.winningQuotationId;
    const total = totalOf(row);
    const perKg = pricePerKgCents(total, weight);
    const scorecard = scorecards.get(row.agentId);
    if (!scorecard) throw new Error(`no scorecard for agent ${row.agentId}`);
    return {
      quotation: presentQuotation(row, { isWinner, masked: false, now }),
      agent: { id: row.agentId, first_name: row.agentFirstName, last_name: row.agentLastName },
      scorecard,
      total_amount: centsToAmount(total),
      price_per_kg: perKg === null ? null : centsToAmount(perKg),
      details_given: quotationDetailsOf(row) !== null,
      is_automatic_winner: row.id === automatic?.id,
      is_winner: isWinner,
      is_expired: quotationExpired(row, now),
    };
  });
  const reason = shipment.awardReason;
  return {
    shipment_id: shipment.id,
    status,
    chargeable_weight_kg: weight,
    automatic_winner_id: automatic?.id ?? null,
    automatic_reason: automatic ? automaticReason(rows.length) : null,
    winner_id: shipment.winningQuotationId,
    award:
      isAwardReason(reason) && shipment.winningQuotationId !== null
        ? {
            quotation_id: shipment.winningQuotationId,
            reason,
            reason_text: shipment.awardReasonText,
            label: awardLabel(reason, shipment.awardReasonText),
          }
        : null,
    can_award: userId === shipment.sellerId && status === "Quotation Approved",
    bids,
  };
}
