import { Box, Chip, Link, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { agentProfilePath } from "../../../app/paths";
import type { AgentScorecard } from "../api/types";
import { formatRate, formatRating, NEW_AGENT_LABEL, showsRates } from "../lib/format";
import { useEntitiesT } from "../../../i18n/entities";
import { Stars } from "../../../components/Stars";

/**
 * The compact scorecard shown with a bid, in lists and on dashboards: "new agent" (under 3
 * completed orders) or the on-time share, the average rating as stars with its count, and a link
 * to the agent's profile.
 */
export function ScorecardSummary({
  scorecard,
  agentName,
  showProfileLink = true,
}: {
  scorecard: AgentScorecard;
  /** Names the link ("Ann Lee's profile"); "Agent profile" when absent. */
  agentName?: string;
  showProfileLink?: boolean;
}) {
  const { t } = useEntitiesT();
  const onTime = formatRate(scorecard.on_time_rate);
  const rating = formatRating(scorecard.rating_average);
  return (
    <Box
      data-testid="scorecard-summary"
      sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1.5, rowGap: 0.5 }}
    >
      {showsRates(scorecard) ? (
        <Typography variant="body2" component="span">
          {t("scorecard.onTime")}{" "}
          <Box component="strong" sx={{ fontWeight: 600 }}>
            {onTime ?? t("scorecard.notMeasured")}
          </Box>
          <Box component="span" sx={{ color: "text.secondary" }}>
            {t("scorecard.orders", { count: scorecard.completed_orders })}
          </Box>
        </Typography>
      ) : (
        <Chip
          size="small"
          color="info"
          variant="outlined"
          label={t("scorecard.newAgent", { defaultValue: NEW_AGENT_LABEL })}
        />
      )}
      <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
        {rating !== null && scorecard.rating_count > 0 ? (
          <>
            <Stars
              value={scorecard.rating_average}
              precision={0.5}
              size="small"
              label={t("scorecard.ratedOutOf5", { rating })}
            />
            <Typography variant="body2" component="span" sx={{ color: "text.secondary" }}>
              {`${rating} (${t("scorecard.ratings", { count: scorecard.rating_count })})`}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" component="span" sx={{ color: "text.secondary" }}>
            {t("scorecard.noRatings")}
          </Typography>
        )}
      </Box>
      {showProfileLink && (
        <Link
          component={RouterLink}
          to={agentProfilePath(scorecard.agent_id)}
          variant="body2"
          underline="always"
        >
          {agentName ? t("scorecard.profileOf", { name: agentName }) : t("scorecard.agentProfile")}
        </Link>
      )}
    </Box>
  );
}
