import { useState } from "react";
import { Badge, Box, Button, Stack } from "@mui/material";
import ChatIcon from "@mui/icons-material/ChatOutlined";
import { Link as RouterLink, useNavigate } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import {
  pagingOf,
  SHIPPER_PAGE_SIZE,
  useUrlListState,
} from "../../../components/data-table/use-list-state";
import { useShipmentList } from "../../../entities/shipment/api/list-shipments";
import type { QuotationOutcome } from "@fba/contract";
import type { Locale } from "@fba/contract/locales";
import { hasQuotation, type ShipmentListRow } from "../../../entities/shipment/api/types";
import { formatMoney, statusLabel, textOrNA } from "../../../entities/shipment/lib/format";
import { AddInfoDialog, infoActionLabel } from "./AddInfoDialog";
import { AwaitingDecisionList } from "./AwaitingDecisionList";
import { PageHeader } from "../../../components/PageHeader";
import { ExportCsvButton } from "../../../components/ExportCsvButton";
import { TrackingLink } from "../../../entities/shipment/components/ShipmentDetails";
import { DocumentsMissingBadge } from "../../../entities/document/components/DocumentsMissingBadge";
import { LegsAttentionBadge } from "../../../entities/shipment/components/LegsAttentionBadge";
import { shipperOrderPath } from "../../../app/paths";
import { useListEmptyText } from "../../../components/data-table/empty-text";
import { useListsT } from "../../../i18n/lists";
import { useAgentListsT } from "../../../i18n/agent-lists";
import { useFormat } from "../../../i18n/use-format";

export type ShipperOrdersVariant = "current" | "completed" | "history";

const CONFIG = {
  current: {
    title: "Current Shipments",
    list: "shipperRecent",
    detail: (id: number) => shipperOrderPath(id, "current"),
  },
  completed: {
    title: "Completed Shipments",
    list: "shipperPast",
    detail: (id: number) => shipperOrderPath(id, "completed"),
  },
  history: {
    title: "Shipments History",
    list: "shipperHistory",
    detail: (id: number) => shipperOrderPath(id, "history"),
  },
} as const;

function customerName(row: Row, locale: Locale): string {
  return textOrNA([row.user?.first_name, row.user?.last_name].filter(Boolean).join(" "), locale);
}

type Row = ShipmentListRow & { outcome?: QuotationOutcome };

const OUTCOME_LABELS: Record<QuotationOutcome, string> = {
  pending: "Pending",
  won: "Won",
  lost: "Lost",
};

/** What became of the agent's bid on a history row, with the shipment's status when it was won. */
export function bidOutcome(row: Row): string {
  if (!row.outcome) return statusLabel(row, "shipper");
  if (row.outcome === "won") return `Won (${statusLabel(row, "shipper")})`;
  return OUTCOME_LABELS[row.outcome];
}

function cancelReason(row: Row, locale: Locale): string {
  const reason =
    (hasQuotation(row.quotation) ? row.quotation.cancel_reason : null) ?? row.cancel_reason;
  return textOrNA(reason, locale);
}

/** The agent's order tables: current (won, accepted), completed and history. */
export function ShipperOrdersList({ variant }: { variant: ShipperOrdersVariant }) {
  const config = CONFIG[variant];
  const { t, i18n } = useListsT();
  const { t: ta } = useAgentListsT();
  const format = useFormat();
  const emptyText = useListEmptyText();
  const locale: Locale = i18n.language === "zh-CN" ? "zh-CN" : "en";
  const english = locale === "en";
  const title = ta(`agentOrders.titles.${variant}`);
  const untyped = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  /** The history row's outcome in the language shown (`bidOutcome`'s words in English). */
  const outcome = (row: Row) => {
    if (english) return bidOutcome(row);
    const status = untyped(`status.${statusLabel(row, "shipper")}`);
    if (!row.outcome) return status;
    if (row.outcome === "won") return ta("agentOrders.outcomes.wonWith", { status });
    return ta(`agentOrders.outcomes.${row.outcome}`);
  };
  const navigate = useNavigate();
  const list = useUrlListState({ per_page: SHIPPER_PAGE_SIZE });
  const query = useShipmentList<Row>(config.list, list.params);
  const [infoFor, setInfoFor] = useState<Row | null>(null);

  const columns: DataTableColumn<Row>[] = [
    {
      id: "id",
      label: t("columns.id"),
      sortable: true,
      render: (row) => (
        <>
          #{row.id}
          <LegsAttentionBadge attention={row.legs_attention} />
          <DocumentsMissingBadge row={row} />
        </>
      ),
    },
    {
      id: "customer",
      label: ta("agentOrders.columns.customer"),
      render: (row) => customerName(row, locale),
    },
    {
      id: "tracking_link",
      label: ta("agentOrders.columns.tracking"),
      render: (row) => <TrackingLink shipment={row} />,
    },
    {
      id: "final_amount",
      label: t("columns.finalAmount"),
      sortable: true,
      render: (row) => (english ? formatMoney(row.final_amount) : format.money(row.final_amount)),
    },
  ];
  if (variant === "history") {
    columns.push(
      { id: "outcome", label: ta("agentOrders.columns.outcome"), render: outcome },
      {
        id: "cancel_reason",
        label: ta("agentOrders.columns.cancelReason"),
        render: (row) => cancelReason(row, locale),
      },
    );
  }
  if (variant === "current") {
    columns.push({
      id: "info",
      label: ta("agentOrders.columns.info"),
      render: (row) => (
        <Button
          size="small"
          variant="outlined"
          onClick={(event) => {
            event.stopPropagation();
            setInfoFor(row);
          }}
        >
          {infoActionLabel(row) === "Edit info"
            ? ta("agentOrders.editInfo")
            : ta("agentOrders.addInfo")}
        </Button>
      ),
    });
  }
  columns.push({
    id: "action",
    label: t("columns.action"),
    render: (row) => (
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: { xs: "flex-end", md: "flex-start" } }}
      >
        <Button
          size="small"
          component={RouterLink}
          to={config.detail(row.id)}
          onClick={(event) => event.stopPropagation()}
        >
          {ta("agentOrders.view")}
        </Button>
        {variant === "current" && row.status === "Quotation Accepted" && (
          <Badge badgeContent={row.message_count ?? 0} color="error" max={99}>
            <Button
              size="small"
              variant="contained"
              startIcon={<ChatIcon />}
              component={RouterLink}
              to={`${config.detail(row.id)}#chat`}
              onClick={(event) => event.stopPropagation()}
              aria-label={
                row.message_count
                  ? ta("agentOrders.openChatUnread", { count: row.message_count })
                  : ta("agentOrders.openChat")
              }
            >
              {ta("agentOrders.openChat")}
            </Button>
          </Badge>
        )}
      </Stack>
    ),
  });

  return (
    <>
      <PageHeader
        title={title}
        actions={
          variant === "history" ? undefined : (
            <ExportCsvButton path="shipper/orders/export.csv" fileName="orders.csv" />
          )
        }
      />
      {variant === "current" && (
        <Box sx={{ mb: 2 }}>
          <AwaitingDecisionList detail={config.detail} />
        </Box>
      )}
      <DataTable
        ariaLabel={title}
        columns={columns}
        rows={query.data?.data ?? []}
        rowKey={(row) => row.id}
        emptyText={emptyText(ta("agentOrders.empty"), list.params)}
        query={query}
        what={ta("agentOrders.what")}
        {...pagingOf(query.data?.pagination_option)}
        onRowClick={(row) => void navigate(config.detail(row.id))}
        {...list.tableProps}
      />
      {infoFor && <AddInfoDialog shipment={infoFor} open onClose={() => setInfoFor(null)} />}
    </>
  );
}
