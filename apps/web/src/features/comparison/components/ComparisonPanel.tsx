import { useState } from "react";
import { Stack, Typography, useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import type { AwardInput, Comparison, ComparisonBid } from "@fba/contract";
import type { Shipment } from "../../../entities/shipment/api/types";
import { Panel } from "../../../components/Panel";
import { QueryNotice } from "../../../components/query-state/QueryState";
import { Loading } from "../../../components/Loading";
import { notify, toastApiError } from "../../../lib/toast";
import { useAwardBid, useComparison, useRequestReconfirm } from "../api/comparison";
import { COMPARISON_SORTS, sortBids, type ComparisonSort } from "../lib/sort";
import { Trans } from "react-i18next";
import { useServerMessage } from "../../../i18n/server-messages";
import { useComparisonT } from "../i18n";
import { lazyDialog } from "../../../components/lazy-dialog";
import { OutlinedNativeSelect } from "../../../components/OutlinedField";
import { agentName, type Actions } from "./BidCells";
import { ComparisonTable } from "./ComparisonTable";
import { ComparisonCards } from "./ComparisonCards";

const AwardDialog = lazyDialog(() => import("./AwardDialog").then((m) => m.AwardDialog));

/** Why the winner is the winner: the spec's rule, or the seller's pick with its reason. */
function WinnerExplanation({ comparison }: { comparison: Comparison }) {
  const { t, i18n } = useComparisonT();
  const english = i18n.language === "en";
  const automatic = comparison.bids.find((bid) => bid.is_automatic_winner);
  const picked = comparison.award
    ? comparison.bids.find((bid) => bid.quotation.id === comparison.award?.quotation_id)
    : undefined;
  return (
    <Stack spacing={0.5} sx={{ mb: 1.5 }}>
      {automatic && (
        <Typography variant="body2">
          <Trans
            t={t}
            i18nKey="automaticWinner"
            values={{
              reason: !comparison.automatic_reason
                ? ""
                : english
                  ? `, ${comparison.automatic_reason}`
                  : t("automaticReason", { count: comparison.bids.length }),
            }}
            components={{ name: <strong>{agentName(automatic)}</strong> }}
          />
        </Typography>
      )}
      {picked && comparison.award && (
        <Typography variant="body2">
          <Trans
            t={t}
            i18nKey="youAccepted"
            values={{
              reason: english
                ? comparison.award.label
                : comparison.award.reason === "other" && comparison.award.reason_text
                  ? t("awardReasons.otherWithText", { text: comparison.award.reason_text })
                  : t(`awardReasons.${comparison.award.reason}`),
            }}
            components={{ name: <strong>{agentName(picked)}</strong> }}
          />
        </Typography>
      )}
      {comparison.can_award && (
        <Typography variant="body2" color="text.secondary">
          {t("canAward")}
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
  const { t } = useComparisonT();
  const shown = useServerMessage();
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
        (res) => notify.success(shown(res.message) ?? res.message),
        (error: unknown) => toastApiError(error),
      ),
  };
  const confirmAward = (input: AwardInput) =>
    void award.mutateAsync(input).then(
      (res) => {
        notify.success(shown(res.message) ?? res.message);
        setPicking(null);
      },
      (error: unknown) => toastApiError(error),
    );

  return (
    <Panel
      title={t("title")}
      action={
        comparison && comparison.bids.length > 1 ? (
          <OutlinedNativeSelect
            label={t("sortBy")}
            value={sort}
            onChange={(value) => setSort(value as ComparisonSort)}
            sx={{ minWidth: 150 }}
          >
            {COMPARISON_SORTS.map((key) => (
              <option key={key} value={key}>
                {t(`sorts.${key}`)}
              </option>
            ))}
          </OutlinedNativeSelect>
        ) : undefined
      }
    >
      {query.isError || query.fetchStatus === "paused" ? (
        <QueryNotice query={query} what={t("what")} />
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
          bidCount={comparison?.bids.length}
          busy={award.isPending}
          onClose={() => setPicking(null)}
          onConfirm={confirmAward}
        />
      )}
    </Panel>
  );
}
