/**
 * An agent's record as the API sends it (the contract's types): the scorecard is computed by the
 * server from the data, never typed in, and never reveals bid amounts.
 */
export type {
  AgentProfile,
  AgentRating,
  ScorecardSummary as AgentScorecard,
  SubScores as ScorecardSubScores,
} from "@fba/contract";
