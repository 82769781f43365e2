import { useState } from "react";
import { Button, Stack, Typography } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import type { AverageCost } from "@fba/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { PageHeader } from "../../../components/PageHeader";
import { useOwnAverageCosts } from "../../../entities/average-cost/api/average-costs";
import { notify, toastApiError } from "../../../lib/toast";
import { useDeleteAverageCost } from "../api/manage-average-costs";
import { AverageCostDialog } from "../components/AverageCostDialog";
import { useAverageCostsT } from "../i18n";

/**
 * The agent's average costs per FC: the starting point their bid form offers, and (without their
 * name) the estimate sellers see while booking.
 */
export default function AverageCostsPage() {
  const { t } = useAverageCostsT();
  const perKg = (value: string) => (Number(value) > 0 ? t("perKg", { value }) : t("notOffered"));
  const query = useOwnAverageCosts(true);
  const remove = useDeleteAverageCost();
  // null: closed; "new": adding; a row: editing it.
  const [editing, setEditing] = useState<AverageCost | "new" | null>(null);
  const [deleting, setDeleting] = useState<AverageCost | null>(null);

  const columns: DataTableColumn<AverageCost>[] = [
    {
      id: "warehouse_number",
      label: t("columns.warehouse"),
      render: (c) => <strong>{c.warehouse_number}</strong>,
    },
    { id: "slow_cost", label: t("columns.slow"), render: (c) => perKg(c.slow_cost) },
    { id: "fast_cost", label: t("columns.fast"), render: (c) => perKg(c.fast_cost) },
    { id: "air_cost", label: t("columns.air"), render: (c) => perKg(c.air_cost) },
    {
      id: "action",
      label: t("columns.action"),
      render: (c) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: "inherit" }}>
          <Button
            size="small"
            onClick={() => setEditing(c)}
            aria-label={t("editOf", { code: c.warehouse_number })}
          >
            {t("edit")}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeleting(c)}
            aria-label={t("deleteOf", { code: c.warehouse_number })}
          >
            {t("delete")}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t("title")}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing("new")}>
            {t("add")}
          </Button>
        }
      />
      <Typography variant="body2" color="text.secondary">
        {t("intro")}
      </Typography>
      <DataTable
        ariaLabel={t("table")}
        columns={columns}
        rows={query.data ?? []}
        rowKey={(c) => c.id}
        emptyText={t("empty")}
        query={query}
        what={t("what")}
        loading={query.isFetching && !query.data}
      />
      {editing !== null && (
        <AverageCostDialog
          cost={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          title={t("deleteTitle", { code: deleting.warehouse_number })}
          message={t("deleteText")}
          confirmLabel={t("delete")}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: (res) => notify.success(res.message),
              onError: toastApiError,
              onSettled: () => setDeleting(null),
            })
          }
        />
      )}
    </Stack>
  );
}
