import { lazy, Suspense } from "react";
import { Box, Stack, Typography } from "@mui/material";
import type { ShipmentRating } from "@fba/contract";
import { Panel } from "../../../components/Panel";
import { hasRating, useShipmentRating } from "../api/ratings";
import { SCORES, SCORE_LABELS } from "../lib/scores";
import { Stars } from "../../../components/Stars";

// The forms (text fields, and zod with the contract's schemas) load with the panel that shows
// them (a completed order's), not with every shipment page.
const RatingForm = lazy(() => import("./RatingForms").then((m) => ({ default: m.RatingForm })));
const ReplyForm = lazy(() => import("./RatingForms").then((m) => ({ default: m.ReplyForm })));

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/** A given rating: the scores as stars, the comment and the agent's answer. */
function RatingView({ rating }: { rating: ShipmentRating }) {
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
              {SCORE_LABELS[name]}
            </Typography>
            <Box component="dd" sx={{ m: 0, display: "flex", alignItems: "center" }}>
              <Stars
                value={rating[name]}
                size="small"
                label={`${SCORE_LABELS[name]}: ${rating[name]} out of 5`}
              />
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {rating.rater_first_name}, {monthLabel(rating.month)}
      </Typography>
      {rating.comment && <Typography variant="body2">“{rating.comment}”</Typography>}
      {rating.reply && (
        <Box sx={{ pl: 2, borderLeft: 3, borderColor: "divider" }}>
          <Typography variant="caption" color="text.secondary" component="p">
            The agent&apos;s answer
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
  const query = useShipmentRating(shipmentId);
  if (query.isPending || query.isError) return null;
  const rating = hasRating(query.data) ? query.data : null;
  if (!rating && side === "agent") {
    return (
      <Panel title="Rating">
        <Typography variant="body2" color="text.secondary">
          The seller has not rated this order yet.
        </Typography>
      </Panel>
    );
  }
  // The panel shows once its form's code is in as well: one appearance, not the panel and then
  // its form pushing what is below it down.
  return (
    <Suspense fallback={null}>
      <Panel title={side === "seller" ? "Rate the agent" : "Rating"}>
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
