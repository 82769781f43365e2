import { useCallback } from "react";
import { Breadcrumbs, Button, Link, Typography } from "@mui/material";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import {
  pagingOf,
  SHIPPER_PAGE_SIZE,
  useUrlListState,
} from "../../../components/data-table/use-list-state";
import { useShipmentList } from "../../../entities/shipment/api/list-shipments";
import { hasQuotation, type ShipmentListRow } from "../../../entities/shipment/api/types";
import { PageHeader } from "../../../components/PageHeader";
import { useFormat } from "../../../i18n/use-format";
import { BidCountdown } from "../../../entities/shipment/components/BidCountdown";
import { paths, pathTo } from "../../../app/paths";
import { useBiddingT } from "../i18n";

/** Shipper landing: every shipment still open for bidding. */
export default function PendingQuotationsPage() {
  const { t } = useBiddingT();
  const format = useFormat();
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
      label: t("pending.columns.endsIn"),
      sortable: true,
      render: (row) => <BidCountdown endsAt={row.bidding_ends_at} onExpire={onExpire} />,
    },
    {
      id: "product_name",
      label: t("pending.columns.productName"),
      sortable: true,
      render: (row) => row.product_name,
    },
    {
      id: "shipment_ready_date",
      label: t("pending.columns.shipmentDate"),
      sortable: true,
      render: (row) => format.date(row.shipment_ready_date),
    },
    {
      id: "pickup_location",
      label: t("pending.columns.pickupLocation"),
      render: (row) => row.pickup_location?.full_address ?? t("pending.notAvailable"),
    },
    {
      id: "action",
      label: t("pending.columns.action"),
      render: (row) => (
        <Button
          size="small"
          variant={hasQuotation(row.quotation) ? "outlined" : "contained"}
          component={RouterLink}
          to={pathTo(paths.shipper.bid, row.id)}
          onClick={(event) => event.stopPropagation()}
          aria-label={t("pending.bidOn", { product: row.product_name })}
        >
          {hasQuotation(row.quotation) ? t("pending.viewBid") : t("pending.bid")}
        </Button>
      ),
    },
  ];

  return (
    <>
      {isNewView && (
        <Breadcrumbs sx={{ mb: 1 }}>
          <Link component={RouterLink} to={paths.shipper.pending} underline="hover" color="inherit">
            {t("pending.dashboard")}
          </Link>
          <Typography color="text.primary">{t("pending.new")}</Typography>
        </Breadcrumbs>
      )}
      <PageHeader title={t("pending.title")} />
      <DataTable
        ariaLabel={t("pending.tableLabel")}
        columns={columns}
        rows={query.data?.data ?? []}
        rowKey={(row) => row.id}
        emptyText={
          list.params.search?.trim()
            ? t("pending.noMatch", { search: list.params.search.trim() })
            : list.params.status || list.params.shipment_ready_date
              ? t("pending.noFilterMatch")
              : t("pending.empty")
        }
        query={query}
        what={t("pending.what")}
        {...pagingOf(query.data?.pagination_option)}
        onRowClick={(row) => void navigate(pathTo(paths.shipper.bid, row.id))}
        {...list.tableProps}
      />
    </>
  );
}
