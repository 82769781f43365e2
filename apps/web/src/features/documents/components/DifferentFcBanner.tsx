import { useState } from "react";
import { Alert, AlertTitle, Button, Stack } from "@mui/material";
import type { DifferentFc, Leg } from "@fba/contract";
import { lazyDialog } from "../../../components/lazy-dialog";
import { useServerMessage } from "../../../i18n/server-messages";
import { useDocumentsT, useLocalDay } from "../i18n";
import { notify, toastApiError } from "../../../lib/toast";
import { useDecideDifferentFc } from "../api/different-fc";

const ResolveDialog = lazyDialog(() =>
  import("./ResolveDifferentFcDialog").then((m) => m.ResolveDifferentFcDialog),
);

export type DeliverySide = "seller" | "agent" | "admin";

function useStatusLine() {
  const { t } = useDocumentsT();
  const day = useLocalDay();
  return (state: DifferentFc, side: DeliverySide): string => {
    const name = state.by
      ? `${state.by.first_name} ${state.by.last_name}`
      : t("differentFc.someone");
    const date = day(state.at);
    if (state.status === "accepted") return t("differentFc.accepted", { name, date });
    if (state.status === "resolved") {
      return t("differentFc.resolved", { name, date, note: state.note ?? "" });
    }
    if (side === "seller") return t("differentFc.sellerTodo");
    if (side === "admin") return t("differentFc.adminTodo");
    return t("differentFc.agentWaits");
  };
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
  const { t } = useDocumentsT();
  const shown = useServerMessage();
  const statusLine = useStatusLine();
  const decide = useDecideDifferentFc(shipmentId, onLeg);
  const [resolving, setResolving] = useState(false);
  const state = leg.different_fc;
  if (!state) return null;
  const flagged = state.status === "flagged";

  const accept = () =>
    decide.mutate(
      { legId: leg.id },
      {
        onSuccess: (res) => notify.success(shown(res.message) ?? res.message),
        onError: toastApiError,
      },
    );
  const resolve = async (note: string) => {
    const res = await decide.mutateAsync({ legId: leg.id, note });
    notify.success(shown(res.message) ?? res.message);
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
        {t("differentFc.accept")}
      </Button>
    ) : canDecide && flagged && side === "admin" ? (
      <Button color="inherit" variant="outlined" size="small" onClick={() => setResolving(true)}>
        {t("differentFc.resolve")}
      </Button>
    ) : null;

  return (
    <>
      <Alert
        severity={flagged ? "warning" : "success"}
        aria-label={t("differentFc.label", { fc: leg.fc_code })}
      >
        <AlertTitle>{t("differentFc.title")}</AlertTitle>
        <Stack spacing={1}>
          <span>
            {t("differentFc.facts", {
              booked: leg.fc_code,
              delivered: leg.delivered_fc_code ?? "",
            })}
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
