import { Button, Typography } from "@mui/material";
import { Link as RouterLink, useNavigate } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { Panel } from "../../../components/Panel";
import { useShipmentList } from "../../../entities/shipment/api/list-shipments";
import { hasQuotation, type ShipmentListRow } from "../../../entities/shipment/api/types";
import { formatDate, formatMoney } from "../../../entities/shipment/lib/format";
import { useListsT } from "../../../i18n/lists";
import { useAgentListsT } from "../../../i18n/agent-lists";
import { useFormat } from "../../../i18n/use-format";

export const AWAITING_DECISION_TITLE = "Waiting for the seller's decision";

/**
 * The agent's won bids that are not orders yet: the seller still has to accept or decline them.
 * Shown above the current orders only while there are some (or they could not be loaded).
 */
export function AwaitingDecisionList({ detail }: { detail: (id: number) => string }) {
  const { t, i18n } = useListsT();
  const { t: ta } = useAgentListsT();
  const format = useFormat();
  const english = i18n.language === "en";
  const navigate = useNavigate();
  const query = useShipmentList("shipperAwaiting", { page: 1, per_page: 50 });
  const rows = query.data?.data ?? [];
  if (rows.length === 0 && !query.isError) return null;

  const columns: DataTableColumn<ShipmentListRow>[] = [
    { id: "id", label: t("columns.id"), render: (row) => `#${row.id}` },
    { id: "product_name", label: t("columns.productName"), render: (row) => row.product_name },
    {
      id: "shipment_ready_date",
      label: t("columns.shipmentDate"),
      render: (row) =>
        english ? formatDate(row.shipment_ready_date) : format.date(row.shipment_ready_date),
    },
    {
      id: "total",
      label: ta("awaiting.yourQuotation"),
      render: (row) =>
        !hasQuotation(row.quotation)
          ? t("values.notAvailable")
          : english
            ? formatMoney(row.quotation.total_amount)
            : format.money(row.quotation.total_amount),
    },
    {
      id: "action",
      label: t("columns.action"),
      render: (row) => (
        <Button
          size="small"
          component={RouterLink}
          to={detail(row.id)}
          onClick={(event) => event.stopPropagation()}
        >
          {ta("awaiting.view")}
        </Button>
      ),
    },
  ];

  return (
    <Panel title={ta("awaiting.title")}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {ta("awaiting.text")}
      </Typography>
      <DataTable
        ariaLabel={ta("awaiting.title")}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        emptyText=""
        query={query}
        what={ta("awaiting.what")}
        onRowClick={(row) => void navigate(detail(row.id))}
      />
    </Panel>
  );
}
