import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { Button, Link, Stack, Typography } from "@mui/material";
import ChatIcon from "@mui/icons-material/ChatOutlined";
import type { ChargeChange, DisputeRow } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { PageHeader } from "../../../components/PageHeader";
import { ExportCsvButton } from "../../../components/ExportCsvButton";
import { OutlinedField, OutlinedNativeSelect } from "../../../components/OutlinedField";
import { mediaUrl } from "../../../lib/media-url";
import { useAddressQuery } from "../../../lib/address-query";
import { adminShipmentPath } from "../../../app/paths";
import { useOpenDisputes, type DisputeFilters } from "../api/charge-change";
import { DecideDialog } from "../components/DecideDialog";
import { useChargeLabels } from "../lib/charge-labels";
import { useDisputesT } from "../i18n";

const person = (p: DisputeRow["seller"]) => `${p.first_name} ${p.last_name}`;

const STATUS_OPTIONS = ["open", "decided", "all"] as const;

const isDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "");

/**
 * /admin/disputes: open disputes over final amounts, oldest first, each decided from here; the
 * decided ones and every one (newest first) by the status filter, bounded by the days disputed.
 * The filters live in the page address.
 */
export default function AdminDisputesPage() {
  const labels = useChargeLabels();
  const { usd } = labels;
  const { t } = useDisputesT();
  const [url, changeUrl] = useAddressQuery();
  const statusParam = url.get("status");
  const status = STATUS_OPTIONS.some((value) => value === statusParam)
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
      label: t("page.columns.shipment"),
      render: (row) => (
        <Link component={RouterLink} to={adminShipmentPath(row.shipment.id)}>
          #{row.shipment.id} {row.shipment.product_name}
        </Link>
      ),
    },
    {
      id: "parties",
      label: t("page.columns.parties"),
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
      label: t("page.columns.amounts"),
      render: ({ charge_change: c }) => (
        <>
          {usd(c.bid_total)} → {usd(c.final_amount)}{" "}
          <Typography
            component="span"
            variant="body2"
            color="warning.dark"
            sx={{ fontWeight: 600 }}
          >
            (+{usd(c.difference)})
          </Typography>
        </>
      ),
    },
    {
      id: "reason",
      label: t("page.columns.reason"),
      render: ({ charge_change: c }) => (
        <>
          {labels.reason(c.reason, c.reason_label)}
          {c.note ? `${labels.t("card.joiner")}${c.note}` : ""}
        </>
      ),
    },
    {
      id: "evidence",
      label: t("page.columns.evidence"),
      render: ({ charge_change: c }) =>
        c.evidence?.download_url ? (
          <Link href={mediaUrl(c.evidence.download_url)} target="_blank" rel="noopener">
            {c.evidence.file_name}
          </Link>
        ) : (
          (c.evidence?.file_name ?? t("card.noEvidence"))
        ),
    },
    {
      id: "dispute",
      label: t("page.columns.dispute"),
      render: ({ charge_change: c }) => c.dispute_reason,
    },
    {
      id: "disputed_at",
      label: t("page.columns.disputedAt"),
      render: ({ charge_change: c }) => labels.day(c.disputed_at),
    },
    {
      id: "decision",
      label: t("page.columns.decision"),
      render: ({ charge_change: c }) =>
        c.decision ? (
          <>
            {t("page.decision", {
              outcome: labels.outcome(c.decision.outcome, c.decision.outcome_label),
              amount: usd(c.decision.amount),
            })}
            <Typography component="div" variant="body2" color="text.secondary">
              {c.decision.note}
            </Typography>
          </>
        ) : (
          t("page.open")
        ),
    },
    {
      id: "action",
      label: t("page.columns.action"),
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
            aria-label={t("page.chatLabel", { id: row.shipment.id })}
          >
            {t("page.chat")}
          </Button>
          {row.charge_change.status === "disputed" && (
            <Button
              size="small"
              variant="contained"
              onClick={() => setDeciding(row.charge_change)}
              aria-label={t("page.decideLabel", { id: row.shipment.id })}
            >
              {t("page.decide")}
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t("page.title")}
        actions={<ExportCsvButton path="admin/disputes/export.csv" fileName="disputes.csv" />}
      />
      <Typography variant="body2" color="text.secondary">
        {status === "open" ? t("page.introOpen") : t("page.introAll")}
      </Typography>
      <DataTable
        ariaLabel={status === "open" ? t("page.labelOpen") : t("page.label")}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.charge_change.id}
        emptyText={
          status === "open" && !from && !to ? t("page.emptyOpen") : t("page.emptyFiltered")
        }
        toolbar={
          <>
            <OutlinedNativeSelect
              label={t("page.status")}
              value={status}
              onChange={(value) => setFilter("status", value)}
              sx={{ minWidth: 150 }}
            >
              {STATUS_OPTIONS.map((value) => (
                <option key={value} value={value}>
                  {t(`page.statusOptions.${value}`)}
                </option>
              ))}
            </OutlinedNativeSelect>
            <OutlinedField
              type="date"
              label={t("page.from")}
              value={from}
              onChange={(value) => setFilter("from", value)}
              sx={{ minWidth: 170 }}
            />
            <OutlinedField
              type="date"
              label={t("page.to")}
              value={to}
              onChange={(value) => setFilter("to", value)}
              sx={{ minWidth: 170 }}
            />
          </>
        }
        query={query}
        what={t("page.what")}
        loading={query.isPending}
      />
      {deciding && <DecideDialog change={deciding} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}
