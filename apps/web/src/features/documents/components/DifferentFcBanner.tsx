import { useState } from "react";
import { Alert, AlertTitle, Button, Stack } from "@mui/material";
import type { DifferentFc, Leg } from "@fba/contract";
import { lazyDialog } from "../../../components/lazy-dialog";
import { formatCalendarDay } from "../../../lib/format";
import { notify, toastApiError } from "../../../lib/toast";
import { useDecideDifferentFc } from "../api/different-fc";

const ResolveDialog = lazyDialog(() =>
  import("./ResolveDifferentFcDialog").then((m) => m.ResolveDifferentFcDialog),
);

export type DeliverySide = "seller" | "agent" | "admin";

const name = (by: DifferentFc["by"]) => (by ? `${by.first_name} ${by.last_name}` : "someone");

function statusLine(state: DifferentFc, side: DeliverySide): string {
  const when = formatCalendarDay(state.at);
  if (state.status === "accepted") return `Accepted by ${name(state.by)} on ${when}.`;
  if (state.status === "resolved") {
    return `Resolved by ${name(state.by)} on ${when}: ${state.note ?? ""}`;
  }
  if (side === "seller")
    return "Accept the change if the delivery is fine, or ask an admin to resolve it.";
  if (side === "admin")
    return "Waiting for the seller to accept it; you can resolve it with a note.";
  return "Waiting for the seller to accept it or an admin to resolve it.";
}

/**
 * "Delivered to a different FC" on a leg delivered elsewhere than booked: the seller accepts the
 * change, an admin resolves it with a note; afterwards it says who did and when.
 */
export function DifferentFcBanner({
  shipmentId,
  leg,
  side,
  canDecide,
  onLeg,
}: {
  shipmentId: number;
  leg: Leg;
  side: DeliverySide;
  /** False once the order is cancelled. */
  canDecide: boolean;
  /** Receives the leg as the server changed it. */
  onLeg: (leg: Leg) => void;
}) {
  const decide = useDecideDifferentFc(shipmentId, onLeg);
  const [resolving, setResolving] = useState(false);
  const state = leg.different_fc;
  if (!state) return null;
  const flagged = state.status === "flagged";

  const accept = () =>
    decide.mutate(
      { legId: leg.id },
      { onSuccess: (res) => notify.success(res.message), onError: toastApiError },
    );
  const resolve = async (note: string) => {
    const res = await decide.mutateAsync({ legId: leg.id, note });
    notify.success(res.message);
    setResolving(false);
  };

  const action =
    canDecide && flagged && side === "seller" ? (
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        onClick={accept}
        disabled={decide.isPending}
      >
        Accept change
      </Button>
    ) : canDecide && flagged && side === "admin" ? (
      <Button color="inherit" variant="outlined" size="small" onClick={() => setResolving(true)}>
        Resolve
      </Button>
    ) : null;

  return (
    <>
      <Alert
        severity={flagged ? "warning" : "success"}
        aria-label={`Delivered to a different FC: ${leg.fc_code}`}
      >
        <AlertTitle>Delivered to a different FC</AlertTitle>
        <Stack spacing={1}>
          <span>
            Booked for {leg.fc_code}, delivered to {leg.delivered_fc_code} with proof of delivery.
          </span>
          <span>{statusLine(state, side)}</span>
          {action && <div>{action}</div>}
        </Stack>
      </Alert>
      {resolving && (
        <ResolveDialog
          leg={leg}
          busy={decide.isPending}
          onResolve={resolve}
          onClose={() => setResolving(false)}
        />
      )}
    </>
  );
}
