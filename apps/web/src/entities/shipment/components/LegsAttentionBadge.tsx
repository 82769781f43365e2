import { Chip, Stack } from "@mui/material";
import type { LegsAttention } from "@fba/contract";
import { STALE_LEG_DAYS } from "@fba/contract/constants";

/** "1 leg", "2 legs". */
const legs = (count: number) => `${count} ${count === 1 ? "leg" : "legs"}`;

/** The texts of a list row's badge; none when every leg is on time. */
export function legsAttentionLabels(
  attention: LegsAttention | null | undefined,
): Array<{ label: string; title: string; color: "error" | "warning" }> {
  if (!attention) return [];
  const labels: Array<{ label: string; title: string; color: "error" | "warning" }> = [];
  if (attention.late > 0) {
    labels.push({
      label: `${attention.late} late`,
      title: `${legs(attention.late)} past the ETA`,
      color: "error",
    });
  }
  if (attention.stale > 0) {
    labels.push({
      label: `${attention.stale} no update`,
      title: `${legs(attention.stale)} with no update for ${STALE_LEG_DAYS} days or more`,
      color: "warning",
    });
  }
  return labels;
}

/** An order row's late and quiet legs, beside its id in the order lists. */
export function LegsAttentionBadge({ attention }: { attention: LegsAttention | null | undefined }) {
  const labels = legsAttentionLabels(attention);
  if (labels.length === 0) return null;
  // The space keeps the row's text "#12 1 late", not "#121 late".
  return (
    <>
      {" "}
      <Stack
        direction="row"
        spacing={0.5}
        component="span"
        sx={{ display: "inline-flex", ml: 0.5 }}
      >
        {labels.map(({ label, title, color }) => (
          <Chip
            key={label}
            size="small"
            color={color}
            label={label}
            title={title}
            aria-label={title}
            sx={{ height: 20, fontSize: 12 }}
          />
        ))}
      </Stack>
    </>
  );
}
