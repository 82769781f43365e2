import { z } from "zod";
import { scorecardSummarySchema } from "./agents.js";
import { text } from "./text.js";
import {
  QUOTATION_SERVICES,
  quotationSchema,
  requiredId,
  type QuotationService,
} from "./quotations.js";
import { validUntilSchema } from "./quotation-details.js";
import { SHIPMENT_STATUSES } from "./constants.js";

/**
 * The seller's comparison of a shipment's bids once bidding closes, the award of another bid than
 * the automatic winner (with a reason every bidder learns), and re-confirming an expired quote.
 */

export const AWARD_REASONS = ["faster_transit", "better_record", "fc_delivery", "other"] as const;
export type AwardReason = (typeof AWARD_REASONS)[number];
export const AWARD_REASON_LABELS: Record<AwardReason, string> = {
  faster_transit: "Faster transit",
  better_record: "Better record",
  fc_delivery: "Includes delivery to FC",
  other: "Other",
};
export const AWARD_REASON_TEXT_MAX = 500;

/** "lowest total of 4 bids": why the automatic winner won (the spec's rule). */
export function automaticReason(bidCount: number): string {
  return `lowest total of ${bidCount} ${bidCount === 1 ? "bid" : "bids"}`;
}

/** The label of an award: the reason's label, with the seller's text for "other". */
export function awardLabel(reason: AwardReason, reasonText: string | null | undefined): string {
  if (reason === "other" && reasonText) return `Other: ${reasonText}`;
  return AWARD_REASON_LABELS[reason];
}

export const comparisonMessages = {
  notClosed: "Bids can be compared once bidding closes",
  notYourShipment: "Only the shipment's seller can compare its bids",
  quotationRequired: "Choose the bid to accept",
  quotationOtherShipment: "This bid is not one of this shipment's bids",
  quotationExpired: "This quotation has expired: ask the agent to re-confirm it first",
  quotationPassedOver: "You declined this quotation when you took the next bid",
  reasonRequired: "Choose why you pick this bid",
  reasonInvalid: "Reason must be faster_transit, better_record, fc_delivery or other",
  reasonTextRequired: "Say why you pick this bid",
  reasonTextMax: `Reason cannot exceed ${AWARD_REASON_TEXT_MAX} characters`,
  outsideApprovalWindow:
    "A bid can be picked only after bidding closes and before you accept or decline",
  awarded: "Quotation accepted successfully",
  reconfirmNotExpired: "Only an expired quotation can be re-confirmed",
  reconfirmAlreadyRequested: "The agent has already been asked to re-confirm this quotation",
  reconfirmRequested: "The agent was asked to re-confirm the quotation",
  reconfirmNotRequested: "The seller has not asked you to re-confirm this quotation",
  reconfirmAnswerRequired: "Give a new validity date or decline",
  reconfirmBoth: "Give a new validity date or decline, not both",
  reconfirmed: "Quotation re-confirmed",
  reconfirmDeclined: "Re-confirmation declined",
} as const;

// ---------------------------------------------------------------------------------------------
// Requests.

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** POST shipments/{id}/award/: the seller picks a bid (maybe not the automatic winner). */
export const awardInputSchema = z
  .object({
    quotation_id: requiredId(comparisonMessages.quotationRequired),
    reason: z.preprocess(
      blankToUndefined,
      z.enum(AWARD_REASONS, {
        error: (issue) =>
          issue.input === undefined
            ? comparisonMessages.reasonRequired
            : comparisonMessages.reasonInvalid,
      }),
    ),
    reason_text: z.preprocess(
      blankToUndefined,
      text().trim().max(AWARD_REASON_TEXT_MAX, comparisonMessages.reasonTextMax).optional(),
    ),
    accepted_service: z.preprocess(
      blankToUndefined,
      z.enum(QUOTATION_SERVICES, { error: "Service must be fast or normal" }).optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.reason === "other" && !value.reason_text) {
      ctx.addIssue({
        code: "custom",
        path: ["reason_text"],
        message: comparisonMessages.reasonTextRequired,
      });
    }
  })
  // Text is kept only for "other"; the fixed reasons speak for themselves.
  .transform((value) => ({
    ...value,
    reason_text: value.reason === "other" ? (value.reason_text ?? null) : null,
  }));
export type AwardInput = z.input<typeof awardInputSchema>;
export type AwardData = z.output<typeof awardInputSchema>;

/** POST quotations/{id}/reconfirm/: the agent extends the validity, or declines. */
export const reconfirmInputSchema = z
  .object({
    valid_until: z.preprocess(blankToUndefined, validUntilSchema.optional()),
    declined: z.preprocess(
      (value) => (value === "true" ? true : value === "false" ? false : blankToUndefined(value)),
      z.boolean({ error: "Declined must be true or false" }).optional(),
    ),
  })
  .superRefine((value, ctx) => {
    const declined = value.declined === true;
    if (!declined && value.valid_until === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["valid_until"],
        message: comparisonMessages.reconfirmAnswerRequired,
      });
    }
    if (declined && value.valid_until !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["declined"],
        message: comparisonMessages.reconfirmBoth,
      });
    }
  })
  .transform((value): ReconfirmAnswer =>
    value.declined === true
      ? { action: "decline" }
      : { action: "extend", valid_until: value.valid_until as string },
  );
export type ReconfirmInput = z.input<typeof reconfirmInputSchema>;
export type ReconfirmAnswer = { action: "extend"; valid_until: string } | { action: "decline" };

// ---------------------------------------------------------------------------------------------
// Responses.

export const comparisonAgentSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

export const comparisonBidSchema = z.object({
  /** The quotation row, unsealed, with its details. */
  quotation: quotationSchema,
  agent: comparisonAgentSchema,
  scorecard: scorecardSummarySchema,
  /** "1250.00": pickup plus the cheaper offered service (the spec's total). */
  total_amount: z.string(),
  /** Total per chargeable kg of the shipment, "12.34"; null without a weight. */
  price_per_kg: z.string().nullable(),
  details_given: z.boolean(),
  is_automatic_winner: z.boolean(),
  is_winner: z.boolean(),
  is_expired: z.boolean(),
});
export type ComparisonBid = z.infer<typeof comparisonBidSchema>;

export const awardSchema = z.object({
  quotation_id: z.number().int(),
  reason: z.enum(AWARD_REASONS),
  reason_text: z.string().nullable(),
  /** The reason's label, with the text for "other" ("Other: ..."). */
  label: z.string(),
});
export type Award = z.infer<typeof awardSchema>;

/**
 * GET shipments/{id}/comparison/: every bid side by side, by total ascending (bids with details
 * before those without at equal totals, then oldest first).
 */
export const comparisonSchema = z.object({
  shipment_id: z.number().int(),
  status: z.enum(SHIPMENT_STATUSES),
  chargeable_weight_kg: z.number().nullable(),
  /** The lowest total (the spec's winner); null when nobody bid. */
  automatic_winner_id: z.number().int().nullable(),
  /** "lowest total of 4 bids". */
  automatic_reason: z.string().nullable(),
  /** The bid that wins now: the automatic winner, or the one the seller picked. */
  winner_id: z.number().int().nullable(),
  /** The seller's pick of another bid than the automatic winner, with the reason; else null. */
  award: awardSchema.nullable(),
  /** The seller may accept or pick a bid now (the approval window is open). */
  can_award: z.boolean(),
  bids: z.array(comparisonBidSchema),
});
export type Comparison = z.infer<typeof comparisonSchema>;

/** What bidders and sellers are told about awards and re-confirmations. */
export const awardNotificationTexts = {
  /** Names the service when the seller chose one on accepting. */
  won: (shipmentId: number, product: string, reason: string, service?: QuotationService) =>
    `Your quotation for shipment #${shipmentId} (${product}) was accepted${service ? ` for the ${service} service` : ""}. Reason: ${reason}`,
  lost: (shipmentId: number, product: string, reason: string) =>
    `Shipment #${shipmentId} (${product}) was awarded to another quotation. Reason: ${reason}`,
  subject: (shipmentId: number) => `Outcome of the bidding for shipment #${shipmentId}`,
  reconfirmRequested: (shipmentId: number, product: string) =>
    `The seller of shipment #${shipmentId} (${product}) asks you to re-confirm your expired quotation`,
  reconfirmRequestedSubject: (shipmentId: number) =>
    `Please re-confirm your quotation (shipment #${shipmentId})`,
  reconfirmed: (shipmentId: number, product: string, agentName: string, validUntil: string) =>
    `${agentName} re-confirmed their quotation for shipment #${shipmentId} (${product}) until ${validUntil}`,
  reconfirmDeclined: (shipmentId: number, product: string, agentName: string) =>
    `${agentName} declined to re-confirm their quotation for shipment #${shipmentId} (${product})`,
  reconfirmAnsweredSubject: (shipmentId: number) =>
    `A quotation re-confirmation was answered (shipment #${shipmentId})`,
} as const;
