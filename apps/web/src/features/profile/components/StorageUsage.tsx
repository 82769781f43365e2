import { LinearProgress, Paper, Stack, Typography } from "@mui/material";
import { formatBytes, type StorageUsage as Usage } from "@fba/contract";
import { useProfileT } from "../i18n";

/** What the account's uploaded files take: "1.2 GB of 2 GB used", with a bar when there is a quota. */
export function StorageUsage({ usage }: { usage: Usage }) {
  const { used_bytes: used, quota_bytes: quota } = usage;
  const { t } = useProfileT();
  const line =
    quota === null
      ? t("storage.used", { used: formatBytes(used) })
      : t("storage.usedOf", { used: formatBytes(used), quota: formatBytes(quota) });
  const percent = quota === null ? null : Math.min(100, Math.round((used / quota) * 100));
  return (
    <Paper component="section" aria-labelledby="storage-heading" sx={{ p: 3 }}>
      <Stack spacing={1}>
        <Typography
          id="storage-heading"
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 600 }}
        >
          {t("storage.title")}
        </Typography>
        <Typography variant="body2">{line}</Typography>
        {percent !== null && (
          <LinearProgress
            variant="determinate"
            value={percent}
            color={percent >= 90 ? "warning" : "primary"}
            aria-label={t("storage.usedLabel")}
            aria-valuetext={line}
            sx={{ height: 8, borderRadius: 4 }}
          />
        )}
        <Typography variant="caption" color="text.secondary">
          {t("storage.help")}
        </Typography>
      </Stack>
    </Paper>
  );
}
