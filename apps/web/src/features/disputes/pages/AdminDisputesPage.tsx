import { useState } from "react";
import { Link as RouterLink } from "react-router";
import dayjs from "dayjs";
import { Button, Link, Stack, Typography } from "@mui/material";
import ChatIcon from "@mui/icons-material/ChatOutlined";
import { formatUsd, type ChargeChange, type DisputeRow } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { PageHeader } from "../../../components/PageHeader";
import { mediaUrl } from "../../../lib/media-url";
import { adminShipmentPath } from "../../../app/paths";
import { useOpenDisputes } from "../api/charge-change";
import { DecideDialog } from "../components/DecideDialog";

const person = (p: DisputeRow["seller"]) => `${p.first_name} ${p.last_name}`;

/** /admin/disputes: open disputes over final amounts, oldest first, each decided from here. */
export default function AdminDisputesPage() {
  const query = useOpenDisputes();
  const [deciding, setDeciding] = useState<ChargeChange | null>(null);
  const rows = query.data ?? [];

  const columns: DataTableColumn<DisputeRow>[] = [
    {
      id: "shipment",
      label: "Shipment",
      render: (row) => (
        <Link component={RouterLink} to={adminShipmentPath(row.shipment.id)}>
          #{row.shipment.id} {row.shipment.product_name}
        </Link>
      ),
    },
    {
      id: "parties",
      label: "Seller / Agent",
      render: (row) => (
        <>
          {person(row.seller)}
          <Typography component="span" variant="body2" color="text.secondary">
            {" / "}
            {person(row.agent)}
          </Typography>
        </>
      ),
    },
    {
      id: "amounts",
      label: "Bid → Final",
      render: ({ charge_change: c }) => (
        <>
          {formatUsd(c.bid_total)} → {formatUsd(c.final_amount)}{" "}
          <Typography
            component="span"
            variant="body2"
            color="warning.dark"
            sx={{ fontWeight: 600 }}
          >
            (+{formatUsd(c.difference)})
          </Typography>
        </>
      ),
    },
    {
      id: "reason",
      label: "Agent's reason",
      render: ({ charge_change: c }) => (
        <>
          {c.reason_label}
          {c.note ? `: ${c.note}` : ""}
        </>
      ),
    },
    {
      id: "evidence",
      label: "Evidence",
      render: ({ charge_change: c }) =>
        c.evidence?.download_url ? (
          <Link href={mediaUrl(c.evidence.download_url)} target="_blank" rel="noopener">
            {c.evidence.file_name}
          </Link>
        ) : (
          (c.evidence?.file_name ?? "None attached")
        ),
    },
    {
      id: "dispute",
      label: "Seller's dispute",
      render: ({ charge_change: c }) => c.dispute_reason,
    },
    {
      id: "disputed_at",
      label: "Disputed on",
      render: ({ charge_change: c }) =>
        c.disputed_at ? dayjs(c.disputed_at).format("MM/DD/YYYY") : "N/A",
    },
    {
      id: "action",
      label: "Action",
      render: (row) => (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ justifyContent: "inherit", alignItems: "center", flexWrap: "wrap" }}
        >
          <Button
            size="small"
            component={RouterLink}
            to={adminShipmentPath(row.shipment.id, { chat: true })}
            startIcon={<ChatIcon />}
            aria-label={`Open the chat of shipment #${row.shipment.id}`}
          >
            Chat
          </Button>
          <Button
            size="small"
            variant="contained"
            onClick={() => setDeciding(row.charge_change)}
            aria-label={`Decide the dispute on shipment #${row.shipment.id}`}
          >
            Decide
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <PageHeader title="Disputes" />
      <Typography variant="body2" color="text.secondary">
        Final amounts above the accepted bid that the seller disputed, the oldest first. Read the
        evidence and the order's chat, then keep the bid total, accept the final amount or decide an
        amount in between.
      </Typography>
      <DataTable
        ariaLabel="Open disputes"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.charge_change.id}
        emptyText="No open disputes"
        query={query}
        what="the disputes"
        loading={query.isPending}
      />
      {deciding && <DecideDialog change={deciding} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}
