import { Link as RouterLink, useNavigate } from "react-router";
import { Badge, Button, TextField } from "@mui/material";
import ChatOutlinedIcon from "@mui/icons-material/ChatOutlined";
import type { SampleShipment } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../components/data-table/DataTable";
import { useListState } from "../../components/data-table/use-list-state";
import { PageHeader } from "../../components/PageHeader";
import { SellerTabs } from "./SellerTabs";
import { useSampleShipments } from "../../features/samples/api/get-sample-shipments";
import { SampleStatusCell } from "../../features/samples/components/SampleStatusChip";
import { formatCalendarDay } from "../../lib/format";
import { sellerSamplePath } from "../paths";

const detailPath = (row: SampleShipment) => sellerSamplePath(row.id);
/** Open chat lands on the chat, below the details on a phone. */
const chatPath = (row: SampleShipment) => `${detailPath(row)}#chat`;

const columns: DataTableColumn<SampleShipment>[] = [
  { id: "id", label: "ID", sortable: true, render: (row) => row.id },
  { id: "quantity", label: "Sample Amount", sortable: true, render: (row) => row.quantity },
  { id: "address", label: "Delivery Address", render: (row) => row.address },
  { id: "product_name", label: "Product Name", sortable: true, render: (row) => row.product_name },
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
      <Badge badgeContent={row.message_count} color="error" max={99}>
        <Button
          component={RouterLink}
          to={chatPath(row)}
          onClick={(event) => event.stopPropagation()}
          size="small"
          variant="outlined"
          startIcon={<ChatOutlinedIcon />}
          aria-label={`Open chat for sample shipment ${row.id}`}
          sx={{ whiteSpace: "nowrap" }}
        >
          Open chat
        </Button>
      </Badge>
    ),
  },
];

/** The seller's sample shipments, with a date filter; requests are made from the tab strip. */
export default function SellerSamplesPage() {
  const navigate = useNavigate();
  const list = useListState({ ordering: "-created_at" });
  const query = useSampleShipments(list.params);
  const { data, isFetching } = query;

  return (
    <>
      <SellerTabs />
      <PageHeader title="Sample Shipments" />
      <DataTable
        ariaLabel="Sample Shipments"
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(row) => row.id}
        emptyText="You have no sample shipments yet"
        query={query}
        what="your sample shipments"
        loading={isFetching && !data}
        pages={data?.pagination_option.pages ?? 1}
        onRowClick={(row) => void navigate(detailPath(row))}
        {...list.tableProps}
        toolbar={
          <TextField
            type="date"
            size="small"
            label="Shipment date"
            value={list.params.shipment_ready_date ?? ""}
            onChange={(event) => list.setDate(event.target.value || undefined)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ minWidth: 180 }}
          />
        }
      />
    </>
  );
}
