export { ScorecardSummary } from "./components/ScorecardSummary";
export { ScorecardDetails } from "./components/ScorecardDetails";
export type { AgentProfile, AgentRating, AgentScorecard, ScorecardSubScores } from "./api/types";
export * from "./lib/format";
