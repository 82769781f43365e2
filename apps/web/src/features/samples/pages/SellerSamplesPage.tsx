import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { Alert, Box, Button, Stack, TextField, Typography } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import ChatOutlinedIcon from "@mui/icons-material/ChatOutlined";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { useListState } from "../../../components/data-table/use-list-state";
import { useSampleShipments } from "../api/get-sample-shipments";
import { SampleShipmentDialog } from "../components/SampleShipmentDialog";
import { SampleStatusChip } from "../components/SampleStatusChip";
import { formatDate } from "../format";
import type { SampleShipment } from "@fba/contract";

const columns: DataTableColumn<SampleShipment>[] = [
  { id: "id", label: "ID", sortable: true, render: (row) => row.id },
  { id: "quantity", label: "Sample Amount", sortable: true, render: (row) => row.quantity },
  { id: "address", label: "Delivery Address", render: (row) => row.address },
  { id: "product_name", label: "Product Name", sortable: true, render: (row) => row.product_name },
  {
    id: "created_at",
    label: "Shipment Date",
    sortable: true,
    render: (row) => formatDate(row.created_at),
  },
  { id: "status", label: "Status", render: (row) => <SampleStatusChip status={row.status} /> },
  {
    id: "action",
    label: "Action",
    render: (row) => (
      <Button
        component={RouterLink}
        to={`/seller/booking/recentorderstatus/${row.id}?src=sampleShipments`}
        size="small"
        startIcon={<ChatOutlinedIcon />}
        aria-label={`Open chat for sample shipment ${row.id}`}
      >
        Open chat
      </Button>
    ),
  },
];

/** The seller's sample shipments, with a date filter and the request dialog. */
export default function SellerSamplesPage() {
  const list = useListState({ ordering: "-created_at" });
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const { data, error, isFetching } = useSampleShipments(list.params);

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <Typography variant="h5" component="h1">
          Sample Shipments
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsDialogOpen(true)}>
          Create Sample Shipment
        </Button>
      </Stack>
      {error && <Alert severity="error">{error.message}</Alert>}
      <DataTable
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(row) => row.id}
        emptyText="You have no sample shipments yet"
        loading={isFetching}
        pages={data?.pagination_option.pages ?? 1}
        {...list.tableProps}
        toolbar={
          <Box>
            <TextField
              type="date"
              size="small"
              label="Shipment Date"
              value={list.params.shipment_ready_date ?? ""}
              onChange={(event) => list.setDate(event.target.value || undefined)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
        }
      />
      <SampleShipmentDialog open={isDialogOpen} onClose={() => setIsDialogOpen(false)} />
    </Stack>
  );
}
