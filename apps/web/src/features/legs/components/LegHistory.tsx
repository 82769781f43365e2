import { Box, Button, Stack, Typography } from "@mui/material";
import type { MilestoneEvent } from "@fba/contract";
import { historyEntries, personName } from "../lib/leg-view";
import { useFormat } from "../../../i18n/use-format";
import { useLegText } from "../i18n";

function EventDetails({ event }: { event: MilestoneEvent }) {
  const { t, milestone } = useLegText();
  const format = useFormat();
  const details = [
    event.location,
    event.mode &&
      `${t(`modes.${event.mode}`)}${event.vessel_or_flight ? ` ${event.vessel_or_flight}` : ""}`,
    event.delivered_fc_code && t("history.at", { fc: event.delivered_fc_code }),
  ].filter(Boolean);
  return (
    <>
      <Typography variant="body2" component="div">
        <Box component="time" dateTime={event.occurred_at} sx={{ fontWeight: 600, mr: 1 }}>
          {format.dateTime(event.occurred_at)}
        </Box>
        {milestone(event.milestone, event.label)}
        {details.length > 0 && ` · ${details.join(" · ")}`}
      </Typography>
      {event.note && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {event.note}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="div">
        {t("history.recordedBy", { name: personName(event.recorded_by) })}
      </Typography>
    </>
  );
}

/**
 * A leg's history, each milestone as it stands now; a corrected version stays visible, struck
 * through, under the correction that replaced it.
 */
export function LegHistory({
  events,
  onCorrect,
}: {
  events: MilestoneEvent[];
  /** Offered on every milestone but Booked (which the acceptance recorded). */
  onCorrect?: (event: MilestoneEvent) => void;
}) {
  const { t, milestone } = useLegText();
  return (
    <Box component="ol" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.5 }}>
      {historyEntries(events).map(({ event, corrected }) => (
        <Box component="li" key={event.id}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <EventDetails event={event} />
            </Box>
            {onCorrect && event.milestone !== "booked" && (
              <Button
                size="small"
                onClick={() => onCorrect(event)}
                aria-label={t("history.correctOf", {
                  label: milestone(event.milestone, event.label),
                })}
              >
                {t("history.correct")}
              </Button>
            )}
          </Stack>
          {corrected.map((old) => (
            <Box
              key={old.id}
              component="del"
              aria-label={t("history.correctedVersion", {
                label: milestone(old.milestone, old.label),
              })}
              sx={{
                display: "block",
                mt: 0.75,
                ml: 2,
                pl: 1,
                borderLeft: 2,
                borderColor: "divider",
                color: "text.secondary",
                "& *": { textDecoration: "line-through" },
              }}
            >
              <EventDetails event={old} />
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
