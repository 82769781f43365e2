import { type ReactNode } from "react";
import { Box, Button, Chip, Stack, Typography } from "@mui/material";
import type { Comparison, ComparisonBid } from "@fba/contract";
import { formatMoney } from "../../../entities/shipment/lib/format";
import { formatDay, serviceSummary } from "../../../entities/shipment/lib/quotation-details";
import { DETAILS_NOT_GIVEN } from "../../../entities/shipment/components/QuotationDetailsView";

// The cells every view of a comparison (the desktop table, the phone cards) shows for a bid.
export const agentName = (bid: ComparisonBid) => `${bid.agent.first_name} ${bid.agent.last_name}`;
export const missingCell = { color: "warning.dark", bgcolor: "#fff7ed", fontWeight: 600 } as const;

export function perKg(bid: ComparisonBid) {
  return bid.price_per_kg === null ? "N/A" : `${formatMoney(bid.price_per_kg)} / kg`;
}

export function serviceCell(bid: ComparisonBid, mode: "fast" | "normal") {
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

export function validity(bid: ComparisonBid) {
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
export function BidChips({ bid, comparison }: { bid: ComparisonBid; comparison: Comparison }) {
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

export interface Actions {
  onPick: (bid: ComparisonBid) => void;
  onReconfirm: (bid: ComparisonBid) => void;
  busy: boolean;
}

/** What the seller can do with a bid while the approval window is open. */
export function BidAction({
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
  // Passed over for the next bid: its agent was told it was declined.
  if (bid.quotation.is_accepted === false) {
    return (
      <Typography variant="body2" color="text.secondary">
        Declined when you took the next bid
      </Typography>
    );
  }
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
  // The estimate awaiting the seller: the automatic winner, or the next bid taken after it.
  if (bid.is_winner) {
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
