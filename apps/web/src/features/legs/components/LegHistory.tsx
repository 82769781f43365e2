import { Box, Button, Stack, Typography } from "@mui/material";
import type { MilestoneEvent } from "@fba/contract";
import { formatEventTime, historyEntries, MODE_LABELS, personName } from "../lib/leg-view";

function EventDetails({ event }: { event: MilestoneEvent }) {
  const details = [
    event.location,
    event.mode &&
      `${MODE_LABELS[event.mode]}${event.vessel_or_flight ? ` ${event.vessel_or_flight}` : ""}`,
    event.delivered_fc_code && `At ${event.delivered_fc_code}`,
  ].filter(Boolean);
  return (
    <>
      <Typography variant="body2" component="div">
        <Box component="time" dateTime={event.occurred_at} sx={{ fontWeight: 600, mr: 1 }}>
          {formatEventTime(event.occurred_at)}
        </Box>
        {event.label}
        {details.length > 0 && ` · ${details.join(" · ")}`}
      </Typography>
      {event.note && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {event.note}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="div">
        Recorded by {personName(event.recorded_by)}
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
                aria-label={`Correct ${event.label}`}
              >
                Correct
              </Button>
            )}
          </Stack>
          {corrected.map((old) => (
            <Box
              key={old.id}
              component="del"
              aria-label={`Corrected version of ${old.label}`}
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
