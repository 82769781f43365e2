import { useState } from "react";
import { Avatar, Button, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { GROUPS, formatBytes, type AdminUser, type Group } from "@fba/contract";
import { DataTable, type DataTableColumn } from "../../../components/data-table/DataTable";
import { useListState } from "../../../components/data-table/use-list-state";
import { useCurrentUser } from "../../../lib/session";
import { notify, toastApiError } from "../../../lib/toast";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useFormat } from "../../../i18n/use-format";
import { useLocalDay } from "../../../i18n/local-day";
import { useServerMessage } from "../../../i18n/server-messages";
import { useAdminT } from "../i18n";
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

/**
 * One line over the list: wrong password-recovery codes in the last 24 hours (every account and
 * address together) and the most in one hour, so a spray across accounts shows.
 */
function RecoveryFailuresLine() {
  const { t } = useAdminT();
  const format = useFormat();
  const { data } = useRecoveryFailures();
  if (!data) return null;
  const peak = Math.max(0, ...data.hours.map((row) => row.failures));
  return (
    <Typography variant="body2" color={peak >= 100 ? "error" : "text.secondary"}>
      {data.total > 0
        ? t("users.recoveryFailuresPeak", {
            total: format.number(data.total),
            peak: format.number(peak),
          })
        : t("users.recoveryFailures", { total: format.number(data.total) })}
    </Typography>
  );
}

/** /admin/users: search every account, disable or re-enable it. */
export default function AdminUsersPage() {
  const { t } = useAdminT();
  const localDay = useLocalDay();
  const serverMessage = useServerMessage();
  const success = (res: { message: string }) =>
    notify.success(serverMessage(res.message) ?? res.message);
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
      onSuccess: success,
      onError: toastApiError,
    });

  const confirm = () => {
    if (!target) return;
    setActive.mutate(
      { userId: target.id, isActive: !target.is_active },
      {
        onSuccess: success,
        onError: toastApiError,
        onSettled: () => setTarget(null),
      },
    );
  };

  const columns: DataTableColumn<AdminUser>[] = [
    { id: "id", label: t("users.columns.id"), sortable: true, render: (u) => u.id },
    {
      id: "first_name",
      label: t("users.columns.name"),
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
    { id: "email", label: t("users.columns.email"), sortable: true, render: (u) => u.email },
    { id: "groups", label: t("users.columns.role"), render: (u) => t(`users.groups.${u.groups}`) },
    {
      id: "scorecard",
      label: t("users.columns.scorecard"),
      render: (u) =>
        u.groups === "Shipper" && u.scorecard ? (
          <ScorecardSummary scorecard={u.scorecard} agentName={`${u.first_name} ${u.last_name}`} />
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            {u.groups === "Shipper" ? t("users.notAvailable") : "–"}
          </Typography>
        ),
    },
    {
      id: "phone",
      label: t("users.columns.phone"),
      render: (u) => u.profile.phone ?? t("users.na"),
    },
    {
      id: "storage_used_bytes",
      label: t("users.columns.storage"),
      render: (u) => formatBytes(u.storage_used_bytes),
    },
    {
      id: "created_at",
      label: t("users.columns.joined"),
      sortable: true,
      render: (u) => localDay(u.created_at),
    },
    {
      id: "is_active",
      label: t("users.columns.status"),
      render: (u) =>
        u.is_active ? (
          <Chip size="small" color="success" variant="outlined" label={t("users.active")} />
        ) : (
          <Chip size="small" color="default" label={t("users.disabled")} />
        ),
    },
    {
      id: "action",
      label: t("users.columns.action"),
      render: (u) =>
        u.id === me?.id ? (
          <Typography variant="caption" color="text.secondary">
            {t("users.you")}
          </Typography>
        ) : (
          <Stack direction="row" spacing={1} sx={{ justifyContent: "inherit" }}>
            <Button
              size="small"
              variant="outlined"
              color={u.is_active ? "error" : "primary"}
              onClick={() => setTarget(u)}
              aria-label={t(u.is_active ? "users.disableLabel" : "users.enableLabel", {
                name: `${u.first_name} ${u.last_name}`,
              })}
            >
              {u.is_active ? t("users.disable") : t("users.enable")}
            </Button>
            {/* For an owner whose recovery paused after wrong codes and who cannot sign in. */}
            <Button
              size="small"
              disabled={liftPause.isPending}
              onClick={() => openRecovery(u)}
              aria-label={t("users.openRecoveryLabel", { name: `${u.first_name} ${u.last_name}` })}
            >
              {t("users.openRecovery")}
            </Button>
          </Stack>
        ),
    },
  ];

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t("users.title")}
        actions={<ExportCsvButton path="admin/users/export.csv" fileName="users.csv" />}
      />
      <RecoveryFailuresLine />
      <ParkedEvents />
      <DataTable
        ariaLabel={t("users.label")}
        columns={columns}
        rows={data?.data ?? []}
        rowKey={(u) => u.id}
        emptyText={t("users.empty")}
        query={query}
        what={t("users.what")}
        loading={isFetching}
        pages={data?.pagination_option.pages ?? 1}
        {...list.tableProps}
        toolbar={
          <TextField
            select
            size="small"
            label={t("users.role")}
            value={group}
            onChange={(event) => {
              setGroup(event.target.value as Group | "");
              list.setPage(1);
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t("users.allRoles")}</MenuItem>
            {GROUPS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`users.groups.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <ConfirmDialog
        open={target !== null}
        title={target?.is_active ? t("users.disableTitle") : t("users.enableTitle")}
        message={
          target
            ? t(target.is_active ? "users.disableMessage" : "users.enableMessage", {
                name: `${target.first_name} ${target.last_name}`,
              })
            : ""
        }
        confirmLabel={target?.is_active ? t("users.disable") : t("users.enable")}
        cancelLabel={t("users.cancel")}
        busy={setActive.isPending}
        onConfirm={confirm}
        onCancel={() => setTarget(null)}
      />
    </Stack>
  );
}
