import { useState } from "react";
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Link,
  Paper,
  Stack,
  Typography,
} from "@mui/material";
import type { ChargeChange, ChargeChangeEvent } from "@fba/contract";
import { Field } from "../../../components/Panel";
import { mediaUrl } from "../../../lib/media-url";
import { notify, toastApiError } from "../../../lib/toast";
import { useAnswerChargeChange, useChargeChange } from "../api/charge-change";
import { byOpenProp, lazyDialog } from "../../../components/lazy-dialog";
import { useServerMessage } from "../../../i18n/server-messages";
import { useChargeLabels } from "../lib/charge-labels";

const ConfirmDialog = lazyDialog(
  () => import("../../../components/ConfirmDialog").then((m) => m.ConfirmDialog),
  byOpenProp,
);
const DecideDialog = lazyDialog(() => import("./DecideDialog").then((m) => m.DecideDialog));
const DisputeDialog = lazyDialog(() => import("./DisputeDialog").then((m) => m.DisputeDialog));

export type ChargeSide = "seller" | "agent" | "admin";

const OPEN = new Set(["pending", "disputed"]);

/** What each side is told the charge change is waiting for. */
function nextStep(
  change: ChargeChange,
  side: ChargeSide,
  labels: ReturnType<typeof useChargeLabels>,
): string | null {
  const { t } = labels;
  if (change.status === "pending") {
    return side === "seller" ? labels.pendingForSeller(change) : t("card.pendingOther");
  }
  if (change.status === "disputed") {
    return side === "admin" ? t("card.disputedAdmin") : t("card.disputed");
  }
  return null;
}

function History({ events }: { events: ChargeChangeEvent[] }) {
  const labels = useChargeLabels();
  const { t } = labels;
  return (
    <Box component="section" aria-label={t("card.historyLabel")}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t("card.history")}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {events.map((event) => (
          <Typography key={event.id} component="li" variant="body2" sx={{ mb: 0.5 }}>
            <strong>{labels.action(event)}</strong>
            {event.old_amount !== null && event.new_amount !== null && (
              <>
                {": "}
                {labels.usd(event.old_amount)} → {labels.usd(event.new_amount)}
              </>
            )}
            <Typography component="span" variant="body2" color="text.secondary">
              {" "}
              {t("card.by", {
                name: `${event.by.first_name} ${event.by.last_name}`,
                date: labels.dateTime(event.at),
              })}
            </Typography>
            {(event.reason || event.note) && (
              <Typography
                component="span"
                variant="body2"
                sx={{ display: "block", overflowWrap: "anywhere" }}
              >
                {[event.reason && labels.eventReason(event.reason), event.note]
                  .filter(Boolean)
                  .join(labels.t("card.joiner"))}
              </Typography>
            )}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The final amount above the accepted bid, prominent on the order page: how much, why, the
 * evidence, each side's next step (the seller's Accept and Dispute, an admin's Decide), the
 * decision and every step taken. Nothing shows while the final amount is within the bid.
 */
export function ChargeChangeCard({ shipmentId, side }: { shipmentId: number; side: ChargeSide }) {
  const query = useChargeChange(shipmentId);
  const change = query.data;
  if (!change) return null;
  return <ChargeChangeView change={change} side={side} />;
}

export function ChargeChangeView({ change, side }: { change: ChargeChange; side: ChargeSide }) {
  const labels = useChargeLabels();
  const { t, usd } = labels;
  const serverMessage = useServerMessage();
  const [dialog, setDialog] = useState<"accept" | "dispute" | "decide" | null>(null);
  const answer = useAnswerChargeChange(change.shipment);
  const isOpen = OPEN.has(change.status);
  const step = nextStep(change, side, labels);

  const accept = () =>
    answer.mutate(
      { action: "accept" },
      {
        onSuccess: (res) => {
          notify.success(serverMessage(res.message) ?? res.message);
          setDialog(null);
        },
        onError: toastApiError,
      },
    );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`charge-change-${change.id}`}
      sx={{
        p: 2,
        borderWidth: isOpen ? 2 : 1,
        borderColor: isOpen ? "warning.main" : "divider",
      }}
    >
      <Stack spacing={1.5}>
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={1}
          sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
        >
          <Typography id={`charge-change-${change.id}`} variant="h6" component="h2">
            {t("card.title")}
          </Typography>
          <Chip
            size="small"
            label={labels.status(change)}
            color={isOpen ? "warning" : change.status === "withdrawn" ? "default" : "success"}
            sx={{ alignSelf: { xs: "flex-start", sm: "center" } }}
          />
        </Stack>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>
          {labels.summary(change)}
        </Typography>
        <Box
          sx={{
            display: "grid",
            gap: 1.5,
            gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, minmax(0, 1fr))" },
          }}
        >
          <Field label={t("card.acceptedBid")}>{usd(change.bid_total)}</Field>
          <Field label={t("card.finalAmount")}>{usd(change.final_amount)}</Field>
          <Field label={t("card.reason")}>
            {labels.reason(change.reason, change.reason_label)}
            {change.note ? `${t("card.joiner")}${change.note}` : ""}
          </Field>
          <Field label={t("card.evidence")}>
            {change.evidence ? (
              change.evidence.download_url ? (
                <Link href={mediaUrl(change.evidence.download_url)} target="_blank" rel="noopener">
                  {change.evidence.file_name}
                </Link>
              ) : (
                change.evidence.file_name
              )
            ) : (
              t("card.noEvidence")
            )}
          </Field>
        </Box>
        {change.dispute_reason && (
          <Field label={side === "seller" ? t("card.yourDispute") : t("card.sellersDispute")}>
            {change.dispute_reason}
          </Field>
        )}
        {change.decision && (
          <Alert severity="success">
            <AlertTitle>
              {t("card.decided", {
                outcome: labels.outcome(change.decision.outcome, change.decision.outcome_label),
                amount: usd(change.decision.amount),
              })}
            </AlertTitle>
            {change.decision.note}
          </Alert>
        )}
        {step && <Alert severity={change.status === "pending" ? "warning" : "info"}>{step}</Alert>}
        {(change.can_accept || change.can_dispute || change.can_decide) && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
            {change.can_accept && (
              <Button variant="contained" onClick={() => setDialog("accept")}>
                {t("card.accept", { amount: usd(change.final_amount) })}
              </Button>
            )}
            {change.can_dispute && (
              <Button variant="outlined" color="warning" onClick={() => setDialog("dispute")}>
                {t("card.dispute")}
              </Button>
            )}
            {change.can_decide && (
              <Button variant="contained" onClick={() => setDialog("decide")}>
                {t("card.decide")}
              </Button>
            )}
          </Stack>
        )}
        <History events={change.events} />
      </Stack>
      <ConfirmDialog
        open={dialog === "accept"}
        title={t("card.acceptTitle")}
        message={t("card.acceptMessage", {
          final: usd(change.final_amount),
          bid: usd(change.bid_total),
        })}
        confirmLabel={t("card.acceptConfirm")}
        cancelLabel={t("card.back")}
        busy={answer.isPending}
        onConfirm={accept}
        onCancel={() => setDialog(null)}
      />
      {dialog === "dispute" && <DisputeDialog change={change} onClose={() => setDialog(null)} />}
      {dialog === "decide" && <DecideDialog change={change} onClose={() => setDialog(null)} />}
    </Paper>
  );
}
