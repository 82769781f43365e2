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
import { QUOTE_INCLUSIONS } from "../../../entities/shipment/lib/quotation-details";
import { useFormat } from "../../../i18n/use-format";
import { useComparisonT } from "../i18n";
import {
  agentName,
  missingCell,
  PerKg,
  ServiceCell,
  Validity,
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
  const { t } = useComparisonT();
  const format = useFormat();
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
    <TableContainer tabIndex={0} role="region" aria-label={t("table.region")}>
      <Table size="small" aria-label={t("table.label")} sx={{ "& td": { verticalAlign: "top" } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ width: 200 }}>
              {t("table.agent")}
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
          {row(t("table.record"), (bid) => (
            <ScorecardSummary scorecard={bid.scorecard} agentName={agentName(bid)} />
          ))}
          {row(t("table.total"), (bid) => (
            <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
              {format.money(bid.total_amount)}
            </Typography>
          ))}
          {row(t("table.perKg"), (bid) => (
            <PerKg bid={bid} />
          ))}
          {row(t("table.pickup"), (bid) => format.money(bid.quotation.pickup_amount))}
          {row(t("table.fast"), (bid) => (
            <ServiceCell bid={bid} mode="fast" />
          ))}
          {row(t("table.normal"), (bid) => (
            <ServiceCell bid={bid} mode="normal" />
          ))}
          {QUOTE_INCLUSIONS.map((code) => (
            <TableRow key={code}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {t(`inclusions.${code}`)}
              </TableCell>
              {bids.map((bid) => {
                const details = bid.quotation.details;
                if (!details) {
                  return (
                    <TableCell key={bid.quotation.id} sx={{ color: "text.secondary" }}>
                      {t("table.notStated")}
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
                      {t("table.included")}
                    </Box>
                  </TableCell>
                ) : (
                  <TableCell key={bid.quotation.id} sx={missingCell}>
                    {t("table.notIncluded")}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          {row(t("table.duties"), () => t("table.excluded"), { color: "text.secondary" })}
          {row(t("table.validUntil"), (bid) => (
            <Validity bid={bid} />
          ))}
          {row(t("table.note"), (bid) => bid.quotation.details?.note || "—")}
          {comparison.can_award &&
            row(t("table.decision"), (bid) => (
              <BidAction bid={bid} comparison={comparison} actions={actions} />
            ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
