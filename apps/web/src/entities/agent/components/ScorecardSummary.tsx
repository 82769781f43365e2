import { Box, Chip, Link, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { agentProfilePath } from "../../../app/paths";
import type { AgentScorecard } from "../api/types";
import {
  formatRate,
  formatRating,
  NEW_AGENT_LABEL,
  ratingCountLabel,
  showsRates,
} from "../lib/format";
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
  const onTime = formatRate(scorecard.on_time_rate);
  const rating = formatRating(scorecard.rating_average);
  return (
    <Box
      data-testid="scorecard-summary"
      sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1.5, rowGap: 0.5 }}
    >
      {showsRates(scorecard) ? (
        <Typography variant="body2" component="span">
          On time{" "}
          <Box component="strong" sx={{ fontWeight: 600 }}>
            {onTime ?? "not measured"}
          </Box>
          <Box component="span" sx={{ color: "text.secondary" }}>
            {` · ${scorecard.completed_orders} orders`}
          </Box>
        </Typography>
      ) : (
        <Chip size="small" color="info" variant="outlined" label={NEW_AGENT_LABEL} />
      )}
      <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
        {rating !== null && scorecard.rating_count > 0 ? (
          <>
            <Stars
              value={scorecard.rating_average}
              precision={0.5}
              size="small"
              label={`Rated ${rating} out of 5`}
            />
            <Typography variant="body2" component="span" sx={{ color: "text.secondary" }}>
              {`${rating} (${ratingCountLabel(scorecard.rating_count)})`}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" component="span" sx={{ color: "text.secondary" }}>
            No ratings yet
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
          {agentName ? `${agentName}'s profile` : "Agent profile"}
        </Link>
      )}
    </Box>
  );
}
