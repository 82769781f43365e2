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

const perKg = (value: string) => (Number(value) > 0 ? `$${value} / kg` : "Not offered");

/**
 * The agent's average costs per FC: the starting point their bid form offers, and (without their
 * name) the estimate sellers see while booking.
 */
export default function AverageCostsPage() {
  const query = useOwnAverageCosts(true);
  const remove = useDeleteAverageCost();
  // null: closed; "new": adding; a row: editing it.
  const [editing, setEditing] = useState<AverageCost | "new" | null>(null);
  const [deleting, setDeleting] = useState<AverageCost | null>(null);

  const columns: DataTableColumn<AverageCost>[] = [
    {
      id: "warehouse_number",
      label: "Warehouse",
      render: (c) => <strong>{c.warehouse_number}</strong>,
    },
    { id: "slow_cost", label: "Slow (sea)", render: (c) => perKg(c.slow_cost) },
    { id: "fast_cost", label: "Fast (sea express)", render: (c) => perKg(c.fast_cost) },
    { id: "air_cost", label: "Air", render: (c) => perKg(c.air_cost) },
    {
      id: "action",
      label: "Action",
      render: (c) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: "inherit" }}>
          <Button
            size="small"
            onClick={() => setEditing(c)}
            aria-label={`Edit ${c.warehouse_number}`}
          >
            Edit
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeleting(c)}
            aria-label={`Delete ${c.warehouse_number}`}
          >
            Delete
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Average Costs"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing("new")}>
            Add average cost
          </Button>
        }
      />
      <Typography variant="body2" color="text.secondary">
        Your usual price per kg of chargeable weight to each Amazon FC. Your bid form offers it as a
        starting point, and sellers see the range over all agents (never your name) while booking. A
        price of 0 means you do not offer that service there.
      </Typography>
      <DataTable
        ariaLabel="Average costs"
        columns={columns}
        rows={query.data ?? []}
        rowKey={(c) => c.id}
        emptyText="No average costs yet"
        query={query}
        what="your average costs"
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
          title={`Delete ${deleting.warehouse_number}?`}
          message="Sellers' estimates and your bid form stop using this price."
          confirmLabel="Delete"
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
