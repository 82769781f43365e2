import { Alert, Box, Typography } from "@mui/material";
import type { AgentScorecard } from "../api/types";
import {
  formatRate,
  formatRating,
  formatVariance,
  responseTimeParts,
  showsRates,
} from "../lib/format";
import { useEntitiesT } from "../../../i18n/entities";

type EntitiesT = ReturnType<typeof useEntitiesT>["t"];
import { Stars } from "../../../components/Stars";

interface Line {
  label: string;
  value: string | null;
  definition: string;
}

const SUB_SCORES = ["communication", "care_of_cargo", "punctuality", "as_described"] as const;

const LINES = [
  "completed",
  "undelivered",
  "onTime",
  "bookedFc",
  "pod",
  "varianceAvg",
  "varianceWorst",
  "cancellation",
  "response",
] as const;

function lines(s: AgentScorecard, t: EntitiesT): Line[] {
  const rates = showsRates(s);
  const rate = (value: number | null) => (rates ? formatRate(value) : null);
  const response = responseTimeParts(s.median_response_hours);
  const values: Record<(typeof LINES)[number], string | null> = {
    completed: String(s.completed_orders),
    undelivered: String(s.completed_undelivered),
    onTime: rate(s.on_time_rate),
    bookedFc: rate(s.booked_fc_rate),
    pod: rate(s.pod_rate),
    varianceAvg: rates ? formatVariance(s.variance_avg_pct) : null,
    varianceWorst: rates ? formatVariance(s.variance_worst_pct) : null,
    cancellation: rate(s.cancellation_rate),
    response: response && t(`scorecard.${response.unit}`, { value: response.value }),
  };
  return LINES.map((key) => ({
    label: t(`scorecard.lines.${key}`),
    value: values[key],
    definition: t(`scorecard.lines.${key}Definition`),
  }));
}

/**
 * The full scorecard: every figure with what it means. An agent with fewer than 3 completed
 * orders shows "new agent" instead of rates.
 */
export function ScorecardDetails({ scorecard }: { scorecard: AgentScorecard }) {
  const { t } = useEntitiesT();
  const rating = formatRating(scorecard.rating_average);
  return (
    <Box data-testid="scorecard-details">
      {!showsRates(scorecard) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <strong>{t("scorecard.newAgentTitle")}</strong>
          {t("scorecard.newAgentText")}
        </Alert>
      )}
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 1, mb: 2 }}>
        {rating !== null && scorecard.rating_count > 0 ? (
          <>
            <Stars
              value={scorecard.rating_average}
              precision={0.5}
              label={t("scorecard.ratedOutOf5", { rating })}
            />
            <Typography component="span">
              <strong>{rating}</strong> {t("scorecard.outOf5")} ·{" "}
              {t("scorecard.ratings", { count: scorecard.rating_count })}
            </Typography>
          </>
        ) : (
          <Typography color="text.secondary">{t("scorecard.noRatings")}</Typography>
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
          {SUB_SCORES.map((key) => (
            <Box key={key} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {t(`scorecard.sub.${key}`)}
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
        {lines(scorecard, t).map((line) => (
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
              {line.value ?? t("scorecard.notMeasuredYet")}
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
