import type { AgentProfile, AgentRating, ScorecardSummary, ShipmentRating } from "@fba/contract";
import type { AgentRow, RatingRow } from "./agents.repository.js";

export function presentAgentProfile(row: AgentRow, scorecard: ScorecardSummary): AgentProfile {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    company_name: row.companyName,
    member_since: row.createdAt.toISOString(),
    scorecard,
  };
}

/** "YYYY-MM" in UTC. */
const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** A rating as others see it: the rater's first name and the month, never the order. */
export function presentAgentRating(row: RatingRow): AgentRating {
  return {
    id: row.id,
    overall: row.overall,
    communication: row.communication,
    care_of_cargo: row.careOfCargo,
    punctuality: row.punctuality,
    as_described: row.asDescribed,
    comment: row.comment,
    reply: row.reply,
    replied_at: row.repliedAt?.toISOString() ?? null,
    rater_first_name: row.raterFirstName,
    month: monthOf(row.createdAt),
  };
}

export function presentShipmentRating(row: RatingRow, canReply: boolean): ShipmentRating {
  return {
    ...presentAgentRating(row),
    shipment_id: row.shipmentId,
    agent_id: row.agentId,
    created_at: row.createdAt.toISOString(),
    can_reply: canReply && row.reply === null,
  };
}
