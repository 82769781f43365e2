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

const columns: DataTableColumn<SampleShipment>[] = [
  { id: "id", label: "ID", sortable: true, render: (row) => row.id },
  { id: "product_name", label: "Product Name", sortable: true, render: (row) => row.product_name },
  {
    id: "seller",
    label: "Seller",
    render: (row) => `${fullName(row.seller)} (ID ${row.seller.id})`,
  },
  { id: "quantity", label: "Amount of Samples", sortable: true, render: (row) => row.quantity },
  { id: "address", label: "Delivery Address", render: (row) => row.address },
  {
    id: "created_at",
    label: "Shipment Date",
    sortable: true,
    render: (row) => formatCalendarDay(row.created_at),
  },
  { id: "status", label: "Status", render: (row) => <SampleStatusCell sample={row} /> },
  {
    id: "action",
    label: "Action",
    render: (row) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Tooltip title="View and chat">
          <IconButton
            component={RouterLink}
            to={pathTo(paths.admin.sample, row.id)}
            size="small"
            aria-label={`View sample shipment ${row.id}`}
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
  return (
    <>
      <DataTable
        ariaLabel="Sample shipments"
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(row) => row.id}
        emptyText="No sample shipments yet"
        query={query}
        what="the sample shipments"
        loading={isFetching}
        pages={data?.pagination_option.pages ?? 1}
        {...list.tableProps}
      />
    </>
  );
}
