import { useState } from "react";
import { Button, Chip, Stack } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import type { Warehouse } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { notify, toastApiError } from "../../../lib/toast";
import { PageHeader } from "../../../components/PageHeader";
import { useAllWarehouses, useUpdateWarehouse } from "../api/warehouses";
import { WarehouseDialog } from "../components/WarehouseDialog";

const PAGE_SIZE = 50;

/** /admin/warehouses: the fulfilment centres offered as destinations; add, edit, disable. */
export default function AdminWarehousesPage() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const query = useAllWarehouses(search);
  const { data, isFetching } = query;
  const update = useUpdateWarehouse();
  // null: closed; "new": adding; a warehouse: editing it.
  const [editing, setEditing] = useState<Warehouse | "new" | null>(null);

  const rows = data ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  // A search that shrinks the list must not leave the table past its last page.
  const currentPage = Math.min(page, pages);

  const toggle = (warehouse: Warehouse) =>
    update.mutate(
      { id: warehouse.id, input: { is_active: !warehouse.is_active } },
      {
        onSuccess: () =>
          notify.success(`${warehouse.code} ${warehouse.is_active ? "disabled" : "enabled"}`),
        onError: toastApiError,
      },
    );

  const columns: DataTableColumn<Warehouse>[] = [
    { id: "code", label: "FC Code", render: (w) => <strong>{w.code}</strong> },
    { id: "name", label: "Name", render: (w) => w.name ?? "N/A" },
    { id: "address", label: "Address", render: (w) => w.address },
    {
      id: "city",
      label: "City / State",
      render: (w) => [w.city, w.state, w.postal_code].filter(Boolean).join(", ") || "N/A",
    },
    { id: "country", label: "Country", render: (w) => w.country },
    {
      id: "is_active",
      label: "Status",
      render: (w) =>
        w.is_active ? (
          <Chip size="small" color="success" variant="outlined" label="Active" />
        ) : (
          <Chip size="small" label="Disabled" />
        ),
    },
    {
      id: "action",
      label: "Action",
      render: (w) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: "inherit" }}>
          <Button size="small" onClick={() => setEditing(w)} aria-label={`Edit ${w.code}`}>
            Edit
          </Button>
          <Button
            size="small"
            color={w.is_active ? "error" : "primary"}
            onClick={() => toggle(w)}
            disabled={update.isPending}
            aria-label={`${w.is_active ? "Disable" : "Enable"} ${w.code}`}
          >
            {w.is_active ? "Disable" : "Enable"}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Warehouses"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing("new")}>
            Add warehouse
          </Button>
        }
      />
      <DataTable
        ariaLabel="Warehouses"
        columns={columns}
        rows={rows.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE)}
        rowKey={(w) => w.id}
        emptyText="No warehouses match"
        query={query}
        what="the warehouses"
        loading={isFetching && !data}
        page={currentPage}
        pages={pages}
        onPageChange={setPage}
        search={search}
        onSearchChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      {editing !== null && (
        <WarehouseDialog
          warehouse={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
