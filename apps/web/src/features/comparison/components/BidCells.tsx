import { type ReactNode } from "react";
import { Box, Button, Chip, Stack, Typography } from "@mui/material";
import type { Comparison, ComparisonBid } from "@fba/contract";
import type { QuotationServiceDetails } from "@fba/contract";
import { useFormat } from "../../../i18n/use-format";
import { useComparisonT } from "../i18n";

// The cells every view of a comparison (the desktop table, the phone cards) shows for a bid.
export const agentName = (bid: ComparisonBid) => `${bid.agent.first_name} ${bid.agent.last_name}`;
export const missingCell = { color: "warning.dark", bgcolor: "#fff7ed", fontWeight: 600 } as const;

export function PerKg({ bid }: { bid: ComparisonBid }) {
  const { t } = useComparisonT();
  const format = useFormat();
  return bid.price_per_kg === null
    ? t("cells.notAvailable")
    : t("cells.perKg", { amount: format.money(bid.price_per_kg) });
}

/** "Air express, 6–9 days" in the language shown. */
export function useServiceSummary() {
  const { t } = useComparisonT();
  return (details: QuotationServiceDetails) => {
    const { transit_min_days: min, transit_max_days: max } = details;
    return t("cells.service", {
      type: t(`serviceTypes.${details.service_type}`, { defaultValue: details.service_type }),
      transit: min === max ? t("cells.days", { count: min }) : t("cells.dayRange", { min, max }),
    });
  };
}

export function ServiceCell({ bid, mode }: { bid: ComparisonBid; mode: "fast" | "normal" }) {
  const { t } = useComparisonT();
  const format = useFormat();
  const summary = useServiceSummary();
  const amount = mode === "fast" ? bid.quotation.fast_amount : bid.quotation.normal_amount;
  if (amount === "") return t("cells.notOffered");
  const details = bid.quotation.details?.[mode];
  return (
    <>
      {format.money(amount)}
      {details && (
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: "block" }}
        >
          {summary(details)}
        </Typography>
      )}
    </>
  );
}

export function Validity({ bid }: { bid: ComparisonBid }) {
  const { t } = useComparisonT();
  const format = useFormat();
  const details = bid.quotation.details;
  if (!details) return t("table.notStated");
  return (
    <>
      {format.date(details.valid_until)}
      {bid.is_expired && (
        <Box component="span" sx={{ color: "error.main", fontWeight: 600 }}>
          {" "}
          {t("cells.expired")}
        </Box>
      )}
    </>
  );
}

/** The marks of a bid: automatic winner, the seller's pick, expired, details not given. */
export function BidChips({ bid, comparison }: { bid: ComparisonBid; comparison: Comparison }) {
  const { t } = useComparisonT();
  const accepted = comparison.status !== "Quotation Approved" && bid.is_winner;
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
      {bid.is_automatic_winner && (
        <Chip size="small" color="primary" label={t("chips.automaticWinner")} />
      )}
      {accepted && <Chip size="small" color="success" label={t("chips.accepted")} />}
      {bid.is_expired && (
        <Chip size="small" color="error" variant="outlined" label={t("chips.expired")} />
      )}
      {!bid.details_given && (
        <Chip size="small" variant="outlined" label={t("chips.detailsNotGiven")} />
      )}
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
  const { t } = useComparisonT();
  if (!comparison.can_award) return null;
  const name = agentName(bid);
  // Passed over for the next bid: its agent was told it was declined.
  if (bid.quotation.is_accepted === false) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t("actions.declinedForNext")}
      </Typography>
    );
  }
  if (bid.is_expired) {
    return bid.quotation.reconfirm_requested_at ? (
      <Typography variant="body2" color="text.secondary">
        {t("actions.reconfirmAsked")}
      </Typography>
    ) : (
      <Button
        size="small"
        variant="outlined"
        disabled={actions.busy}
        onClick={() => actions.onReconfirm(bid)}
        aria-label={t("actions.askReconfirmOf", { name })}
      >
        {t("actions.askReconfirm")}
      </Button>
    );
  }
  // The estimate awaiting the seller: the automatic winner, or the next bid taken after it.
  if (bid.is_winner) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t("actions.underEstimate")}
      </Typography>
    );
  }
  return (
    <Button
      size="small"
      variant="contained"
      disabled={actions.busy}
      onClick={() => actions.onPick(bid)}
      aria-label={t("actions.pickOf", { name })}
    >
      {t("actions.pick")}
    </Button>
  );
}
