import { Stack } from "@mui/material";
import { Tag } from "../../../components/Tag";
import type { LegsAttention } from "@fba/contract";
import { STALE_LEG_DAYS } from "@fba/contract/constants";
import { useEntitiesT } from "../../../i18n/entities";

type EntitiesT = ReturnType<typeof useEntitiesT>["t"];

/** The texts of a list row's badge; none when every leg is on time. */
export function legsAttentionLabels(
  attention: LegsAttention | null | undefined,
  t: EntitiesT,
): Array<{ label: string; title: string; color: "error" | "warning" }> {
  if (!attention) return [];
  /** "1 leg", "2 legs". */
  const legs = (count: number) => t("legs", { count });
  const labels: Array<{ label: string; title: string; color: "error" | "warning" }> = [];
  if (attention.late > 0) {
    labels.push({
      label: t("attention.late", { count: attention.late }),
      title: t("attention.lateTitle", { legs: legs(attention.late) }),
      color: "error",
    });
  }
  if (attention.stale > 0) {
    labels.push({
      label: t("attention.stale", { count: attention.stale }),
      title: t("attention.staleTitle", { legs: legs(attention.stale), days: STALE_LEG_DAYS }),
      color: "warning",
    });
  }
  return labels;
}

/** An order row's late and quiet legs, beside its id in the order lists. */
export function LegsAttentionBadge({ attention }: { attention: LegsAttention | null | undefined }) {
  const { t } = useEntitiesT();
  const labels = legsAttentionLabels(attention, t);
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
          <Tag
            key={label}
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
