/**
 * An agent's scorecard as the API sends it (computed by the server from the data; never typed in,
 * never revealing bid amounts). Rates are 0..1, null when the agent is new or nothing is measured.
 */
export interface ScorecardSubScores {
  communication: number;
  care_of_cargo: number;
  punctuality: number;
  as_described: number;
}

export interface AgentScorecard {
  agent_id: number;
  /** Fewer than 3 completed orders: shown as "new agent" instead of rates. */
  is_new: boolean;
  completed_orders: number;
  on_time_rate: number | null;
  booked_fc_rate: number | null;
  pod_rate: number | null;
  variance_avg_pct: number | null;
  variance_worst_pct: number | null;
  cancellation_rate: number | null;
  rating_average: number | null;
  rating_count: number;
  sub_scores: ScorecardSubScores | null;
  median_response_hours: number | null;
}

/** GET /api/agents/{id}/ */
export interface AgentProfile {
  id: number;
  first_name: string;
  last_name: string;
  company_name?: string | null;
  member_since: string;
  scorecard: AgentScorecard;
}

/** One rating of an agent, as sellers and admins see it (rater's first name and month only). */
export interface AgentRating {
  id: number;
  overall: number;
  communication: number;
  care_of_cargo: number;
  punctuality: number;
  as_described: number;
  comment: string | null;
  reply: string | null;
  replied_at: string | null;
  rater_first_name: string;
  /** "YYYY-MM" */
  month: string;
}
