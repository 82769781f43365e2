import { RATING_SUB_SCORES, RATING_SUB_SCORE_LABELS } from "@fba/contract";

/** A rating's scores: the overall one, then the sub-scores. */
export const SCORES = ["overall", ...RATING_SUB_SCORES] as const;
export type Score = (typeof SCORES)[number];
export const SCORE_LABELS: Record<Score, string> = {
  overall: "Overall",
  ...RATING_SUB_SCORE_LABELS,
};
