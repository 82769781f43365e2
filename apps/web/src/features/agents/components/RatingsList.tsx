import { useState } from "react";
import { Box, Pagination, Paper, Stack, Typography } from "@mui/material";
import { Stars } from "../../../components/Stars";
import { monthIn } from "@fba/contract/constants";
import type { AgentRating } from "../../../entities/agent";
import { useAgentRatings } from "../../../entities/agent/api/agents";
import { QueryState } from "../../../components/query-state/QueryState";
import { useAgentsT } from "../i18n";

const PER_PAGE = 10;

/** "2026-03" -> "March 2026" (in Chinese "2026年3月"). */
export function ratingMonth(month: string, language = "en"): string {
  return monthIn(language, month, "long");
}

const SUB_SCORES = ["communication", "care_of_cargo", "punctuality", "as_described"] as const;

function RatingItem({ rating, agentFirstName }: { rating: AgentRating; agentFirstName: string }) {
  const { t, i18n } = useAgentsT();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: "none" }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
        <Stars
          value={rating.overall}
          size="small"
          label={t("ratings.rated", { value: rating.overall })}
        />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {rating.rater_first_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {ratingMonth(rating.month, i18n.language)}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {SUB_SCORES.map((key) =>
          t("ratings.subScore", { label: t(`scores.${key}`), value: rating[key] }),
        ).join(" · ")}
      </Typography>
      {rating.comment && (
        <Typography
          variant="body2"
          sx={{ mt: 1, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
        >
          {rating.comment}
        </Typography>
      )}
      {rating.reply && (
        <Box
          sx={{ mt: 1.5, pl: 1.5, borderLeft: 3, borderColor: "divider" }}
          aria-label={t("ratings.replyFrom", { name: agentFirstName })}
          role="group"
        >
          <Typography variant="caption" color="text.secondary" component="p">
            {t("ratings.replyFrom", { name: agentFirstName })}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {rating.reply}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}

/** An agent's ratings, newest first, with the agent's replies; paged. */
export function RatingsList({
  agentId,
  agentFirstName,
}: {
  agentId: number;
  agentFirstName: string;
}) {
  const { t } = useAgentsT();
  const [page, setPage] = useState(1);
  const query = useAgentRatings(agentId, page, PER_PAGE);
  return (
    <QueryState query={query} what="the ratings">
      {({ ratings, pagination }) =>
        ratings.length === 0 ? (
          <Typography color="text.secondary">{t("ratings.none")}</Typography>
        ) : (
          <Stack spacing={2}>
            <Stack
              component="ul"
              spacing={1.5}
              sx={{ m: 0, p: 0 }}
              aria-label={t("ratings.listLabel")}
            >
              {ratings.map((rating) => (
                <RatingItem key={rating.id} rating={rating} agentFirstName={agentFirstName} />
              ))}
            </Stack>
            {pagination.pages > 1 && (
              <Pagination
                count={pagination.pages}
                page={page}
                onChange={(_, next) => setPage(next)}
                getItemAriaLabel={(type, item) =>
                  type === "page"
                    ? t("ratings.page", { page: item })
                    : type === "first" || type === "last" || type === "next"
                      ? t(`ratings.goTo.${type}`)
                      : t("ratings.goTo.previous")
                }
              />
            )}
          </Stack>
        )
      }
    </QueryState>
  );
}
