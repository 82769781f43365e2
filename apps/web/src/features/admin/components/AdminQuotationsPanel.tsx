import { useState } from "react";
import { Box, Button, Chip, Link, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import EmojiEventsOutlined from "@mui/icons-material/EmojiEventsOutlined";
import type { Quotation } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { notify, toastApiError } from "../../../lib/toast";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useQuotations } from "../../../entities/shipment/api/quotations";
import { hasQuotation, type Shipment } from "../../../entities/shipment/api/types";
import { Panel } from "../../../components/Panel";
import { formatDateTime, formatMoney } from "../../../entities/shipment/lib/format";
import {
  boughtService,
  SERVICE_LABELS,
  serviceTotalOf,
} from "../../../entities/shipment/lib/quotation";
import { agentProfilePath } from "../../../app/paths";
import { useSetWinningQuotation } from "../api/set-winning-quotation";

/** An admin may approve a bid while bidding is open, or swap the winner before the seller decides. */
export function canPickWinner(shipment: Pick<Shipment, "status">): boolean {
  return shipment.status === "Quotation Received" || shipment.status === "Quotation Approved";
}

/** The bid's total; once accepted, also the service bought and what it comes to. */
function total(quotation: Quotation) {
  const service = boughtService(quotation);
  return (
    <>
      <strong>{formatMoney(quotation.total_amount)}</strong>
      {service && (
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          {SERVICE_LABELS[service]} bought: {formatMoney(serviceTotalOf(quotation, service))}
        </Typography>
      )}
    </>
  );
}

function outcome(quotation: Quotation, winnerId: number | null) {
  if (quotation.id === winnerId || quotation.is_winner) {
    return <Chip size="small" color="success" label="Winner" icon={<EmojiEventsOutlined />} />;
  }
  if (quotation.cancel_reason) {
    return <Chip size="small" color="error" variant="outlined" label="Cancelled" />;
  }
  return null;
}

/** Every bid on a shipment, with the admin's approve / pick-winner action. */
export function AdminQuotationsPanel({ shipment }: { shipment: Shipment }) {
  const query = useQuotations(shipment.id);
  const setWinner = useSetWinningQuotation(shipment.id);
  const [chosen, setChosen] = useState<Quotation | null>(null);
  const winnerId = hasQuotation(shipment.quotation) ? shipment.quotation.id : null;
  const hasWinner = winnerId !== null && shipment.status !== "Quotation Received";
  const isPickable = canPickWinner(shipment);

  const columns: DataTableColumn<Quotation>[] = [
    {
      id: "agent",
      label: "Agent",
      render: (q) => (
        <Box sx={{ minWidth: 0, maxWidth: { md: 200 } }}>
          <Link
            component={RouterLink}
            to={agentProfilePath(q.user.id)}
            variant="body2"
            sx={{ fontWeight: 600, display: "block" }}
          >
            {q.user.first_name} {q.user.last_name}
          </Link>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            noWrap
            title={q.user.email}
          >
            {q.user.email}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {formatDateTime(q.created_at)}
          </Typography>
        </Box>
      ),
    },
    { id: "pickup_amount", label: "Pickup", render: (q) => formatMoney(q.pickup_amount) },
    { id: "fast_amount", label: "Fast", render: (q) => formatMoney(q.fast_amount) },
    { id: "normal_amount", label: "Normal", render: (q) => formatMoney(q.normal_amount) },
    {
      id: "total_amount",
      label: "Total",
      render: total,
    },
    {
      id: "action",
      label: "Outcome",
      render: (q) =>
        outcome(q, hasWinner ? winnerId : null) ??
        (isPickable ? (
          <Button
            size="small"
            variant="outlined"
            onClick={() => setChosen(q)}
            aria-label={`${hasWinner ? "Make winner" : "Approve bid"}: ${q.user.first_name} ${q.user.last_name}`}
            sx={{ whiteSpace: "nowrap" }}
          >
            {hasWinner ? "Make winner" : "Approve bid"}
          </Button>
        ) : null),
    },
  ];

  const confirm = () => {
    if (!chosen) return;
    setWinner.mutate(chosen.id, {
      onSuccess: (res) => {
        notify.success(res.message);
        setChosen(null);
      },
      onError: (error) => {
        toastApiError(error);
        setChosen(null);
      },
    });
  };

  const count = query.data?.pagination_option.count ?? shipment.quotation_count;
  return (
    <Panel title={`Bids (${count})`}>
      {shipment.is_bidding_open && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Bidding is open. Approving a bid now closes bidding and asks the seller to accept it.
        </Typography>
      )}
      <DataTable
        ariaLabel="Bids"
        columns={columns}
        rows={query.data?.data ?? []}
        rowKey={(q) => q.id}
        emptyText="No bids yet"
        query={query}
        what="the bids"
      />
      <ConfirmDialog
        open={chosen !== null}
        title={hasWinner ? "Change the winning bid" : "Approve this bid"}
        message={
          chosen
            ? `${hasWinner ? "Make" : "Approve"} the bid of ${chosen.user.first_name} ${chosen.user.last_name} (${formatMoney(chosen.total_amount)}) as the winning bid? The seller will be asked to accept it.`
            : ""
        }
        busy={setWinner.isPending}
        onConfirm={confirm}
        onCancel={() => setChosen(null)}
      />
    </Panel>
  );
}
