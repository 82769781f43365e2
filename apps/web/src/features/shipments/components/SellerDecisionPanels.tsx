import { useState } from "react";
import { Alert, Box, Button, Paper, Stack, Typography, useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import { useNavigate } from "react-router";
import { notify, toastApiError } from "../../../lib/toast";
import type { UpdateQuotationInput } from "@fba/contract";
import { useDecideQuotation, useQuotations } from "../../../entities/shipment/api/quotations";
import { useCancelShipment, useReopenBidding, useTakeNextBid } from "../api/seller-actions";
import { hasQuotation, type Shipment } from "../../../entities/shipment/api/types";
import { QuotationAmounts } from "../../../entities/shipment/components/QuotationAmounts";
import { byOpenProp, lazyDialog } from "../../../components/lazy-dialog";
import { CardField, Panel, phoneCard } from "../../../components/Panel";
import { SmallTable } from "../../../components/SmallTable";
import { QueryNotice } from "../../../components/query-state/QueryState";
import { paths } from "../../../app/paths";
import { useShipmentsT } from "../i18n";
import { useFormat } from "../../../i18n/use-format";
import { useServerMessage } from "../../../i18n/server-messages";

const ReasonDialog = lazyDialog(
  () => import("./ReasonDialog").then((m) => m.ReasonDialog),
  byOpenProp,
);
const AcceptEstimateDialog = lazyDialog(() =>
  import("./AcceptEstimateDialog").then((m) => m.AcceptEstimateDialog),
);

/** The bids so far; sealed (asterisks) while the window is open. */
export function BidsPanel({ shipment }: { shipment: Shipment }) {
  const query = useQuotations(shipment.id);
  const bids = query.data?.data ?? [];
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down("md"));
  const { t } = useShipmentsT();
  const { money: formatMoney } = useFormat();
  return (
    <Panel
      title={t("bids.title", {
        count: query.data?.pagination_option.count ?? shipment.quotation_count,
      })}
    >
      {shipment.is_bidding_open && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t("bids.sealed")}
        </Typography>
      )}
      {query.isError || query.fetchStatus === "paused" ? (
        <QueryNotice query={query} what="the bids" />
      ) : bids.length === 0 ? (
        <Typography color="text.secondary">{t("bids.none")}</Typography>
      ) : isPhone ? (
        <Stack component="ul" spacing={1} aria-label={t("bids.label")} sx={{ m: 0, p: 0 }}>
          {bids.map((bid) => (
            <Paper key={bid.id} component="li" variant="outlined" sx={phoneCard}>
              <Box component="dl" sx={{ m: 0 }}>
                <CardField label={t("bids.agent")}>
                  {bid.user.first_name} {bid.user.last_name}
                </CardField>
                <CardField label={t("bids.email")}>{bid.user.email}</CardField>
                <CardField label={t("bids.pickup")}>{formatMoney(bid.pickup_amount)}</CardField>
                <CardField label={t("bids.fast")}>{formatMoney(bid.fast_amount)}</CardField>
                <CardField label={t("bids.normal")}>{formatMoney(bid.normal_amount)}</CardField>
                <CardField label={t("bids.total")}>{formatMoney(bid.total_amount)}</CardField>
              </Box>
            </Paper>
          ))}
        </Stack>
      ) : (
        <SmallTable tabIndex={0} role="region" aria-label={t("bids.tableLabel")}>
          <table aria-label={t("bids.label")}>
            <thead>
              <tr>
                <th scope="col">{t("bids.agent")}</th>
                <th scope="col">{t("bids.email")}</th>
                <th scope="col" data-align="right">
                  {t("bids.pickup")}
                </th>
                <th scope="col" data-align="right">
                  {t("bids.fast")}
                </th>
                <th scope="col" data-align="right">
                  {t("bids.normal")}
                </th>
                <th scope="col" data-align="right">
                  {t("bids.total")}
                </th>
              </tr>
            </thead>
            <tbody>
              {bids.map((bid) => (
                <tr key={bid.id}>
                  <td>
                    {bid.user.first_name} {bid.user.last_name}
                  </td>
                  <td style={{ overflowWrap: "anywhere" }}>{bid.user.email}</td>
                  <td data-align="right">{formatMoney(bid.pickup_amount)}</td>
                  <td data-align="right">{formatMoney(bid.fast_amount)}</td>
                  <td data-align="right">{formatMoney(bid.normal_amount)}</td>
                  <td data-align="right">{formatMoney(bid.total_amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </SmallTable>
      )}
    </Panel>
  );
}

type Pending = "accept" | "decline" | "nextBid" | "cancelBid" | null;

/**
 * The seller's decisions: accept or decline the winning estimate, cancel an accepted winning bid.
 */
export function EstimatePanel({ shipment }: { shipment: Shipment }) {
  const navigate = useNavigate();
  const quotation = hasQuotation(shipment.quotation) ? shipment.quotation : null;
  const decide = useDecideQuotation(quotation?.id ?? 0, shipment.id);
  const nextBid = useTakeNextBid(shipment.id);
  const [pending, setPending] = useState<Pending>(null);
  // Once the seller passed over a bid, the estimate is the next lowest, no longer the lowest.
  const bids = useQuotations(shipment.id, shipment.status === "Quotation Approved");
  const hasPassedOver = (bids.data?.data ?? []).some((bid) => bid.is_accepted === false);
  const { t } = useShipmentsT();
  const serverMessage = useServerMessage();
  if (!quotation) return null;
  const agent = `${quotation.user.first_name} ${quotation.user.last_name}`;

  const isApproved = shipment.status === "Quotation Approved" && quotation.is_accepted !== false;
  const isAccepted = shipment.status === "Quotation Accepted";
  if (!isApproved && !isAccepted) return null;

  const run = async (decision: UpdateQuotationInput, to: string) => {
    try {
      const res = await decide.mutateAsync(decision);
      notify.success(serverMessage(res.message) ?? res.message);
      setPending(null);
      void navigate(to);
    } catch (error) {
      toastApiError(error);
    }
  };

  return (
    <Panel title={isApproved ? t("estimate.title") : t("estimate.winningBid")}>
      <Stack spacing={2}>
        {isApproved && (
          <Typography variant="body2" color="text.secondary">
            {t(hasPassedOver ? "estimate.closedNextLowest" : "estimate.closedLowest", { agent })}
          </Typography>
        )}
        <QuotationAmounts quotation={quotation} />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
          {isApproved && (
            <>
              <Button
                variant="contained"
                disabled={decide.isPending}
                onClick={() => setPending("accept")}
              >
                {t("estimate.accept")}
              </Button>
              <Button
                variant="outlined"
                color="error"
                disabled={decide.isPending}
                onClick={() => setPending("decline")}
              >
                {t("estimate.decline")}
              </Button>
              {/* Beside the spec's decline, which cancels the shipment: keep it with another bid. */}
              {shipment.quotation_count > 1 && (
                <Button
                  variant="text"
                  disabled={decide.isPending || nextBid.isPending}
                  onClick={() => setPending("nextBid")}
                >
                  {t("estimate.nextBid")}
                </Button>
              )}
            </>
          )}
          {isAccepted && (
            <Button
              variant="outlined"
              color="error"
              disabled={decide.isPending}
              onClick={() => setPending("cancelBid")}
            >
              {t("estimate.cancelBid")}
            </Button>
          )}
        </Stack>
      </Stack>
      {pending === "accept" && (
        <AcceptEstimateDialog
          quotation={quotation}
          open
          isBusy={decide.isPending}
          onClose={() => setPending(null)}
          onConfirm={(service) =>
            void run(
              service
                ? { shipment_status: "Quotation Accepted", accepted_service: service }
                : { shipment_status: "Quotation Accepted" },
              paths.seller.active,
            )
          }
        />
      )}
      <ReasonDialog
        open={pending === "decline"}
        title={t("estimate.declineTitle")}
        text={t("estimate.declineText")}
        confirmLabel={t("estimate.decline")}
        isBusy={decide.isPending}
        onClose={() => setPending(null)}
        onConfirm={(reason) =>
          void run(
            { shipment_status: "Shipment Cancelled", is_accepted: false, cancel_reason: reason },
            paths.seller.cancelled,
          )
        }
      />
      <ReasonDialog
        open={pending === "nextBid"}
        title={t("estimate.nextBid")}
        text={t("estimate.nextBidText", { agent })}
        confirmLabel={t("estimate.nextBid")}
        isBusy={nextBid.isPending}
        onClose={() => setPending(null)}
        onConfirm={(reason) =>
          void nextBid.mutateAsync(reason).then(
            (res) => {
              notify.success(serverMessage(res.message) ?? res.message);
              setPending(null);
            },
            (error: unknown) => toastApiError(error),
          )
        }
      />
      <ReasonDialog
        open={pending === "cancelBid"}
        title={t("estimate.cancelBid")}
        text={t("estimate.cancelBidText")}
        confirmLabel={t("estimate.cancelBid")}
        isBusy={decide.isPending}
        onClose={() => setPending(null)}
        onConfirm={(reason) =>
          void run({ is_accepted: false, cancel_reason: reason }, paths.seller.cancelled)
        }
      />
    </Panel>
  );
}

/** A window that closed without bids: reopen bidding or cancel the shipment. */
export function NoBidsPanel({ shipment }: { shipment: Shipment }) {
  const navigate = useNavigate();
  const reopen = useReopenBidding(shipment.id);
  const cancel = useCancelShipment(shipment.id);
  const [isCancelling, setCancelling] = useState(false);
  const { t } = useShipmentsT();
  const serverMessage = useServerMessage();
  if (shipment.status !== "Shipment Pending" || shipment.is_bidding_open) return null;

  return (
    <Panel title={t("noBids.title")}>
      <Stack spacing={2}>
        <Alert severity="warning">{t("noBids.text")}</Alert>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
          <Button
            variant="contained"
            disabled={reopen.isPending}
            onClick={() =>
              void reopen.mutateAsync().then(
                (res) => notify.success(serverMessage(res.message) ?? res.message),
                (error: unknown) => toastApiError(error),
              )
            }
          >
            {t("noBids.reopen")}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setCancelling(true)}>
            {t("noBids.cancel")}
          </Button>
        </Stack>
      </Stack>
      <ReasonDialog
        open={isCancelling}
        title={t("noBids.cancel")}
        text={t("noBids.cancelText")}
        confirmLabel={t("noBids.cancel")}
        isRequired={false}
        isBusy={cancel.isPending}
        onClose={() => setCancelling(false)}
        onConfirm={(reason) =>
          void cancel.mutateAsync(reason || undefined).then(
            (res) => {
              notify.success(serverMessage(res.message) ?? res.message);
              void navigate(paths.seller.cancelled);
            },
            (error: unknown) => toastApiError(error),
          )
        }
      />
    </Panel>
  );
}
