import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { Button, Link, Stack, Typography } from "@mui/material";
import ChatIcon from "@mui/icons-material/ChatOutlined";
import { formatUsd, type ChargeChange, type DisputeRow } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { PageHeader } from "../../../components/PageHeader";
import { ExportCsvButton } from "../../../components/ExportCsvButton";
import { OutlinedField, OutlinedNativeSelect } from "../../../components/OutlinedField";
import { formatCalendarDay } from "../../../lib/format";
import { mediaUrl } from "../../../lib/media-url";
import { useAddressQuery } from "../../../lib/address-query";
import { adminShipmentPath } from "../../../app/paths";
import { useOpenDisputes, type DisputeFilters } from "../api/charge-change";
import { DecideDialog } from "../components/DecideDialog";

const person = (p: DisputeRow["seller"]) => `${p.first_name} ${p.last_name}`;

const STATUS_OPTIONS = [
  ["open", "Open"],
  ["decided", "Decided"],
  ["all", "All"],
] as const;

const isDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "");

/**
 * /admin/disputes: open disputes over final amounts, oldest first, each decided from here; the
 * decided ones and every one (newest first) by the status filter, bounded by the days disputed.
 * The filters live in the page address.
 */
export default function AdminDisputesPage() {
  const [url, changeUrl] = useAddressQuery();
  const statusParam = url.get("status");
  const status = STATUS_OPTIONS.some(([value]) => value === statusParam)
    ? (statusParam as NonNullable<DisputeFilters["status"]>)
    : "open";
  const from = isDay(url.get("from"));
  const to = isDay(url.get("to"));
  const setFilter = (name: "status" | "from" | "to", value: string) =>
    changeUrl((current) => {
      if (value && !(name === "status" && value === "open")) current.set(name, value);
      else current.delete(name);
      return current;
    });
  const query = useOpenDisputes({
    status: status === "open" ? undefined : status,
    from: from || undefined,
    to: to || undefined,
  });
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
      render: ({ charge_change: c }) => formatCalendarDay(c.disputed_at),
    },
    {
      id: "decision",
      label: "Decision",
      render: ({ charge_change: c }) =>
        c.decision ? (
          <>
            {c.decision.outcome_label}: {formatUsd(c.decision.amount)}
            <Typography component="div" variant="body2" color="text.secondary">
              {c.decision.note}
            </Typography>
          </>
        ) : (
          "Open"
        ),
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
          {row.charge_change.status === "disputed" && (
            <Button
              size="small"
              variant="contained"
              onClick={() => setDeciding(row.charge_change)}
              aria-label={`Decide the dispute on shipment #${row.shipment.id}`}
            >
              Decide
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Disputes"
        actions={<ExportCsvButton path="admin/disputes/export.csv" fileName="disputes.csv" />}
      />
      <Typography variant="body2" color="text.secondary">
        {status === "open"
          ? "Final amounts above the accepted bid that the seller disputed, the oldest first. Read the evidence and the order's chat, then keep the bid total, accept the final amount or decide an amount in between."
          : "Disputes of final amounts with their decisions, the newest first."}
      </Typography>
      <DataTable
        ariaLabel={status === "open" ? "Open disputes" : "Disputes"}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.charge_change.id}
        emptyText={
          status === "open" && !from && !to ? "No open disputes" : "No disputes match these filters"
        }
        toolbar={
          <>
            <OutlinedNativeSelect
              label="Status"
              value={status}
              onChange={(value) => setFilter("status", value)}
              sx={{ minWidth: 150 }}
            >
              {STATUS_OPTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </OutlinedNativeSelect>
            <OutlinedField
              type="date"
              label="Disputed from"
              value={from}
              onChange={(value) => setFilter("from", value)}
              sx={{ minWidth: 170 }}
            />
            <OutlinedField
              type="date"
              label="Disputed to"
              value={to}
              onChange={(value) => setFilter("to", value)}
              sx={{ minWidth: 170 }}
            />
          </>
        }
        query={query}
        what="the disputes"
        loading={query.isPending}
      />
      {deciding && <DecideDialog change={deciding} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}
