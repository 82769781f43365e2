import { Alert, Stack, Typography } from "@mui/material";
import { useParams } from "react-router";
import { Panel } from "../../../components/Panel";
import { PageHeader } from "../../../components/PageHeader";
import { QueryState } from "../../../components/query-state/QueryState";
import { ScorecardDetails } from "../../../entities/agent";
import { useAgentProfile } from "../../../entities/agent/api/agents";
import { ApiError } from "../../../lib/api-client";
import { formatCalendarDay } from "../../../lib/format";
import { RatingsList } from "../components/RatingsList";

function refusal(error: unknown) {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 404) return <Alert severity="error">This agent does not exist.</Alert>;
  if (error.status === 403) {
    return <Alert severity="error">{error.message || "You cannot view this agent."}</Alert>;
  }
  return undefined;
}

/**
 * An agent's record as sellers and admins see it (and the agent itself): name, member since, the
 * full scorecard with what each figure means, and the ratings with the agent's replies.
 */
export default function AgentProfilePage() {
  const { id = "" } = useParams();
  const agentId = Number(id);
  const query = useAgentProfile(agentId);
  if (!Number.isInteger(agentId) || agentId <= 0) {
    return <Alert severity="error">This agent does not exist.</Alert>;
  }
  return (
    <QueryState query={query} what="this agent" renderError={refusal}>
      {(agent) => {
        const name = `${agent.first_name} ${agent.last_name}`.trim();
        return (
          <Stack spacing={2}>
            <PageHeader title={name || "Agent"} />
            <Typography color="text.secondary" sx={{ mt: -1.5 }}>
              {agent.company_name ? `${agent.company_name} · ` : ""}Freight agent · Member since{" "}
              {formatCalendarDay(agent.member_since)}
            </Typography>
            <Panel title="Scorecard">
              <ScorecardDetails scorecard={agent.scorecard} />
            </Panel>
            <Panel title="Ratings">
              <RatingsList agentId={agent.id} agentFirstName={agent.first_name || "the agent"} />
            </Panel>
          </Stack>
        );
      }}
    </QueryState>
  );
}
