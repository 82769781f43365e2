import { z } from "zod";
import { emptyObjectSchema, listQuerySchema } from "./common.js";
import { text } from "./text.js";
import { RATING_COMMENT_MAX, RATING_REPLY_MAX } from "./values/agents.js";
export * from "./values/agents.js";

/**
 * An agent's record as sellers see it: a scorecard computed from the data (orders, legs,
 * documents, charge changes, bids, ratings; never typed in), a public profile, and the ratings
 * sellers gave after completed orders. Nothing here reveals a bid amount.
 */

export const ratingMessages = {
  scoreRequired: "Give a score from 1 to 5",
  scoreInvalid: "A score is a whole number from 1 to 5",
  commentMax: `Comment cannot exceed ${RATING_COMMENT_MAX} characters`,
  replyRequired: "Write your answer",
  replyMax: `Answer cannot exceed ${RATING_REPLY_MAX} characters`,
  notCompleted: "An order can be rated once it is completed",
  alreadyRated: "You have already rated this order",
  onlySeller: "Only the order's seller can rate its agent",
  noRating: "This order has not been rated yet",
  alreadyReplied: "You have already answered this rating",
  onlyAgent: "Only the order's agent can answer its rating",
  created: "Thank you: your rating was saved",
  replied: "Your answer was saved",
} as const;

/** The texts of notifications and emails about ratings. */
export const ratingNotificationTexts = {
  rated: (shipmentId: number, product: string, overall: number) =>
    `The seller rated shipment #${shipmentId} (${product}) ${overall} out of 5. You can answer once on the order page.`,
  ratedSubject: (shipmentId: number) => `New rating (shipment #${shipmentId})`,
  replied: (shipmentId: number, product: string) =>
    `The agent answered your rating of shipment #${shipmentId} (${product})`,
  repliedSubject: (shipmentId: number) => `Answer to your rating (shipment #${shipmentId})`,
} as const;

export const agentMessages = {
  notFound: "Agent not found",
  otherAgent: "Agents can see only their own record",
} as const;

// ---------------------------------------------------------------------------------------------
// Requests.

/** A score 1-5; numeric strings (from forms) are accepted too. */
const scoreSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === "") return undefined;
    if (typeof value === "string") return /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : NaN;
    return value;
  },
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? ratingMessages.scoreRequired : ratingMessages.scoreInvalid,
    })
    .int(ratingMessages.scoreInvalid)
    .min(1, ratingMessages.scoreInvalid)
    .max(5, ratingMessages.scoreInvalid),
);

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** POST shipments/{id}/rating/: the seller's one rating of a completed order's agent. */
export const createRatingInputSchema = z.object({
  overall: scoreSchema,
  communication: scoreSchema,
  care_of_cargo: scoreSchema,
  punctuality: scoreSchema,
  as_described: scoreSchema,
  comment: z.preprocess(
    blankToUndefined,
    text().trim().max(RATING_COMMENT_MAX, ratingMessages.commentMax).optional(),
  ),
});
export type CreateRatingInput = z.input<typeof createRatingInputSchema>;
export type CreateRatingData = z.output<typeof createRatingInputSchema>;

/** POST shipments/{id}/rating/reply/: the agent's one answer. */
export const ratingReplyInputSchema = z.object({
  reply: text({ error: ratingMessages.replyRequired })
    .trim()
    .min(1, { error: ratingMessages.replyRequired, abort: true })
    .max(RATING_REPLY_MAX, ratingMessages.replyMax),
});
export type RatingReplyInput = z.input<typeof ratingReplyInputSchema>;

/** GET agents/{id}/ratings/: page and per_page (malformed values fall back to defaults). */
export const agentRatingsQuerySchema = listQuerySchema.pick({ page: true, per_page: true });
export type AgentRatingsQuery = z.infer<typeof agentRatingsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses.

export const subScoresSchema = z.object({
  communication: z.number(),
  care_of_cargo: z.number(),
  punctuality: z.number(),
  as_described: z.number(),
});
export type SubScores = z.infer<typeof subScoresSchema>;

/**
 * An agent's scorecard. Rates are 0..1 and null when the agent is new (fewer than
 * NEW_AGENT_MIN_COMPLETED_ORDERS completed orders) or nothing is measured yet.
 * - on_time_rate: orders whose every leg was delivered by the end (UTC) of its ETA day, of the
 *   orders whose every leg has an ETA and a Delivered milestone.
 * - booked_fc_rate: legs delivered to the FC they were booked for, of the legs delivered.
 * - pod_rate: legs of completed orders with a proof-of-delivery document, of those legs.
 * - variance_*_pct: final amount against the accepted bid total, in percent (positive: charged
 *   more), over completed orders.
 * - cancellation_rate: orders the agent cancelled or abandoned after winning, of its wins.
 * - rating_*: averages 1..5 of sellers' ratings (shown whether or not the agent is new).
 * - median_response_hours: median time from a shipment's posting to this agent's bid on it.
 */
export const scorecardSummarySchema = z.object({
  agent_id: z.number().int(),
  is_new: z.boolean(),
  completed_orders: z.number().int(),
  /** Completed orders with destinations not delivered when the agent completed them. */
  completed_undelivered: z.number().int(),
  on_time_rate: z.number().nullable(),
  booked_fc_rate: z.number().nullable(),
  pod_rate: z.number().nullable(),
  variance_avg_pct: z.number().nullable(),
  variance_worst_pct: z.number().nullable(),
  cancellation_rate: z.number().nullable(),
  rating_average: z.number().nullable(),
  rating_count: z.number().int(),
  sub_scores: subScoresSchema.nullable(),
  median_response_hours: z.number().nullable(),
});
export type ScorecardSummary = z.infer<typeof scorecardSummarySchema>;

/** GET agents/{id}/: what a seller sees of an agent. */
export const agentProfileSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string().nullable().optional(),
  /** When the account was created (ISO date-time). */
  member_since: z.string(),
  scorecard: scorecardSummarySchema,
});
export type AgentProfile = z.infer<typeof agentProfileSchema>;

/** One rating as listed on an agent's profile: the rater's first name and the month only. */
export const agentRatingSchema = z.object({
  id: z.number().int(),
  overall: z.number().int(),
  communication: z.number().int(),
  care_of_cargo: z.number().int(),
  punctuality: z.number().int(),
  as_described: z.number().int(),
  comment: z.string().nullable(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  rater_first_name: z.string(),
  /** "YYYY-MM" of the rating. */
  month: z.string(),
});
export type AgentRating = z.infer<typeof agentRatingSchema>;

/** GET shipments/{id}/rating/: the order's rating with what the caller may do, or `{}`. */
export const shipmentRatingSchema = agentRatingSchema.extend({
  shipment_id: z.number().int(),
  agent_id: z.number().int(),
  created_at: z.string(),
  /** The order's agent, before answering. */
  can_reply: z.boolean(),
});
export type ShipmentRating = z.infer<typeof shipmentRatingSchema>;

export const shipmentRatingOrEmptySchema = z.union([shipmentRatingSchema, emptyObjectSchema]);
export type ShipmentRatingOrEmpty = ShipmentRating | Record<string, never>;

/** "92%" for 0.92; "n/a" for null. */
export function formatRate(rate: number | null): string {
  // eslint-disable-next-line no-restricted-syntax -- a percentage, not money
  return rate === null ? "n/a" : `${Math.round(rate * 100)}%`;
}
