import { Button, Paper, Stack, Typography } from "@mui/material";
import { notify, toastApiError } from "../../../lib/toast";
import { formatCalendarDay } from "../../../lib/format";
import { useParkedEvents, useRetryEvent } from "../api/admin-events";

/**
 * The delivery of domain events (notifications, emails, scorecards): how many wait, and those
 * set aside after their consequences kept failing, each with its error and a retry.
 */
export function ParkedEvents() {
  const { data } = useParkedEvents();
  const retry = useRetryEvent();
  if (!data) return null;
  const summary =
    `Event delivery: ${data.waiting.toLocaleString("en-US")} waiting` +
    (data.waiting > 0 ? ` (oldest ${data.oldest_waiting_seconds.toLocaleString("en-US")} s)` : "") +
    `, ${data.parked.toLocaleString("en-US")} failed`;
  return (
    <Stack spacing={1} component="section" aria-label="Event delivery">
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
                {event.name} #{event.id} · {formatCalendarDay(event.created_at)} · {event.attempts}{" "}
                attempts
              </Typography>
              <Typography variant="body2" color="error" sx={{ overflowWrap: "anywhere" }}>
                {event.last_error ?? "No error recorded"}
              </Typography>
            </Stack>
            <Button
              size="small"
              variant="outlined"
              disabled={retry.isPending}
              aria-label={`Retry event ${event.id}`}
              onClick={() =>
                retry.mutate(event.id, {
                  onSuccess: (res) => notify.success(res.message),
                  onError: toastApiError,
                })
              }
            >
              Retry
            </Button>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
