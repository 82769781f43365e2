import { Button, Paper, Stack, Typography } from "@mui/material";
import { notify, toastApiError } from "../../../lib/toast";
import { useFormat } from "../../../i18n/use-format";
import { useLocalDay } from "../../../i18n/local-day";
import { useServerMessage } from "../../../i18n/server-messages";
import { useAdminT } from "../i18n";
import { useParkedEvents, useRetryEvent } from "../api/admin-events";

/**
 * The delivery of domain events (notifications, emails, scorecards): how many wait, and those
 * set aside after their consequences kept failing, each with its error and a retry.
 */
export function ParkedEvents() {
  const { t } = useAdminT();
  const format = useFormat();
  const localDay = useLocalDay();
  const serverMessage = useServerMessage();
  const { data } = useParkedEvents();
  const retry = useRetryEvent();
  if (!data) return null;
  const counts = { waiting: format.number(data.waiting), parked: format.number(data.parked) };
  const summary =
    data.waiting > 0
      ? t("events.summaryOldest", { ...counts, oldest: format.number(data.oldest_waiting_seconds) })
      : t("events.summary", counts);
  return (
    <Stack spacing={1} component="section" aria-label={t("events.label")}>
      <Typography variant="body2" color={data.parked > 0 ? "error" : "text.secondary"}>
        {summary}
      </Typography>
      {data.events.map((event) => (
        <Paper key={event.id} variant="outlined" sx={{ p: 1.5 }}>
          <Stack
            direction={{ xs: "column", sm: "row" }}
            spacing={1}
            sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
          >
            <Stack spacing={0.5} sx={{ minWidth: 0 }}>
              <Typography variant="subtitle2">
                {/* The event's name is a code, in English whatever the language shown. */}
                <span lang="en" translate="no">
                  {event.name}
                </span>{" "}
                #{event.id} · {localDay(event.created_at)} ·{" "}
                {t("events.attempts", { count: event.attempts })}
              </Typography>
              <Typography variant="body2" color="error" sx={{ overflowWrap: "anywhere" }}>
                {event.last_error ?? t("events.noError")}
              </Typography>
            </Stack>
            <Button
              size="small"
              variant="outlined"
              disabled={retry.isPending}
              aria-label={t("events.retryLabel", { id: event.id })}
              onClick={() =>
                retry.mutate(event.id, {
                  onSuccess: (res) => notify.success(serverMessage(res.message) ?? res.message),
                  onError: toastApiError,
                })
              }
            >
              {t("events.retry")}
            </Button>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
