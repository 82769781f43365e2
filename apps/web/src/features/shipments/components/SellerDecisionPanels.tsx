import { useState } from "react";
import { Alert, Box, Button, Paper, Stack, Typography, useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import { useNavigate } from "react-router";
import { notify, toastApiError } from "../../../lib/toast";
import type { UpdateQuotationInput } from "@fba/contract";
import { useDecideQuotation, useQuotations } from "../../../entities/shipment/api/quotations";
import { useCancelShipment, useReopenBidding, useTakeNextBid } from "../api/seller-actions";
import { hasQuotation, type Shipment } from "../../../entities/shipment/api/types";
import { formatMoney } from "../../../entities/shipment/lib/format";
import { QuotationAmounts } from "../../../entities/shipment/components/QuotationAmounts";
import { byOpenProp, lazyDialog } from "../../../components/lazy-dialog";
import { CardField, Panel, phoneCard } from "../../../components/Panel";
import { SmallTable } from "../../../components/SmallTable";
import { QueryNotice } from "../../../components/query-state/QueryState";
import { paths } from "../../../app/paths";

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
  return (
    <Panel title={`Bids (${query.data?.pagination_option.count ?? shipment.quotation_count})`}>
      {shipment.is_bidding_open && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Bids are sealed until the bidding window closes; the lowest total wins.
        </Typography>
      )}
      {query.isError || query.fetchStatus === "paused" ? (
        <QueryNotice query={query} what="the bids" />
      ) : bids.length === 0 ? (
        <Typography color="text.secondary">You have no bid yet</Typography>
      ) : isPhone ? (
        <Stack component="ul" spacing={1} aria-label="Bids" sx={{ m: 0, p: 0 }}>
          {bids.map((bid) => (
            <Paper key={bid.id} component="li" variant="outlined" sx={phoneCard}>
              <Box component="dl" sx={{ m: 0 }}>
                <CardField label="Agent">
                  {bid.user.first_name} {bid.user.last_name}
                </CardField>
                <CardField label="Email">{bid.user.email}</CardField>
                <CardField label="Pickup">{formatMoney(bid.pickup_amount)}</CardField>
                <CardField label="Fast">{formatMoney(bid.fast_amount)}</CardField>
                <CardField label="Normal">{formatMoney(bid.normal_amount)}</CardField>
                <CardField label="Total">{formatMoney(bid.total_amount)}</CardField>
              </Box>
            </Paper>
          ))}
        </Stack>
      ) : (
        <SmallTable tabIndex={0} role="region" aria-label="Bids table">
          <table aria-label="Bids">
            <thead>
              <tr>
                <th scope="col">Agent</th>
                <th scope="col">Email</th>
                <th scope="col" data-align="right">
                  Pickup
                </th>
                <th scope="col" data-align="right">
                  Fast
                </th>
                <th scope="col" data-align="right">
                  Normal
                </th>
                <th scope="col" data-align="right">
                  Total
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
  if (!quotation) return null;

  const isApproved = shipment.status === "Quotation Approved" && quotation.is_accepted !== false;
  const isAccepted = shipment.status === "Quotation Accepted";
  if (!isApproved && !isAccepted) return null;

  const run = async (decision: UpdateQuotationInput, to: string) => {
    try {
      const res = await decide.mutateAsync(decision);
      notify.success(res.message);
      setPending(null);
      void navigate(to);
    } catch (error) {
      toastApiError(error);
    }
  };

  return (
    <Panel title={isApproved ? "Estimate" : "Winning Bid"}>
      <Stack spacing={2}>
        {isApproved && (
          <Typography variant="body2" color="text.secondary">
            The bidding window has closed. This is the {hasPassedOver ? "next lowest" : "lowest"}{" "}
            quotation from {quotation.user.first_name} {quotation.user.last_name}.
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
                Accept estimate
              </Button>
              <Button
                variant="outlined"
                color="error"
                disabled={decide.isPending}
                onClick={() => setPending("decline")}
              >
                Decline
              </Button>
              {/* Beside the spec's decline, which cancels the shipment: keep it with another bid. */}
              {shipment.quotation_count > 1 && (
                <Button
                  variant="text"
                  disabled={decide.isPending || nextBid.isPending}
                  onClick={() => setPending("nextBid")}
                >
                  Take the next bid
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
              Cancel Winning Bid
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
        title="Decline estimate"
        text="The shipment will be cancelled. Tell the agent why you decline."
        confirmLabel="Decline"
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
        title="Take the next bid"
        text={`${quotation.user.first_name} ${quotation.user.last_name}'s estimate will be declined and they will be told why. The next lowest bid becomes your estimate and its agent is told; the shipment stays open.`}
        confirmLabel="Take the next bid"
        isBusy={nextBid.isPending}
        onClose={() => setPending(null)}
        onConfirm={(reason) =>
          void nextBid.mutateAsync(reason).then(
            (res) => {
              notify.success(res.message);
              setPending(null);
            },
            (error: unknown) => toastApiError(error),
          )
        }
      />
      <ReasonDialog
        open={pending === "cancelBid"}
        title="Cancel Winning Bid"
        text="The order will be cancelled. Tell the agent why."
        confirmLabel="Cancel Winning Bid"
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
  if (shipment.status !== "Shipment Pending" || shipment.is_bidding_open) return null;

  return (
    <Panel title="No bids received">
      <Stack spacing={2}>
        <Alert severity="warning">
          The bidding window closed without any quotation. Open a new window or cancel the shipment.
        </Alert>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
          <Button
            variant="contained"
            disabled={reopen.isPending}
            onClick={() =>
              void reopen.mutateAsync().then(
                (res) => notify.success(res.message),
                (error: unknown) => toastApiError(error),
              )
            }
          >
            Reopen bidding
          </Button>
          <Button variant="outlined" color="error" onClick={() => setCancelling(true)}>
            Cancel shipment
          </Button>
        </Stack>
      </Stack>
      <ReasonDialog
        open={isCancelling}
        title="Cancel shipment"
        text="The shipment will be withdrawn. You can add a reason."
        confirmLabel="Cancel shipment"
        isRequired={false}
        isBusy={cancel.isPending}
        onClose={() => setCancelling(false)}
        onConfirm={(reason) =>
          void cancel.mutateAsync(reason || undefined).then(
            (res) => {
              notify.success(res.message);
              void navigate(paths.seller.cancelled);
            },
            (error: unknown) => toastApiError(error),
          )
        }
      />
    </Panel>
  );
}
