import { Box, Paper, Stack, Typography } from "@mui/material";
import type { Comparison, ComparisonBid } from "@fba/contract";
import { ScorecardSummary } from "../../../entities/agent";
import { useFormat } from "../../../i18n/use-format";
import { useComparisonT } from "../i18n";
import { InclusionList } from "../../../entities/shipment/components/QuotationDetailsView";
import { CardField, phoneCard } from "../../../components/Panel";
import {
  agentName,
  PerKg,
  ServiceCell,
  Validity,
  BidChips,
  BidAction,
  type Actions,
} from "./BidCells";

/** One card per bid on a phone, in the chosen order. */
export function ComparisonCards({
  bids,
  comparison,
  actions,
}: {
  bids: ComparisonBid[];
  comparison: Comparison;
  actions: Actions;
}) {
  const { t } = useComparisonT();
  const format = useFormat();
  return (
    <Stack component="ul" spacing={1.5} aria-label={t("cards.label")} sx={{ m: 0, p: 0 }}>
      {bids.map((bid) => (
        <Paper
          key={bid.quotation.id}
          component="li"
          variant="outlined"
          aria-label={t("cards.bidOf", { name: agentName(bid) })}
          sx={{ ...phoneCard, ...(bid.is_winner ? { borderColor: "primary.main" } : {}) }}
        >
          <Stack spacing={1}>
            <Typography variant="subtitle1" component="h3">
              {agentName(bid)}
            </Typography>
            <BidChips bid={bid} comparison={comparison} />
            <ScorecardSummary scorecard={bid.scorecard} agentName={agentName(bid)} />
            <Box component="dl" sx={{ m: 0 }}>
              <CardField label={t("table.total")}>
                <Box component="strong">{format.money(bid.total_amount)}</Box>
              </CardField>
              <CardField label={t("table.perKg")}>
                <PerKg bid={bid} />
              </CardField>
              <CardField label={t("table.pickup")}>
                {format.money(bid.quotation.pickup_amount)}
              </CardField>
              <CardField label={t("table.fast")}>
                <ServiceCell bid={bid} mode="fast" />
              </CardField>
              <CardField label={t("table.normal")}>
                <ServiceCell bid={bid} mode="normal" />
              </CardField>
              <CardField label={t("table.validUntil")}>
                <Validity bid={bid} />
              </CardField>
            </Box>
            {bid.quotation.details ? (
              <Box>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
                  {t("cards.includes")}
                </Typography>
                <InclusionList inclusions={bid.quotation.details.inclusions} dense />
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t("dutiesExcluded")}
              </Typography>
            )}
            {bid.quotation.details?.note && (
              <Typography variant="body2">
                {t("cards.note", { note: bid.quotation.details.note })}
              </Typography>
            )}
            <Box>
              <BidAction bid={bid} comparison={comparison} actions={actions} />
            </Box>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
