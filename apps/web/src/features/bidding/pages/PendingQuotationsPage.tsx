import { useCallback } from "react";
import { Breadcrumbs, Button, Link, Typography } from "@mui/material";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import {
  listEmptyText,
  pagingOf,
  SHIPPER_PAGE_SIZE,
  useUrlListState,
} from "../../../components/data-table/use-list-state";
import { useShipmentList } from "../../../entities/shipment/api/list-shipments";
import { hasQuotation, type ShipmentListRow } from "../../../entities/shipment/api/types";
import { PageHeader } from "../../../components/PageHeader";
import { formatDate } from "../../../entities/shipment/lib/format";
import { BidCountdown } from "../../../entities/shipment/components/BidCountdown";
import { paths, pathTo } from "../../../app/paths";

/** Shipper landing: every shipment still open for bidding. */
export default function PendingQuotationsPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isNewView = pathname.replace(/\/$/, "").endsWith("/new");
  const list = useUrlListState({ per_page: SHIPPER_PAGE_SIZE });
  const query = useShipmentList("shipperPending", list.params);
  const { refetch } = query;
  const onExpire = useCallback(() => void refetch(), [refetch]);

  const columns: DataTableColumn<ShipmentListRow>[] = [
    {
      id: "bidding_ends_at",
      label: "Biding Ends In",
      sortable: true,
      render: (row) => <BidCountdown endsAt={row.bidding_ends_at} onExpire={onExpire} />,
    },
    {
      id: "product_name",
      label: "Product Name",
      sortable: true,
      render: (row) => row.product_name,
    },
    {
      id: "shipment_ready_date",
      label: "Shipment Date",
      sortable: true,
      render: (row) => formatDate(row.shipment_ready_date),
    },
    {
      id: "pickup_location",
      label: "Pickup Location",
      render: (row) => row.pickup_location?.full_address ?? "N/A",
    },
    {
      id: "action",
      label: "Action",
      render: (row) => (
        <Button
          size="small"
          variant={hasQuotation(row.quotation) ? "outlined" : "contained"}
          component={RouterLink}
          to={pathTo(paths.shipper.bid, row.id)}
          onClick={(event) => event.stopPropagation()}
          aria-label={`Bid on ${row.product_name}`}
        >
          {hasQuotation(row.quotation) ? "View bid" : "Bid"}
        </Button>
      ),
    },
  ];

  return (
    <>
      {isNewView && (
        <Breadcrumbs sx={{ mb: 1 }}>
          <Link component={RouterLink} to={paths.shipper.pending} underline="hover" color="inherit">
            Dashboard
          </Link>
          <Typography color="text.primary">New</Typography>
        </Breadcrumbs>
      )}
      <PageHeader title="Pending Quotations" />
      <DataTable
        ariaLabel="Pending quotations"
        columns={columns}
        rows={query.data?.data ?? []}
        rowKey={(row) => row.id}
        emptyText={listEmptyText("You have no bid yet", list.params)}
        query={query}
        what="the shipments open for bidding"
        {...pagingOf(query.data?.pagination_option)}
        onRowClick={(row) => void navigate(pathTo(paths.shipper.bid, row.id))}
        {...list.tableProps}
      />
    </>
  );
}
