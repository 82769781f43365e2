import { type ReactNode } from "react";
import {
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import CheckIcon from "@mui/icons-material/CheckCircle";
import type { Comparison, ComparisonBid } from "@fba/contract";
import { ScorecardSummary } from "../../../entities/agent";
import { formatMoney } from "../../../entities/shipment/lib/format";
import {
  QUOTE_INCLUSIONS,
  QUOTE_INCLUSION_LABELS,
} from "../../../entities/shipment/lib/quotation-details";
import {
  agentName,
  missingCell,
  perKg,
  serviceCell,
  validity,
  BidChips,
  BidAction,
  type Actions,
} from "./BidCells";

/** Bids as columns, what they state as rows: read across to compare like for like. */
export function ComparisonTable({
  bids,
  comparison,
  actions,
}: {
  bids: ComparisonBid[];
  comparison: Comparison;
  actions: Actions;
}) {
  const row = (label: string, cell: (bid: ComparisonBid) => ReactNode, sx?: object) => (
    <TableRow key={label}>
      <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
        {label}
      </TableCell>
      {bids.map((bid) => (
        <TableCell
          key={bid.quotation.id}
          sx={{ ...sx, ...(bid.is_winner ? { bgcolor: "rgba(11, 61, 145, 0.04)" } : {}) }}
        >
          {cell(bid)}
        </TableCell>
      ))}
    </TableRow>
  );
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Bid comparison table">
      <Table size="small" aria-label="Bid comparison" sx={{ "& td": { verticalAlign: "top" } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ width: 200 }}>
              Agent
            </TableCell>
            {bids.map((bid) => (
              <TableCell
                key={bid.quotation.id}
                component="th"
                scope="col"
                sx={{ minWidth: 200, verticalAlign: "top" }}
              >
                <Stack spacing={0.75}>
                  <Typography variant="subtitle2" component="span">
                    {agentName(bid)}
                  </Typography>
                  <BidChips bid={bid} comparison={comparison} />
                </Stack>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {row("Record", (bid) => (
            <ScorecardSummary scorecard={bid.scorecard} agentName={agentName(bid)} />
          ))}
          {row("Total", (bid) => (
            <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
              {formatMoney(bid.total_amount)}
            </Typography>
          ))}
          {row("Per chargeable kg", perKg)}
          {row("Pickup", (bid) => formatMoney(bid.quotation.pickup_amount))}
          {row("Fast", (bid) => serviceCell(bid, "fast"))}
          {row("Normal", (bid) => serviceCell(bid, "normal"))}
          {QUOTE_INCLUSIONS.map((code) => (
            <TableRow key={code}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {QUOTE_INCLUSION_LABELS[code]}
              </TableCell>
              {bids.map((bid) => {
                const details = bid.quotation.details;
                if (!details) {
                  return (
                    <TableCell key={bid.quotation.id} sx={{ color: "text.secondary" }}>
                      Not stated
                    </TableCell>
                  );
                }
                return details.inclusions.includes(code) ? (
                  <TableCell key={bid.quotation.id}>
                    <Box
                      component="span"
                      sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}
                    >
                      <CheckIcon fontSize="small" color="success" aria-hidden />
                      Included
                    </Box>
                  </TableCell>
                ) : (
                  <TableCell key={bid.quotation.id} sx={missingCell}>
                    Not included
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          {row("Duties and taxes", () => "Excluded", { color: "text.secondary" })}
          {row("Valid until", validity)}
          {row("Note", (bid) => bid.quotation.details?.note || "—")}
          {comparison.can_award &&
            row("Decision", (bid) => (
              <BidAction bid={bid} comparison={comparison} actions={actions} />
            ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
