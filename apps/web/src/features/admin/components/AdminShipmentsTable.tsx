import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { Link, MenuItem, TextField } from "@mui/material";
import { SHIPMENT_STATUSES, type ShipmentListRow, type ShipmentStatus } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { pagingOf, useListState } from "../../../components/data-table/use-list-state";
import { StatusChip } from "../../../entities/shipment/components/StatusChip";
import { LegsAttentionBadge } from "../../../entities/shipment/components/LegsAttentionBadge";
import { useAdminShipments } from "../api/get-admin-shipments";
import { adminShipmentPath } from "../../../app/paths";
import { useListsT } from "../../../i18n/lists";
import { useFormat } from "../../../i18n/use-format";
import { useAdminT } from "../i18n";

/** Every shipment, filterable by status; a row opens the admin shipment page. */
export function AdminShipmentsTable() {
  const { t } = useAdminT();
  const { t: tLists } = useListsT();
  const format = useFormat();
  const navigate = useNavigate();
  const columns: DataTableColumn<ShipmentListRow>[] = [
    {
      id: "id",
      label: t("shipments.columns.id"),
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
    {
      id: "product_name",
      label: t("shipments.columns.productName"),
      sortable: true,
      render: (row) => row.product_name,
    },
    {
      id: "seller",
      label: t("shipments.columns.seller"),
      render: (row) => `${row.user.first_name} ${row.user.last_name}`,
    },
    {
      id: "status",
      label: t("shipments.columns.status"),
      render: (row) => <StatusChip shipment={row} side="admin" />,
    },
    {
      id: "quotation_count",
      label: t("shipments.columns.bids"),
      render: (row) => row.quotation_count,
    },
    {
      id: "shipment_ready_date",
      label: t("shipments.columns.readyDate"),
      sortable: true,
      render: (row) => format.date(row.shipment_ready_date),
    },
    {
      id: "created_at",
      label: t("shipments.columns.created"),
      sortable: true,
      render: (row) => format.dateTime(row.created_at),
    },
  ];

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
        ariaLabel={t("shipments.label")}
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(row) => row.id}
        emptyText={t("shipments.empty")}
        query={query}
        what={t("shipments.what")}
        loading={isFetching}
        {...pagingOf(data?.pagination_option)}
        onRowClick={(row) => void navigate(adminShipmentPath(row.id))}
        {...list.tableProps}
        toolbar={
          <TextField
            select
            size="small"
            label={t("shipments.status")}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as ShipmentStatus | "");
              list.setPage(1);
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{t("shipments.allStatuses")}</MenuItem>
            {SHIPMENT_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {tLists(`status.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        }
      />
    </>
  );
}
