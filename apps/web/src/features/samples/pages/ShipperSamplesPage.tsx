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
import { useLocalDay } from "../../../i18n/local-day";
import { useSamplesT } from "../i18n";
import type { SampleShipment } from "@fba/contract";
import { shipperOrderPath } from "../../../app/paths";

/** Shipper list tables show 10 rows a page. */

function useColumns(page: number, perPage: number): DataTableColumn<SampleShipment>[] {
  const { t } = useSamplesT();
  const localDay = useLocalDay();
  return [
    {
      id: "s_no",
      label: t("agentList.columns.sNo"),
      render: (_row, index) => (page - 1) * perPage + index + 1,
    },
    { id: "seller", label: t("agentList.columns.sellerId"), render: (row) => row.seller.id },
    {
      id: "product_name",
      label: t("agentList.columns.productName"),
      sortable: true,
      render: (row) => row.product_name,
    },
    {
      id: "created_at",
      label: t("agentList.columns.date"),
      sortable: true,
      render: (row) => localDay(row.created_at),
    },
    {
      id: "quantity",
      label: t("agentList.columns.quantity"),
      sortable: true,
      render: (row) => row.quantity,
    },
    {
      id: "delivery_address",
      label: t("agentList.columns.address"),
      // Where the seller asked for them. Kept narrow so the status and actions fit beside it.
      render: (row) => (
        <Box component="span" sx={{ display: "block", maxWidth: { md: 200 } }}>
          {row.delivery_address ?? row.address}
        </Box>
      ),
    },
    {
      id: "status",
      label: t("agentList.columns.status"),
      render: (row) => <SampleStatusCell sample={row} />,
    },
    {
      id: "action",
      label: t("agentList.columns.action"),
      render: (row) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Tooltip title={t("agentList.view")}>
            <IconButton
              component={RouterLink}
              to={shipperOrderPath(row.id, "samples")}
              size="small"
              aria-label={t("agentList.viewOf", { id: row.id })}
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
  const { t } = useSamplesT();
  const list = useShipperListState({ ordering: "-created_at" });
  const query = useSampleShipments(list.params);
  const { data, isFetching } = query;
  const columns = useColumns(list.params.page, list.params.per_page);

  return (
    <Stack>
      <PageHeader title={t("agentList.title")} />
      <DataTable
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(row) => row.id}
        emptyText={t("agentList.empty")}
        query={query}
        what={t("agentList.what")}
        ariaLabel={t("agentList.title")}
        loading={isFetching && !data}
        pages={data?.pagination_option.pages ?? 1}
        {...list.tableProps}
      />
    </Stack>
  );
}
