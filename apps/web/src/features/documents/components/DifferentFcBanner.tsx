import { useState } from "react";
import {
  Alert,
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from "@mui/material";
import { differentFcMessages, type DifferentFc, type Leg } from "@fba/contract";
import { ApiError } from "../../../lib/api-client";
import { formatCalendarDay } from "../../../lib/format";
import { formatApiError, notify, toastApiError } from "../../../lib/toast";
import { useDecideDifferentFc } from "../api/different-fc";

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

/** An admin's note on how a delivery to another FC was settled. */
function ResolveDialog({
  leg,
  busy,
  onResolve,
  onClose,
}: {
  leg: Leg;
  busy: boolean;
  onResolve: (note: string) => Promise<void>;
  onClose: () => void;
}) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!note.trim()) {
      setError(differentFcMessages.noteRequired);
      return;
    }
    try {
      await onResolve(note);
    } catch (caught) {
      const field =
        caught instanceof ApiError ? caught.errors.find((e) => e.field === "note") : undefined;
      setError(field?.message ?? formatApiError(caught));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`resolve-${leg.id}`}>
      <DialogTitle id={`resolve-${leg.id}`}>
        Resolve the delivery to {leg.delivered_fc_code}
      </DialogTitle>
      <DialogContent>
        <TextField
          label="How it was resolved"
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? "The seller is told this note."}
          multiline
          minRows={3}
          fullWidth
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          Resolve
        </Button>
      </DialogActions>
    </Dialog>
  );
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
