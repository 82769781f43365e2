import { Box, Paper, Stack, Typography } from "@mui/material";
import type { Comparison, ComparisonBid } from "@fba/contract";
import { ScorecardSummary } from "../../../entities/agent";
import { formatMoney } from "../../../entities/shipment/lib/format";
import { DUTIES_EXCLUDED } from "../../../entities/shipment/lib/quotation-details";
import { InclusionList } from "../../../entities/shipment/components/QuotationDetailsView";
import { CardField, phoneCard } from "../../../components/Panel";
import {
  agentName,
  perKg,
  serviceCell,
  validity,
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
  return (
    <Stack component="ul" spacing={1.5} aria-label="Bid comparison" sx={{ m: 0, p: 0 }}>
      {bids.map((bid) => (
        <Paper
          key={bid.quotation.id}
          component="li"
          variant="outlined"
          aria-label={`${agentName(bid)}'s bid`}
          sx={{ ...phoneCard, ...(bid.is_winner ? { borderColor: "primary.main" } : {}) }}
        >
          <Stack spacing={1}>
            <Typography variant="subtitle1" component="h3">
              {agentName(bid)}
            </Typography>
            <BidChips bid={bid} comparison={comparison} />
            <ScorecardSummary scorecard={bid.scorecard} agentName={agentName(bid)} />
            <Box component="dl" sx={{ m: 0 }}>
              <CardField label="Total">
                <Box component="strong">{formatMoney(bid.total_amount)}</Box>
              </CardField>
              <CardField label="Per chargeable kg">{perKg(bid)}</CardField>
              <CardField label="Pickup">{formatMoney(bid.quotation.pickup_amount)}</CardField>
              <CardField label="Fast">{serviceCell(bid, "fast")}</CardField>
              <CardField label="Normal">{serviceCell(bid, "normal")}</CardField>
              <CardField label="Valid until">{validity(bid)}</CardField>
            </Box>
            {bid.quotation.details ? (
              <Box>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
                  The price includes
                </Typography>
                <InclusionList inclusions={bid.quotation.details.inclusions} dense />
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {DUTIES_EXCLUDED}
              </Typography>
            )}
            {bid.quotation.details?.note && (
              <Typography variant="body2">Note: {bid.quotation.details.note}</Typography>
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
