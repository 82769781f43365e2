import { Step, StepLabel, Stepper, Typography, useMediaQuery } from "@mui/material";
import { useTheme } from "@mui/material/styles";
import { MILESTONES, type Leg } from "@fba/contract";
import { reachedAt } from "../lib/leg-view";
import { useFormat } from "../../../i18n/use-format";
import { useLegsT } from "../i18n";

/**
 * A leg's milestones from Booked to Delivered to FC: across on wide screens, down on phones. A
 * milestone passed without an event of its own (a truck has no port) reads "Skipped".
 */
export function LegTimeline({
  leg,
}: {
  leg: Pick<Leg, "fc_code" | "milestone" | "late" | "events">;
}) {
  const { t } = useLegsT();
  const format = useFormat();
  const theme = useTheme();
  const isVertical = useMediaQuery(theme.breakpoints.down("md"));
  const reached = reachedAt(leg.events);
  const current = MILESTONES.indexOf(leg.milestone);
  const isDelivered = leg.milestone === "delivered";
  return (
    <Stepper
      activeStep={isDelivered ? MILESTONES.length : current + 1}
      orientation={isVertical ? "vertical" : "horizontal"}
      alternativeLabel={!isVertical}
      aria-label={t("timeline.label", { fc: leg.fc_code })}
      sx={{
        // Long labels ("Arrived at destination port/airport") wrap between words, hyphenated
        // only when a word is wider than its step.
        "& .MuiStepLabel-label": { fontSize: isVertical ? undefined : 13, hyphens: "auto" },
      }}
    >
      {MILESTONES.map((milestone, index) => {
        const at = reached[milestone];
        const caption = at
          ? format.dateTime(at)
          : index < current
            ? t("timeline.skipped")
            : undefined;
        return (
          <Step key={milestone} completed={index <= current}>
            <StepLabel
              error={leg.late && index === current + 1}
              optional={
                caption ? (
                  <Typography variant="caption" color="text.secondary" component="span">
                    {caption}
                  </Typography>
                ) : undefined
              }
            >
              {t(`milestones.${milestone}`)}
            </StepLabel>
          </Step>
        );
      })}
    </Stepper>
  );
}
