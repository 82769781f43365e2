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
import { localIsoDate } from "@fba/contract/constants";
import { formatCalendarDay, parseTime } from "../../lib/format";
import { sellerSamplePath } from "../paths";
import { useSamplesT } from "../../features/samples/i18n";
import { useFormat } from "../../i18n/use-format";

const detailPath = (row: SampleShipment) => sellerSamplePath(row.id);
/** Open chat lands on the chat, below the details on a phone. */
const chatPath = (row: SampleShipment) => `${detailPath(row)}#chat`;

const columnsOf = (
  t: ReturnType<typeof useSamplesT>["t"],
  date: (value: string) => string,
): DataTableColumn<SampleShipment>[] => [
  { id: "id", label: t("list.columns.id"), sortable: true, render: (row) => row.id },
  {
    id: "quantity",
    label: t("list.columns.quantity"),
    sortable: true,
    render: (row) => row.quantity,
  },
  { id: "address", label: t("list.columns.address"), render: (row) => row.address },
  {
    id: "product_name",
    label: t("list.columns.productName"),
    sortable: true,
    render: (row) => row.product_name,
  },
  {
    id: "created_at",
    label: t("list.columns.date"),
    sortable: true,
    render: (row) => date(row.created_at),
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
      <Badge badgeContent={row.message_count} color="error" max={99}>
        <Button
          component={RouterLink}
          to={chatPath(row)}
          onClick={(event) => event.stopPropagation()}
          size="small"
          variant="outlined"
          startIcon={<ChatOutlinedIcon />}
          aria-label={t("list.openChatFor", { id: row.id })}
          sx={{ whiteSpace: "nowrap" }}
        >
          {t("list.openChat")}
        </Button>
      </Badge>
    ),
  },
];

/** A timestamp's day where the reader is, as yyyy-MM-dd (a calendar date stays as it is). */
function localIsoDay(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = parseTime(value);
  return date ? localIsoDate(date) : value;
}

/** The seller's sample shipments, with a date filter; requests are made from the tab strip. */
export default function SellerSamplesPage() {
  const navigate = useNavigate();
  const list = useListState({ ordering: "-created_at" });
  const query = useSampleShipments(list.params);
  const { data, isFetching } = query;
  const { t, i18n } = useSamplesT();
  const format = useFormat();
  // English keeps the list's own day format; another language its Intl one (the local day).
  const date = (value: string) =>
    i18n.language === "en" ? formatCalendarDay(value) : format.date(localIsoDay(value));
  const columns = columnsOf(t, date);

  return (
    <>
      <SellerTabs />
      <PageHeader title={t("list.title")} />
      <DataTable
        ariaLabel={t("list.title")}
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(row) => row.id}
        emptyText={t("list.empty")}
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
            label={t("list.date")}
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
