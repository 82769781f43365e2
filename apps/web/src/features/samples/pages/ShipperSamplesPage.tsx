import { Link as RouterLink } from "react-router";
import { Box, IconButton, Stack, Tooltip } from "@mui/material";
import VisibilityOutlinedIcon from "@mui/icons-material/VisibilityOutlined";
import { PageHeader } from "../../../components/PageHeader";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { useShipperListState } from "../../../components/data-table/use-list-state";
import { useSampleShipments } from "../api/get-sample-shipments";
import { MarkSampleCompleteButton } from "../components/MarkSampleCompleteButton";
import { SampleStatusCell } from "../components/SampleStatusChip";
import { canActOnSample } from "../lib/claim";
import { formatCalendarDay } from "../../../lib/format";
import type { SampleShipment } from "@fba/contract";
import { shipperOrderPath } from "../../../app/paths";

/** Shipper list tables show 10 rows a page. */

function columnsFor(page: number, perPage: number): DataTableColumn<SampleShipment>[] {
  return [
    { id: "s_no", label: "S No.", render: (_row, index) => (page - 1) * perPage + index + 1 },
    { id: "seller", label: "Seller ID", render: (row) => row.seller.id },
    {
      id: "product_name",
      label: "Product Name",
      sortable: true,
      render: (row) => row.product_name,
    },
    {
      id: "created_at",
      label: "Shipment Date",
      sortable: true,
      render: (row) => formatCalendarDay(row.created_at),
    },
    { id: "quantity", label: "Amount of Samples", sortable: true, render: (row) => row.quantity },
    {
      id: "delivery_address",
      label: "Sample Delivery Address",
      // Where the seller asked for them. Kept narrow so the status and actions fit beside it.
      render: (row) => (
        <Box component="span" sx={{ display: "block", maxWidth: { md: 200 } }}>
          {row.delivery_address ?? row.address}
        </Box>
      ),
    },
    { id: "status", label: "Status", render: (row) => <SampleStatusCell sample={row} /> },
    {
      id: "action",
      label: "Action",
      render: (row) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Tooltip title="View">
            <IconButton
              component={RouterLink}
              to={shipperOrderPath(row.id, "samples")}
              size="small"
              aria-label={`View sample shipment ${row.id}`}
            >
              <VisibilityOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {canActOnSample(row, "shipper") && <MarkSampleCompleteButton sampleId={row.id} />}
        </Stack>
      ),
    },
  ];
}

/**
 * Every sample shipment, for the shipping agents: each shows who handles it, and only that agent
 * (or anyone, while nobody does) may mark it complete.
 */
export default function ShipperSamplesPage() {
  const list = useShipperListState({ ordering: "-created_at" });
  const query = useSampleShipments(list.params);
  const { data, isFetching } = query;

  return (
    <Stack>
      <PageHeader title="Sample Shipments" />
      <DataTable
        columns={columnsFor(list.params.page, list.params.per_page)}
        rows={data?.data ?? []}
        rowKey={(row) => row.id}
        emptyText="No sample shipments yet"
        query={query}
        what="the sample shipments"
        ariaLabel="Sample Shipments"
        loading={isFetching && !data}
        pages={data?.pagination_option.pages ?? 1}
        {...list.tableProps}
      />
    </Stack>
  );
}
