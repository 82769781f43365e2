import { Alert, Box, Typography } from "@mui/material";
import type { AgentScorecard } from "../api/types";
import {
  formatRate,
  formatRating,
  formatResponseHours,
  formatVariance,
  NOT_MEASURED,
  ratingCountLabel,
  showsRates,
} from "../lib/format";
import { Stars } from "../../../components/Stars";

interface Line {
  label: string;
  value: string | null;
  definition: string;
}

const SUB_SCORES = [
  ["communication", "Communication"],
  ["care_of_cargo", "Care of cargo"],
  ["punctuality", "Punctuality"],
  ["as_described", "As described"],
] as const;

function lines(s: AgentScorecard): Line[] {
  const rates = showsRates(s);
  const rate = (value: number | null) => (rates ? formatRate(value) : null);
  return [
    {
      label: "Completed orders",
      value: String(s.completed_orders),
      definition: "Orders this agent won and delivered to the end.",
    },
    {
      label: "Completed with destinations not delivered",
      value: String(s.completed_undelivered),
      definition:
        "Completed orders where one or more Amazon destinations had not been delivered; the seller was told which and why.",
    },
    {
      label: "On-time delivery",
      value: rate(s.on_time_rate),
      definition: "Share of orders delivered by their ETA, where leg milestones were recorded.",
    },
    {
      label: "Delivered to the booked FC",
      value: rate(s.booked_fc_rate),
      definition: "Share of legs delivered to the Amazon FC the seller booked, where legs exist.",
    },
    {
      label: "Proof of delivery",
      value: rate(s.pod_rate),
      definition: "Share of delivered legs with a proof of delivery.",
    },
    {
      label: "Final amount vs accepted bid (average)",
      value: rates ? formatVariance(s.variance_avg_pct) : null,
      definition: "How far final amounts moved from the accepted bid's total, on average.",
    },
    {
      label: "Final amount vs accepted bid (worst)",
      value: rates ? formatVariance(s.variance_worst_pct) : null,
      definition: "The largest move of a final amount from its accepted bid.",
    },
    {
      label: "Cancellation rate",
      value: rate(s.cancellation_rate),
      definition: "Orders the agent cancelled or abandoned after winning, out of all wins.",
    },
    {
      label: "Median response time",
      value: formatResponseHours(s.median_response_hours),
      definition: "Median time from a shipment being posted to this agent's bid on it.",
    },
  ];
}

/**
 * The full scorecard: every figure with what it means. An agent with fewer than 3 completed
 * orders shows "new agent" instead of rates.
 */
export function ScorecardDetails({ scorecard }: { scorecard: AgentScorecard }) {
  const rating = formatRating(scorecard.rating_average);
  return (
    <Box data-testid="scorecard-details">
      {!showsRates(scorecard) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <strong>New agent</strong>: fewer than 3 completed orders, so no rates are shown yet.
        </Alert>
      )}
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 1, mb: 2 }}>
        {rating !== null && scorecard.rating_count > 0 ? (
          <>
            <Stars
              value={scorecard.rating_average}
              precision={0.5}
              label={`Rated ${rating} out of 5`}
            />
            <Typography component="span">
              <strong>{rating}</strong> out of 5 · {ratingCountLabel(scorecard.rating_count)}
            </Typography>
          </>
        ) : (
          <Typography color="text.secondary">No ratings yet</Typography>
        )}
      </Box>
      {scorecard.sub_scores && scorecard.rating_count > 0 && (
        <Box
          component="dl"
          data-testid="scorecard-sub-scores"
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, 1fr)" },
            gap: 1.5,
            m: 0,
            mb: 2,
          }}
        >
          {SUB_SCORES.map(([key, label]) => (
            <Box key={key} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 600 }}>
                {formatRating(scorecard.sub_scores?.[key] ?? null) ?? "–"} / 5
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Box
        component="dl"
        data-testid="scorecard-figures"
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" },
          columnGap: 3,
          rowGap: 1.5,
          m: 0,
        }}
      >
        {lines(scorecard).map((line) => (
          <Box
            key={line.label}
            sx={{
              minWidth: 0,
              display: "grid",
              gridTemplateColumns: "1fr auto",
              columnGap: 2,
              alignItems: "baseline",
            }}
          >
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {line.label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, textAlign: "right", whiteSpace: "nowrap" }}
              color={line.value === null ? "text.secondary" : "text.primary"}
            >
              {line.value ?? NOT_MEASURED}
            </Typography>
            <Typography
              component="dd"
              variant="caption"
              color="text.secondary"
              sx={{ m: 0, gridColumn: "1 / -1" }}
            >
              {line.definition}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
