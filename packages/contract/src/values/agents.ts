/** Agents' and ratings' values the shipment page shows (no schemas: see ../agents.ts). */

/** Below this many completed orders an agent is shown as "new agent" instead of rates. */
export const NEW_AGENT_MIN_COMPLETED_ORDERS = 3;

/** What the UI shows instead of rates for a new agent. */
export const NEW_AGENT_LABEL = "new agent";

/** The four sub-scores of a rating, besides the overall score. */
export const RATING_SUB_SCORES = [
  "communication",
  "care_of_cargo",
  "punctuality",
  "as_described",
] as const;
export type RatingSubScore = (typeof RATING_SUB_SCORES)[number];

export const RATING_SUB_SCORE_LABELS: Record<RatingSubScore, string> = {
  communication: "Communication",
  care_of_cargo: "Care of cargo",
  punctuality: "Punctuality",
  as_described: "As described",
};

export const RATING_COMMENT_MAX = 1000;
export const RATING_REPLY_MAX = 1000;
