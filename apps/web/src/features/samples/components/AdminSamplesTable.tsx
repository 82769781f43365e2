import { useMemo } from "react";
import { Link as RouterLink } from "react-router";
import { IconButton, Stack, Tooltip } from "@mui/material";
import VisibilityOutlinedIcon from "@mui/icons-material/VisibilityOutlined";
import type { SampleShipment } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { useListState } from "../../../components/data-table/use-list-state";
import { useSampleShipments } from "../api/get-sample-shipments";
import { MarkSampleCompleteButton } from "./MarkSampleCompleteButton";
import { SampleStatusCell } from "./SampleStatusChip";
import { formatCalendarDay } from "../../../lib/format";
import { fullName } from "../../../lib/names";
import { paths, pathTo } from "../../../app/paths";
import { useSamplesT } from "../i18n";

type SamplesT = ReturnType<typeof useSamplesT>["t"];

const columnsFor = (t: SamplesT): DataTableColumn<SampleShipment>[] => [
  { id: "id", label: t("list.columns.id"), sortable: true, render: (row) => row.id },
  {
    id: "product_name",
    label: t("list.columns.productName"),
    sortable: true,
    render: (row) => row.product_name,
  },
  {
    id: "seller",
    label: t("adminList.seller"),
    render: (row) => t("details.sellerId", { name: fullName(row.seller), id: row.seller.id }),
  },
  {
    id: "quantity",
    label: t("agentList.columns.quantity"),
    sortable: true,
    render: (row) => row.quantity,
  },
  { id: "address", label: t("list.columns.address"), render: (row) => row.address },
  {
    id: "created_at",
    label: t("list.columns.date"),
    sortable: true,
    render: (row) => formatCalendarDay(row.created_at),
  },
  {
    id: "status",
    label: t("list.columns.status"),
    render: (row) => <SampleStatusCell sample={row} />,
  },
  {
    id: "action",
    label: t("list.columns.action"),
    render: (row) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Tooltip title={t("adminList.viewAndChat")}>
          <IconButton
            component={RouterLink}
            to={pathTo(paths.admin.sample, row.id)}
            size="small"
            aria-label={t("agentList.viewOf", { id: row.id })}
          >
            <VisibilityOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {row.status !== "Shipment Completed" && <MarkSampleCompleteButton sampleId={row.id} />}
      </Stack>
    ),
  },
];

/** Every sample shipment, for the admin. */
export function AdminSamplesTable() {
  const list = useListState({ ordering: "-created_at" });
  const query = useSampleShipments(list.params);
  const { data, isFetching } = query;
  const { t } = useSamplesT();
  const columns = useMemo(() => columnsFor(t), [t]);
  return (
    <>
      <DataTable
        ariaLabel={t("adminList.label")}
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(row) => row.id}
        emptyText={t("adminList.empty")}
        query={query}
        what={t("adminList.what")}
        loading={isFetching}
        pages={data?.pagination_option.pages ?? 1}
        {...list.tableProps}
      />
    </>
  );
}
