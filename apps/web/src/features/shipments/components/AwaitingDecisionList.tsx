import { Button, Typography } from "@mui/material";
import { Link as RouterLink, useNavigate } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { Panel } from "../../../components/Panel";
import { useShipmentList } from "../../../entities/shipment/api/list-shipments";
import { hasQuotation, type ShipmentListRow } from "../../../entities/shipment/api/types";
import { formatDate, formatMoney } from "../../../entities/shipment/lib/format";

export const AWAITING_DECISION_TITLE = "Waiting for the seller's decision";

/**
 * The agent's won bids that are not orders yet: the seller still has to accept or decline them.
 * Shown above the current orders only while there are some (or they could not be loaded).
 */
export function AwaitingDecisionList({ detail }: { detail: (id: number) => string }) {
  const navigate = useNavigate();
  const query = useShipmentList("shipperAwaiting", { page: 1, per_page: 50 });
  const rows = query.data?.data ?? [];
  if (rows.length === 0 && !query.isError) return null;

  const columns: DataTableColumn<ShipmentListRow>[] = [
    { id: "id", label: "Shipment ID", render: (row) => `#${row.id}` },
    { id: "product_name", label: "Product Name", render: (row) => row.product_name },
    {
      id: "shipment_ready_date",
      label: "Shipment Date",
      render: (row) => formatDate(row.shipment_ready_date),
    },
    {
      id: "total",
      label: "Your Quotation",
      render: (row) =>
        hasQuotation(row.quotation) ? formatMoney(row.quotation.total_amount) : "N/A",
    },
    {
      id: "action",
      label: "Action",
      render: (row) => (
        <Button
          size="small"
          component={RouterLink}
          to={detail(row.id)}
          onClick={(event) => event.stopPropagation()}
        >
          View Shipment
        </Button>
      ),
    },
  ];

  return (
    <Panel title={AWAITING_DECISION_TITLE}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Your quotation won the bidding. The shipment becomes your order once the seller accepts it.
      </Typography>
      <DataTable
        ariaLabel={AWAITING_DECISION_TITLE}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        emptyText=""
        query={query}
        what="the bids waiting for the seller"
        onRowClick={(row) => void navigate(detail(row.id))}
      />
    </Panel>
  );
}
