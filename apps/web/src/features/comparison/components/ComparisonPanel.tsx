import { useState, type ReactNode } from "react";
import {
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { useTheme } from "@mui/material/styles";
import CheckIcon from "@mui/icons-material/CheckCircle";
import type { AwardInput, Comparison, ComparisonBid } from "@fba/contract";
import { ScorecardSummary } from "../../../entities/agent";
import type { Shipment } from "../../../entities/shipment/api/types";
import { formatMoney } from "../../../entities/shipment/lib/format";
import {
  DUTIES_EXCLUDED,
  QUOTE_INCLUSIONS,
  QUOTE_INCLUSION_LABELS,
  formatDay,
  serviceSummary,
} from "../../../entities/shipment/lib/quotation-details";
import {
  DETAILS_NOT_GIVEN,
  InclusionList,
} from "../../../entities/shipment/components/QuotationDetailsView";
import { CardField, Panel, phoneCard } from "../../../components/Panel";
import { QueryNotice } from "../../../components/query-state/QueryState";
import { Loading } from "../../../components/Loading";
import { notify, toastApiError } from "../../../lib/toast";
import { useAwardBid, useComparison, useRequestReconfirm } from "../api/comparison";
import {
  COMPARISON_SORTS,
  COMPARISON_SORT_LABELS,
  sortBids,
  type ComparisonSort,
} from "../lib/sort";
import { AwardDialog } from "./AwardDialog";

/** Bidding has closed and there were bids: the seller can compare them. */
export function showsComparison(shipment: Shipment): boolean {
  return (
    shipment.quotation_count > 0 &&
    (shipment.status === "Quotation Approved" || shipment.status === "Quotation Accepted")
  );
}

const agentName = (bid: ComparisonBid) => `${bid.agent.first_name} ${bid.agent.last_name}`;
const missingCell = { color: "warning.dark", bgcolor: "#fff7ed", fontWeight: 600 } as const;

function perKg(bid: ComparisonBid) {
  return bid.price_per_kg === null ? "N/A" : `${formatMoney(bid.price_per_kg)} / kg`;
}

function serviceCell(bid: ComparisonBid, mode: "fast" | "normal") {
  const amount = mode === "fast" ? bid.quotation.fast_amount : bid.quotation.normal_amount;
  if (amount === "") return "Not offered";
  const details = bid.quotation.details?.[mode];
  return (
    <>
      {formatMoney(amount)}
      {details && (
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: "block" }}
        >
          {serviceSummary(details)}
        </Typography>
      )}
    </>
  );
}

function validity(bid: ComparisonBid) {
  const details = bid.quotation.details;
  if (!details) return "Not stated";
  return (
    <>
      {formatDay(details.valid_until)}
      {bid.is_expired && (
        <Box component="span" sx={{ color: "error.main", fontWeight: 600 }}>
          {" "}
          (expired)
        </Box>
      )}
    </>
  );
}

/** The marks of a bid: automatic winner, the seller's pick, expired, details not given. */
function BidChips({ bid, comparison }: { bid: ComparisonBid; comparison: Comparison }) {
  const accepted = comparison.status !== "Quotation Approved" && bid.is_winner;
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
      {bid.is_automatic_winner && <Chip size="small" color="primary" label="Automatic winner" />}
      {accepted && <Chip size="small" color="success" label="Accepted" />}
      {bid.is_expired && <Chip size="small" color="error" variant="outlined" label="Expired" />}
      {!bid.details_given && <Chip size="small" variant="outlined" label={DETAILS_NOT_GIVEN} />}
    </Stack>
  );
}

interface Actions {
  onPick: (bid: ComparisonBid) => void;
  onReconfirm: (bid: ComparisonBid) => void;
  busy: boolean;
}

/** What the seller can do with a bid while the approval window is open. */
function BidAction({
  bid,
  comparison,
  actions,
}: {
  bid: ComparisonBid;
  comparison: Comparison;
  actions: Actions;
}): ReactNode {
  if (!comparison.can_award) return null;
  const name = agentName(bid);
  if (bid.is_expired) {
    return bid.quotation.reconfirm_requested_at ? (
      <Typography variant="body2" color="text.secondary">
        Re-confirmation asked
      </Typography>
    ) : (
      <Button
        size="small"
        variant="outlined"
        disabled={actions.busy}
        onClick={() => actions.onReconfirm(bid)}
        aria-label={`Ask ${name} to re-confirm`}
      >
        Ask to re-confirm
      </Button>
    );
  }
  if (bid.is_automatic_winner) {
    return (
      <Typography variant="body2" color="text.secondary">
        Accept or decline it under Estimate
      </Typography>
    );
  }
  return (
    <Button
      size="small"
      variant="contained"
      disabled={actions.busy}
      onClick={() => actions.onPick(bid)}
      aria-label={`Pick ${name}'s bid`}
    >
      Pick this bid
    </Button>
  );
}

/** Bids as columns, what they state as rows: read across to compare like for like. */
function ComparisonTable({
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

/** One card per bid on a phone, in the chosen order. */
function ComparisonCards({
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

/** Why the winner is the winner: the spec's rule, or the seller's pick with its reason. */
function WinnerExplanation({ comparison }: { comparison: Comparison }) {
  const automatic = comparison.bids.find((bid) => bid.is_automatic_winner);
  const picked = comparison.award
    ? comparison.bids.find((bid) => bid.quotation.id === comparison.award?.quotation_id)
    : undefined;
  return (
    <Stack spacing={0.5} sx={{ mb: 1.5 }}>
      {automatic && (
        <Typography variant="body2">
          Automatic winner: <strong>{agentName(automatic)}</strong>
          {comparison.automatic_reason ? `, ${comparison.automatic_reason}` : ""}.
        </Typography>
      )}
      {picked && comparison.award && (
        <Typography variant="body2">
          You accepted <strong>{agentName(picked)}</strong>&apos;s bid instead:{" "}
          {comparison.award.label}.
        </Typography>
      )}
      {comparison.can_award && (
        <Typography variant="body2" color="text.secondary">
          You may accept the automatic winner or pick another bid with a reason; every bidder is
          told why.
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The seller's comparison of every bid once bidding closed: side by side on a wide screen, as
 * cards on a phone, sortable by total, transit time and on-time rate. During the approval window
 * the seller may pick another bid than the automatic winner, with a reason, or ask the agent of
 * an expired quote to re-confirm it.
 */
export function ComparisonPanel({ shipment }: { shipment: Shipment }) {
  const query = useComparison(shipment.id);
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down("md"));
  const [sort, setSort] = useState<ComparisonSort>("total");
  const [picking, setPicking] = useState<ComparisonBid | null>(null);
  const award = useAwardBid(shipment.id);
  const reconfirm = useRequestReconfirm(shipment.id);

  // An answer without bids (an older server) shows nothing rather than breaking the page.
  const comparison = Array.isArray(query.data?.bids) ? query.data : undefined;
  if (query.isSuccess && !comparison) return null;
  const actions: Actions = {
    busy: award.isPending || reconfirm.isPending,
    onPick: setPicking,
    onReconfirm: (bid) =>
      void reconfirm.mutateAsync(bid.quotation.id).then(
        (res) => notify.success(res.message),
        (error: unknown) => toastApiError(error),
      ),
  };
  const confirmAward = (input: AwardInput) =>
    void award.mutateAsync(input).then(
      (res) => {
        notify.success(res.message);
        setPicking(null);
      },
      (error: unknown) => toastApiError(error),
    );

  return (
    <Panel
      title="Compare bids"
      action={
        comparison && comparison.bids.length > 1 ? (
          <TextField
            select
            size="small"
            label="Sort by"
            value={sort}
            onChange={(event) => setSort(event.target.value as ComparisonSort)}
            sx={{ minWidth: 150 }}
          >
            {COMPARISON_SORTS.map((key) => (
              <MenuItem key={key} value={key}>
                {COMPARISON_SORT_LABELS[key]}
              </MenuItem>
            ))}
          </TextField>
        ) : undefined
      }
    >
      {query.isError || query.fetchStatus === "paused" ? (
        <QueryNotice query={query} what="the comparison" />
      ) : !comparison ? (
        <Loading />
      ) : (
        <>
          <WinnerExplanation comparison={comparison} />
          {isPhone ? (
            <ComparisonCards
              bids={sortBids(comparison.bids, sort)}
              comparison={comparison}
              actions={actions}
            />
          ) : (
            <ComparisonTable
              bids={sortBids(comparison.bids, sort)}
              comparison={comparison}
              actions={actions}
            />
          )}
        </>
      )}
      {picking && (
        <AwardDialog
          bid={picking}
          automaticReason={comparison?.automatic_reason ?? null}
          busy={award.isPending}
          onClose={() => setPicking(null)}
          onConfirm={confirmAward}
        />
      )}
    </Panel>
  );
}
