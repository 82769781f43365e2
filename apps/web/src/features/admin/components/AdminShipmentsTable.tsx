import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { Link, MenuItem, TextField } from "@mui/material";
import { SHIPMENT_STATUSES, type ShipmentListRow, type ShipmentStatus } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { pagingOf, useListState } from "../../../components/data-table/use-list-state";
import { StatusChip } from "../../../entities/shipment/components/StatusChip";
import { LegsAttentionBadge } from "../../../entities/shipment/components/LegsAttentionBadge";
import { formatDate, formatDateTime } from "../../../entities/shipment/lib/format";
import { useAdminShipments } from "../api/get-admin-shipments";
import { adminShipmentPath } from "../../../app/paths";

const columns: DataTableColumn<ShipmentListRow>[] = [
  {
    id: "id",
    label: "Shipment ID",
    sortable: true,
    render: (row) => (
      <>
        <Link
          component={RouterLink}
          to={adminShipmentPath(row.id)}
          onClick={(event) => event.stopPropagation()}
        >
          #{row.id}
        </Link>
        <LegsAttentionBadge attention={row.legs_attention} />
      </>
    ),
  },
  { id: "product_name", label: "Product Name", sortable: true, render: (row) => row.product_name },
  {
    id: "seller",
    label: "Seller",
    render: (row) => `${row.user.first_name} ${row.user.last_name}`,
  },
  { id: "status", label: "Status", render: (row) => <StatusChip shipment={row} side="admin" /> },
  { id: "quotation_count", label: "Bids", render: (row) => row.quotation_count },
  {
    id: "shipment_ready_date",
    label: "Ready Date",
    sortable: true,
    render: (row) => formatDate(row.shipment_ready_date),
  },
  {
    id: "created_at",
    label: "Created",
    sortable: true,
    render: (row) => formatDateTime(row.created_at),
  },
];

/** Every shipment, filterable by status; a row opens the admin shipment page. */
export function AdminShipmentsTable() {
  const navigate = useNavigate();
  const list = useListState({ ordering: "-created_at" });
  const [status, setStatus] = useState<ShipmentStatus | "">("");
  const query = useAdminShipments({
    ...list.params,
    status: status || undefined,
  });
  const { data, isFetching } = query;

  return (
    <>
      <DataTable
        ariaLabel="Shipments"
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(row) => row.id}
        emptyText="No shipments yet"
        query={query}
        what="the shipments"
        loading={isFetching}
        {...pagingOf(data?.pagination_option)}
        onRowClick={(row) => void navigate(adminShipmentPath(row.id))}
        {...list.tableProps}
        toolbar={
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as ShipmentStatus | "");
              list.setPage(1);
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">All statuses</MenuItem>
            {SHIPMENT_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {value}
              </MenuItem>
            ))}
          </TextField>
        }
      />
    </>
  );
}
