import { useState } from "react";
import { Alert, Stack } from "@mui/material";
import type { MilestoneEvent } from "@fba/contract";
import { Loading } from "../../../components/Loading";
import { Panel } from "../../../components/Panel";
import { formatApiError } from "../../../lib/toast";
import { useLegs } from "../api/get-legs";
import type { LegFieldSet } from "./EditLegDialog";
import { LegCard, type LegsSide } from "./LegCard";
import { lazyDialog } from "../../../components/lazy-dialog";
import { useServerMessage } from "../../../i18n/server-messages";
import { useLegsT } from "../i18n";

const EditLegDialog = lazyDialog(() => import("./EditLegDialog").then((m) => m.EditLegDialog));
const RecordMilestoneDialog = lazyDialog(() =>
  import("./RecordMilestoneDialog").then((m) => m.RecordMilestoneDialog),
);

type OpenDialog =
  | { kind: "edit"; legId: number; fieldSet: LegFieldSet }
  | { kind: "record"; legId: number; correcting?: MilestoneEvent };

/**
 * An accepted order's destinations, one card per Amazon FC: the seller keeps the FBA shipment
 * IDs, the agent (or an admin) the ETA, tracking and milestones.
 */
export function LegsPanel({
  shipmentId,
  side,
  canChange,
}: {
  shipmentId: number;
  side: LegsSide;
  /** False for a cancelled order, whose legs stay readable. */
  canChange: boolean;
}) {
  const { t } = useLegsT();
  const shown = useServerMessage();
  const query = useLegs(shipmentId);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const close = () => setDialog(null);

  if (query.isPending) return <Loading />;
  if (query.isError) return <Alert severity="error">{shown(formatApiError(query.error))}</Alert>;
  const legs = query.data;
  if (legs.length === 0) return null;
  const open = dialog && legs.find((leg) => leg.id === dialog.legId);

  return (
    <Panel title={t("title")}>
      <Stack spacing={2}>
        {legs.map((leg) => (
          <LegCard
            key={leg.id}
            leg={leg}
            side={side}
            canChange={canChange}
            onEdit={(fieldSet) => setDialog({ kind: "edit", legId: leg.id, fieldSet })}
            onRecord={() => setDialog({ kind: "record", legId: leg.id })}
            onCorrect={(event) => setDialog({ kind: "record", legId: leg.id, correcting: event })}
          />
        ))}
      </Stack>
      {open && dialog?.kind === "edit" && (
        <EditLegDialog
          shipmentId={shipmentId}
          leg={open}
          fieldSet={dialog.fieldSet}
          onClose={close}
        />
      )}
      {open && dialog?.kind === "record" && (
        <RecordMilestoneDialog
          shipmentId={shipmentId}
          leg={open}
          correcting={dialog.correcting}
          onClose={close}
        />
      )}
    </Panel>
  );
}
