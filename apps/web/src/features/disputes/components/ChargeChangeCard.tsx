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
import { formatUsd, type ChargeChange, type ChargeChangeEvent } from "@fba/contract";
import { Field } from "../../../components/Panel";
import { mediaUrl } from "../../../lib/media-url";
import { notify, toastApiError } from "../../../lib/toast";
import { useAnswerChargeChange, useChargeChange } from "../api/charge-change";
import { byOpenProp, lazyDialog } from "../../../components/lazy-dialog";
import { formatCalendarDay, formatDateTime } from "../../../lib/format";

const ConfirmDialog = lazyDialog(
  () => import("../../../components/ConfirmDialog").then((m) => m.ConfirmDialog),
  byOpenProp,
);
const DecideDialog = lazyDialog(() => import("./DecideDialog").then((m) => m.DecideDialog));
const DisputeDialog = lazyDialog(() => import("./DisputeDialog").then((m) => m.DisputeDialog));

export type ChargeSide = "seller" | "agent" | "admin";

const TITLE = "Final amount above the accepted bid";
const OPEN = new Set(["pending", "disputed"]);

/** What each side is told the charge change is waiting for. */
function nextStep(change: ChargeChange, side: ChargeSide): string | null {
  if (change.status === "pending") {
    if (side !== "seller") return "Waiting for the seller to accept or dispute it.";
    const until = change.dispute_until
      ? ` You can dispute it until ${formatCalendarDay(change.dispute_until)}.`
      : " You can dispute it until 15 days after the order is completed.";
    return `Accept it, or dispute it and an admin will decide.${until}`;
  }
  if (change.status === "disputed") {
    return side === "admin"
      ? "The seller disputes it: decide an amount from the bid total to the final amount."
      : "The seller disputed it: an admin will decide.";
  }
  return null;
}

function History({ events }: { events: ChargeChangeEvent[] }) {
  return (
    <Box component="section" aria-label="History of the final amount">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        History
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {events.map((event) => (
          <Typography key={event.id} component="li" variant="body2" sx={{ mb: 0.5 }}>
            <strong>{event.label}</strong>
            {event.old_amount !== null && event.new_amount !== null && (
              <>
                {": "}
                {formatUsd(event.old_amount)} → {formatUsd(event.new_amount)}
              </>
            )}
            <Typography component="span" variant="body2" color="text.secondary">
              {" "}
              by {event.by.first_name} {event.by.last_name}, {formatDateTime(event.at)}
            </Typography>
            {(event.reason || event.note) && (
              <Typography
                component="span"
                variant="body2"
                sx={{ display: "block", overflowWrap: "anywhere" }}
              >
                {[event.reason, event.note].filter(Boolean).join(": ")}
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
  const [dialog, setDialog] = useState<"accept" | "dispute" | "decide" | null>(null);
  const answer = useAnswerChargeChange(change.shipment);
  const isOpen = OPEN.has(change.status);
  const step = nextStep(change, side);

  const accept = () =>
    answer.mutate(
      { action: "accept" },
      {
        onSuccess: (res) => {
          notify.success(res.message);
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
            {TITLE}
          </Typography>
          <Chip
            size="small"
            label={change.status_label}
            color={isOpen ? "warning" : change.status === "withdrawn" ? "default" : "success"}
            sx={{ alignSelf: { xs: "flex-start", sm: "center" } }}
          />
        </Stack>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>
          {change.summary}
        </Typography>
        <Box
          sx={{
            display: "grid",
            gap: 1.5,
            gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, minmax(0, 1fr))" },
          }}
        >
          <Field label="Accepted bid">{formatUsd(change.bid_total)}</Field>
          <Field label="Final amount">{formatUsd(change.final_amount)}</Field>
          <Field label="Reason">
            {change.reason_label}
            {change.note ? `: ${change.note}` : ""}
          </Field>
          <Field label="Evidence">
            {change.evidence ? (
              change.evidence.download_url ? (
                <Link href={mediaUrl(change.evidence.download_url)} target="_blank" rel="noopener">
                  {change.evidence.file_name}
                </Link>
              ) : (
                change.evidence.file_name
              )
            ) : (
              "None attached"
            )}
          </Field>
        </Box>
        {change.dispute_reason && (
          <Field label={side === "seller" ? "Your dispute" : "The seller's dispute"}>
            {change.dispute_reason}
          </Field>
        )}
        {change.decision && (
          <Alert severity="success">
            <AlertTitle>
              Decided: {change.decision.outcome_label}, {formatUsd(change.decision.amount)}
            </AlertTitle>
            {change.decision.note}
          </Alert>
        )}
        {step && <Alert severity={change.status === "pending" ? "warning" : "info"}>{step}</Alert>}
        {(change.can_accept || change.can_dispute || change.can_decide) && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
            {change.can_accept && (
              <Button variant="contained" onClick={() => setDialog("accept")}>
                Accept {formatUsd(change.final_amount)}
              </Button>
            )}
            {change.can_dispute && (
              <Button variant="outlined" color="warning" onClick={() => setDialog("dispute")}>
                Dispute
              </Button>
            )}
            {change.can_decide && (
              <Button variant="contained" onClick={() => setDialog("decide")}>
                Decide
              </Button>
            )}
          </Stack>
        )}
        <History events={change.events} />
      </Stack>
      <ConfirmDialog
        open={dialog === "accept"}
        title="Accept the final amount"
        message={`Accept ${formatUsd(change.final_amount)} instead of the accepted bid of ${formatUsd(change.bid_total)}? You cannot dispute it afterwards.`}
        confirmLabel="Accept"
        cancelLabel="Back"
        busy={answer.isPending}
        onConfirm={accept}
        onCancel={() => setDialog(null)}
      />
      {dialog === "dispute" && <DisputeDialog change={change} onClose={() => setDialog(null)} />}
      {dialog === "decide" && <DecideDialog change={change} onClose={() => setDialog(null)} />}
    </Paper>
  );
}
