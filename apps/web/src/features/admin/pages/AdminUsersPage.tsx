import { useState } from "react";
import { Avatar, Button, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { GROUPS, formatBytes, type AdminUser, type Group } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { useListState } from "../../../components/data-table/use-list-state";
import { useCurrentUser } from "../../../lib/session";
import { notify, toastApiError } from "../../../lib/toast";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { formatCalendarDay } from "../../../lib/format";
import { mediaUrl } from "../../../lib/media-url";
import { PageHeader } from "../../../components/PageHeader";
import { ExportCsvButton } from "../../../components/ExportCsvButton";
import { ScorecardSummary } from "../../../entities/agent";
import { ParkedEvents } from "../components/ParkedEvents";
import {
  useAdminUsers,
  useLiftRecoveryPause,
  useRecoveryFailures,
  useSetUserActive,
} from "../api/admin-users";

/** The groups as the product's menus name them. */
const GROUP_LABELS: Record<Group, string> = {
  Seller: "Customer",
  Shipper: "Shipment Agent",
  Admin: "Admin",
};

/**
 * One line over the list: wrong password-recovery codes in the last 24 hours (every account and
 * address together) and the most in one hour, so a spray across accounts shows.
 */
function RecoveryFailuresLine() {
  const { data } = useRecoveryFailures();
  if (!data) return null;
  const peak = Math.max(0, ...data.hours.map((row) => row.failures));
  return (
    <Typography variant="body2" color={peak >= 100 ? "error" : "text.secondary"}>
      Wrong password-recovery codes in the last 24 hours: {data.total.toLocaleString("en-US")}
      {data.total > 0 ? ` (most in one hour: ${peak.toLocaleString("en-US")})` : ""}
    </Typography>
  );
}

/** /admin/users: search every account, disable or re-enable it. */
export default function AdminUsersPage() {
  const me = useCurrentUser();
  const list = useListState({ ordering: "-created_at" });
  const [group, setGroup] = useState<Group | "">("");
  const query = useAdminUsers({ ...list.params, group: group || undefined });
  const { data, isFetching } = query;
  const setActive = useSetUserActive();
  const [target, setTarget] = useState<AdminUser | null>(null);
  const liftPause = useLiftRecoveryPause();
  const openRecovery = (user: AdminUser) =>
    liftPause.mutate(user.id, {
      onSuccess: (res) => notify.success(res.message),
      onError: toastApiError,
    });

  const confirm = () => {
    if (!target) return;
    setActive.mutate(
      { userId: target.id, isActive: !target.is_active },
      {
        onSuccess: (res) => notify.success(res.message),
        onError: toastApiError,
        onSettled: () => setTarget(null),
      },
    );
  };

  const columns: DataTableColumn<AdminUser>[] = [
    { id: "id", label: "ID", sortable: true, render: (u) => u.id },
    {
      id: "first_name",
      label: "Name",
      sortable: true,
      render: (u) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "inherit" }}>
          <Avatar
            src={mediaUrl(u.image)}
            alt=""
            sx={{ width: 28, height: 28, fontSize: 13, bgcolor: "primary.main" }}
          >
            {u.first_name.charAt(0)}
            {u.last_name.charAt(0)}
          </Avatar>
          <span>
            {u.first_name} {u.last_name}
          </span>
        </Stack>
      ),
    },
    { id: "email", label: "Email", sortable: true, render: (u) => u.email },
    { id: "groups", label: "Role", render: (u) => GROUP_LABELS[u.groups] },
    {
      id: "scorecard",
      label: "Scorecard",
      render: (u) =>
        u.groups === "Shipper" && u.scorecard ? (
          <ScorecardSummary scorecard={u.scorecard} agentName={`${u.first_name} ${u.last_name}`} />
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            {u.groups === "Shipper" ? "Not available" : "–"}
          </Typography>
        ),
    },
    { id: "phone", label: "Phone", render: (u) => u.profile.phone ?? "N/A" },
    {
      id: "storage_used_bytes",
      label: "Storage",
      render: (u) => formatBytes(u.storage_used_bytes),
    },
    {
      id: "created_at",
      label: "Joined",
      sortable: true,
      render: (u) => formatCalendarDay(u.created_at),
    },
    {
      id: "is_active",
      label: "Status",
      render: (u) =>
        u.is_active ? (
          <Chip size="small" color="success" variant="outlined" label="Active" />
        ) : (
          <Chip size="small" color="default" label="Disabled" />
        ),
    },
    {
      id: "action",
      label: "Action",
      render: (u) =>
        u.id === me?.id ? (
          <Typography variant="caption" color="text.secondary">
            You
          </Typography>
        ) : (
          <Stack direction="row" spacing={1} sx={{ justifyContent: "inherit" }}>
            <Button
              size="small"
              variant="outlined"
              color={u.is_active ? "error" : "primary"}
              onClick={() => setTarget(u)}
              aria-label={`${u.is_active ? "Disable" : "Enable"} ${u.first_name} ${u.last_name}`}
            >
              {u.is_active ? "Disable" : "Enable"}
            </Button>
            {/* For an owner whose recovery paused after wrong codes and who cannot sign in. */}
            <Button
              size="small"
              disabled={liftPause.isPending}
              onClick={() => openRecovery(u)}
              aria-label={`Open password recovery for ${u.first_name} ${u.last_name}`}
            >
              Open recovery
            </Button>
          </Stack>
        ),
    },
  ];

  return (
    <Stack spacing={2}>
      <PageHeader
        title="Users"
        actions={<ExportCsvButton path="admin/users/export.csv" fileName="users.csv" />}
      />
      <RecoveryFailuresLine />
      <ParkedEvents />
      <DataTable
        ariaLabel="Users"
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(u) => u.id}
        emptyText="No users match"
        query={query}
        what="the users"
        loading={isFetching}
        pages={data?.pagination_option.pages ?? 1}
        {...list.tableProps}
        toolbar={
          <TextField
            select
            size="small"
            label="Role"
            value={group}
            onChange={(event) => {
              setGroup(event.target.value as Group | "");
              list.setPage(1);
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">All roles</MenuItem>
            {GROUPS.map((value) => (
              <MenuItem key={value} value={value}>
                {GROUP_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <ConfirmDialog
        open={target !== null}
        title={target?.is_active ? "Disable account" : "Enable account"}
        message={
          target
            ? target.is_active
              ? `Disable ${target.first_name} ${target.last_name}? They are signed out and can no longer log in.`
              : `Enable ${target.first_name} ${target.last_name}? They can log in again.`
            : ""
        }
        confirmLabel={target?.is_active ? "Disable" : "Enable"}
        cancelLabel="Cancel"
        busy={setActive.isPending}
        onConfirm={confirm}
        onCancel={() => setTarget(null)}
      />
    </Stack>
  );
}
