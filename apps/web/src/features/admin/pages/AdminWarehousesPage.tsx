import { useState } from "react";
import { Button, Chip, Stack } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import type { Warehouse } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { notify, toastApiError } from "../../../lib/toast";
import { PageHeader } from "../../../components/PageHeader";
import { useAllWarehouses, useUpdateWarehouse } from "../api/warehouses";
import { WarehouseDialog } from "../components/WarehouseDialog";
import { useAdminT } from "../i18n";

const PAGE_SIZE = 50;

/** /admin/warehouses: the fulfilment centres offered as destinations; add, edit, disable. */
export default function AdminWarehousesPage() {
  const { t } = useAdminT();
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
          notify.success(
            t(warehouse.is_active ? "warehouses.disabledToast" : "warehouses.enabledToast", {
              code: warehouse.code,
            }),
          ),
        onError: toastApiError,
      },
    );

  // Fulfilment centres' addresses stay as Amazon writes them (in English, like their codes).
  const columns: DataTableColumn<Warehouse>[] = [
    { id: "code", label: t("warehouses.columns.code"), render: (w) => <strong>{w.code}</strong> },
    {
      id: "name",
      label: t("warehouses.columns.name"),
      render: (w) => w.name ?? t("warehouses.na"),
    },
    {
      id: "address",
      label: t("warehouses.columns.address"),
      render: (w) => <span lang="en">{w.address}</span>,
    },
    {
      id: "city",
      label: t("warehouses.columns.cityState"),
      render: (w) => {
        const place = [w.city, w.state, w.postal_code].filter(Boolean).join(", ");
        return place ? <span lang="en">{place}</span> : t("warehouses.na");
      },
    },
    {
      id: "country",
      label: t("warehouses.columns.country"),
      render: (w) => <span lang="en">{w.country}</span>,
    },
    {
      id: "is_active",
      label: t("warehouses.columns.status"),
      render: (w) =>
        w.is_active ? (
          <Chip size="small" color="success" variant="outlined" label={t("warehouses.active")} />
        ) : (
          <Chip size="small" label={t("warehouses.disabled")} />
        ),
    },
    {
      id: "action",
      label: t("warehouses.columns.action"),
      render: (w) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: "inherit" }}>
          <Button
            size="small"
            onClick={() => setEditing(w)}
            aria-label={t("warehouses.editLabel", { code: w.code })}
          >
            {t("warehouses.edit")}
          </Button>
          <Button
            size="small"
            color={w.is_active ? "error" : "primary"}
            onClick={() => toggle(w)}
            disabled={update.isPending}
            aria-label={t(w.is_active ? "warehouses.disableLabel" : "warehouses.enableLabel", {
              code: w.code,
            })}
          >
            {w.is_active ? t("warehouses.disable") : t("warehouses.enable")}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t("warehouses.title")}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing("new")}>
            {t("warehouses.add")}
          </Button>
        }
      />
      <DataTable
        ariaLabel={t("warehouses.label")}
        columns={columns}
        rows={rows.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE)}
        rowKey={(w) => w.id}
        emptyText={t("warehouses.empty")}
        query={query}
        what={t("warehouses.what")}
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
