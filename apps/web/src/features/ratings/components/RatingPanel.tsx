import { lazy, Suspense } from "react";
import { Box, Stack, Typography } from "@mui/material";
import type { ShipmentRating } from "@fba/contract";
import { monthIn } from "@fba/contract/constants";
import { Panel } from "../../../components/Panel";
import { hasRating, useShipmentRating } from "../api/ratings";
import { SCORES } from "../lib/scores";
import { useRatingsT } from "../i18n";
import { Stars } from "../../../components/Stars";

// The forms (text fields, and zod with the contract's schemas) load with the panel that shows
// them (a completed order's), not with every shipment page.
const RatingForm = lazy(() => import("./RatingForms").then((m) => ({ default: m.RatingForm })));
const ReplyForm = lazy(() => import("./RatingForms").then((m) => ({ default: m.ReplyForm })));

const monthLabel = (month: string, locale: string) => monthIn(locale, month, "long");

/** A given rating: the scores as stars, the comment and the agent's answer. */
function RatingView({ rating }: { rating: ShipmentRating }) {
  const { t, i18n } = useRatingsT();
  return (
    <Stack spacing={1.5}>
      {/* One grid for every score (each row's box takes no space of its own), so the labels share
          a column as wide as the longest and the stars start at one edge on every row. */}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: "grid",
          columnGap: 2,
          rowGap: 1,
          alignItems: "center",
          gridTemplateColumns: {
            xs: "max-content minmax(0, 1fr)",
            sm: "repeat(2, max-content minmax(0, 1fr))",
          },
        }}
      >
        {SCORES.map((name) => (
          <Box key={name} sx={{ display: "contents" }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {t(`scores.${name}`)}
            </Typography>
            <Box component="dd" sx={{ m: 0, display: "flex", alignItems: "center" }}>
              <Stars
                value={rating[name]}
                size="small"
                label={t("panel.scoreLabel", { score: t(`scores.${name}`), value: rating[name] })}
              />
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t("panel.byline", {
          name: rating.rater_first_name,
          month: monthLabel(rating.month, i18n.language),
        })}
      </Typography>
      {rating.comment && (
        <Typography variant="body2">{t("panel.comment", { comment: rating.comment })}</Typography>
      )}
      {rating.reply && (
        <Box sx={{ pl: 2, borderLeft: 3, borderColor: "divider" }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {t("panel.agentAnswer")}
          </Typography>
          <Typography variant="body2">{rating.reply}</Typography>
        </Box>
      )}
    </Stack>
  );
}

/**
 * A completed order's rating: the seller rates the agent once; the agent sees it and may
 * answer once.
 */
export function RatingPanel({
  shipmentId,
  side,
}: {
  shipmentId: number;
  side: "seller" | "agent";
}) {
  const { t } = useRatingsT();
  const query = useShipmentRating(shipmentId);
  if (query.isPending || query.isError) return null;
  const rating = hasRating(query.data) ? query.data : null;
  if (!rating && side === "agent") {
    return (
      <Panel title={t("panel.rating")}>
        <Typography variant="body2" color="text.secondary">
          {t("panel.notRated")}
        </Typography>
      </Panel>
    );
  }
  // The panel shows once its form's code is in as well: one appearance, not the panel and then
  // its form pushing what is below it down.
  return (
    <Suspense fallback={null}>
      <Panel title={side === "seller" ? t("panel.rateAgent") : t("panel.rating")}>
        {rating ? (
          <Stack spacing={2}>
            <RatingView rating={rating} />
            {side === "agent" && rating.can_reply && <ReplyForm shipmentId={shipmentId} />}
          </Stack>
        ) : (
          <RatingForm shipmentId={shipmentId} />
        )}
      </Panel>
    </Suspense>
  );
}
