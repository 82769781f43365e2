import { Alert, Stack, Typography } from "@mui/material";
import { useParams } from "react-router";
import { Panel } from "../../../components/Panel";
import { PageHeader } from "../../../components/PageHeader";
import { QueryState } from "../../../components/query-state/QueryState";
import { ScorecardDetails } from "../../../entities/agent";
import { useAgentProfile } from "../../../entities/agent/api/agents";
import { ApiError } from "../../../lib/api-client";
import { useLocalDay } from "../../../i18n/local-day";
import { RatingsList } from "../components/RatingsList";
import { useAgentsT } from "../i18n";

function refusal(error: unknown, t: ReturnType<typeof useAgentsT>["t"]) {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 404) return <Alert severity="error">{t("profile.missing")}</Alert>;
  if (error.status === 403) {
    return <Alert severity="error">{error.message || t("profile.refused")}</Alert>;
  }
  return undefined;
}

/**
 * An agent's record as sellers and admins see it (and the agent itself): name, member since, the
 * full scorecard with what each figure means, and the ratings with the agent's replies.
 */
export default function AgentProfilePage() {
  const { t } = useAgentsT();
  const localDay = useLocalDay();
  const { id = "" } = useParams();
  const agentId = Number(id);
  const query = useAgentProfile(agentId);
  if (!Number.isInteger(agentId) || agentId <= 0) {
    return <Alert severity="error">{t("profile.missing")}</Alert>;
  }
  return (
    <QueryState query={query} what="this agent" renderError={(error) => refusal(error, t)}>
      {(agent) => {
        const name = `${agent.first_name} ${agent.last_name}`.trim();
        return (
          <Stack spacing={2}>
            <PageHeader title={name || t("profile.fallbackName")} />
            <Typography color="text.secondary" sx={{ mt: -1.5 }}>
              {agent.company_name ? `${agent.company_name} · ` : ""}
              {t("profile.role")} ·{" "}
              {t("profile.memberSince", { day: localDay(agent.member_since) })}
            </Typography>
            <Panel title={t("profile.scorecard")}>
              <ScorecardDetails scorecard={agent.scorecard} />
            </Panel>
            <Panel title={t("profile.ratings")}>
              <RatingsList
                agentId={agent.id}
                agentFirstName={agent.first_name || t("profile.theAgent")}
              />
            </Panel>
          </Stack>
        );
      }}
    </QueryState>
  );
}
