import type { ReactNode } from "react";
import { Button, Stack } from "@mui/material";
import { CountBadge } from "../../../components/CountBadge";
import { OutlinedField, OutlinedNativeSelect } from "../../../components/OutlinedField";
import { ACTIVE_SHIPMENT_STATUSES } from "@fba/contract/constants";
import { ExportCsvButton } from "../../../components/ExportCsvButton";
import { BidCountdown } from "../../../entities/shipment/components/BidCountdown";
import { fcCodeOf } from "../../../entities/shipment/lib/format";
import ChatIcon from "@mui/icons-material/ChatOutlined";
import { Link as RouterLink, useNavigate } from "react-router";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { pagingOf, useUrlListState } from "../../../components/data-table/use-list-state";
import {
  useShipmentList,
  type ShipmentListName,
} from "../../../entities/shipment/api/list-shipments";
import { hasQuotation, type ShipmentListRow } from "../../../entities/shipment/api/types";
import { sellerShipmentPath } from "../../../app/paths";
import { StatusChip } from "../../../entities/shipment/components/StatusChip";
import { DeliveryProofChip } from "../../../entities/document/components/DeliveryProofChip";
import { LegsAttentionBadge } from "../../../entities/shipment/components/LegsAttentionBadge";
import { useListsT } from "../../../i18n/lists";
import { useListEmptyText } from "../../../components/data-table/empty-text";
import { useFormat } from "../../../i18n/use-format";

/** A list row; the active list's rows also carry their destinations. */
type Row = ShipmentListRow & { destinations?: string[] };

export type SellerListVariant = "active" | "pending" | "recent" | "completed" | "cancelled";

const CONFIG: Record<
  SellerListVariant,
  { list: ShipmentListName; kind?: "cancelled" | "completed" }
> = {
  active: { list: "sellerActive" },
  pending: { list: "sellerPending" },
  recent: { list: "sellerRecent" },
  completed: { list: "sellerPast", kind: "completed" },
  cancelled: { list: "sellerCancelled", kind: "cancelled" },
};

/** One seller list: the header the route gives it (the tab strip), date filter, table. */
export function SellerShipmentsList({
  variant,
  header,
}: {
  variant: SellerListVariant;
  header: (title: string) => ReactNode;
}) {
  const config = CONFIG[variant];
  const { t } = useListsT();
  const format = useFormat();
  const emptyText = useListEmptyText();
  const title = t(`titles.${variant}`);
  const notAvailable = t("values.notAvailable");
  const navigate = useNavigate();
  const isActive = variant === "active";
  const list = useUrlListState(isActive ? { with: "destinations" } : {});
  const query = useShipmentList<Row>(
    config.list,
    isActive ? list.params : { ...list.params, status: undefined },
  );
  const open = (row: ShipmentListRow) => sellerShipmentPath(row, config.kind);

  const columns: DataTableColumn<Row>[] = [
    {
      id: "id",
      label: t("columns.id"),
      sortable: true,
      render: (row) => (
        <>
          #{row.id}
          <LegsAttentionBadge attention={row.legs_attention} />
        </>
      ),
    },
    {
      id: "status",
      label: t("columns.status"),
      sortable: true,
      render: (row) => <StatusChip shipment={row} side="seller" />,
    },
    {
      id: "shipment_ready_date",
      label: t("columns.shipmentDate"),
      sortable: true,
      render: (row) => format.date(row.shipment_ready_date),
    },
    {
      id: "product_name",
      label: t("columns.productName"),
      sortable: true,
      render: (row) => row.product_name,
    },
    {
      id: "pickup_location",
      label: t("columns.pickupLocation"),
      render: (row) => row.pickup_location?.full_address ?? notAvailable,
    },
  ];
  if (isActive) {
    columns.push(
      {
        id: "destinations",
        label: t("columns.destinations"),
        render: (row) => {
          const codes = [...new Set((row.destinations ?? []).map(fcCodeOf))];
          return codes.length > 0 ? codes.join(", ") : notAvailable;
        },
      },
      {
        id: "quotation_count",
        label: t("columns.bids"),
        sortable: true,
        render: (row) => row.quotation_count,
      },
      {
        id: "bidding_ends_at",
        label: t("columns.timeLeft"),
        sortable: true,
        render: (row) =>
          row.is_bidding_open ? (
            <BidCountdown endsAt={row.bidding_ends_at} onExpire={() => void query.refetch()} />
          ) : (
            t("values.closed")
          ),
      },
      {
        id: "price",
        label: t("columns.price"),
        // Bids stay sealed until the window closes; then the winning bid's total.
        render: (row) =>
          hasQuotation(row.quotation)
            ? format.money(row.quotation.total_amount)
            : row.is_bidding_open && row.quotation_count > 0
              ? t("values.sealed")
              : notAvailable,
      },
    );
  }
  if (variant === "pending") {
    columns.push({
      id: "winning_bid",
      label: t("columns.winningBid"),
      render: (row) =>
        hasQuotation(row.quotation) ? format.money(row.quotation.total_amount) : notAvailable,
    });
  }
  if (variant === "completed") {
    columns.push({
      id: "final_amount",
      label: t("columns.finalAmount"),
      sortable: true,
      render: (row) => format.money(row.final_amount),
    });
    columns.push({
      id: "delivery",
      label: t("columns.delivery"),
      render: (row) => <DeliveryProofChip delivery={row.delivery} />,
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
          to={open(row)}
          onClick={(event) => event.stopPropagation()}
        >
          {t("actions.view")}
        </Button>
        {row.status === "Quotation Accepted" && (
          <CountBadge count={row.message_count ?? 0}>
            <Button
              size="small"
              variant="contained"
              startIcon={<ChatIcon />}
              component={RouterLink}
              to={`${open(row)}#chat`}
              onClick={(event) => event.stopPropagation()}
            >
              {t("actions.openChat")}
            </Button>
          </CountBadge>
        )}
      </Stack>
    ),
  });

  return (
    <>
      {header(title)}
      <DataTable
        ariaLabel={title}
        columns={columns}
        rows={query.data?.data ?? []}
        rowKey={(row) => row.id}
        emptyText={emptyText(t("empty.seller"), list.params)}
        query={query}
        what="your shipments"
        {...pagingOf(query.data?.pagination_option)}
        onRowClick={(row) => void navigate(open(row))}
        toolbar={
          <>
            {isActive && (
              <OutlinedNativeSelect
                label={t("filters.status")}
                value={list.params.status ?? ""}
                onChange={(value) => list.setStatus(value || undefined)}
                sx={{ minWidth: 200 }}
              >
                <option value="">{t("filters.allStatuses")}</option>
                {ACTIVE_SHIPMENT_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`status.${value}`)}
                  </option>
                ))}
              </OutlinedNativeSelect>
            )}
            <OutlinedField
              type="date"
              label={t("filters.shipmentDate")}
              value={list.params.shipment_ready_date ?? ""}
              onChange={(value) => list.setDate(value || undefined)}
              sx={{ minWidth: 180 }}
            />
            {isActive && (
              <ExportCsvButton path="seller/shipments/export.csv" fileName="shipments.csv" />
            )}
          </>
        }
        {...list.tableProps}
      />
    </>
  );
}
