import { Chip, Stack, Typography } from "@mui/material";
import type { SampleShipment, SampleShipmentStatus } from "@fba/contract";
import { handlerName } from "../lib/claim";
import { useSamplesT } from "../i18n";

/** The two sample states, as the spec names them. */
export function SampleStatusChip({ status }: { status: SampleShipmentStatus | string }) {
  const isCompleted = status === "Shipment Completed";
  const { t } = useSamplesT();
  return (
    <Chip
      size="small"
      label={isCompleted ? t("status.completed") : t("status.pending")}
      color={isCompleted ? "success" : "warning"}
      variant={isCompleted ? "filled" : "outlined"}
    />
  );
}

/**
 * Who handles the sample inside a sentence, in the language shown: English as `handlerName` words
 * it ("you", "another agent"), another language from the catalog; a name as written.
 */
export function useHandlerName() {
  const { t, i18n } = useSamplesT();
  return (sample: Pick<SampleShipment, "claim">): string | null => {
    const name = handlerName(sample);
    if (i18n.language === "en") return name;
    if (name === "you" && sample.claim?.is_mine) return t("you");
    if (name === "another agent" && !sample.claim?.agent) return t("anotherAgent");
    return name;
  };
}

/** A list's status cell: the chip, and under it who handles the sample once an agent does. */
export function SampleStatusCell({ sample }: { sample: Pick<SampleShipment, "status" | "claim"> }) {
  const { t } = useSamplesT();
  const name = handlerName(sample);
  // The claim's words ("you", "another agent") in the language shown; a name stays as written.
  const shown =
    name === "you" && sample.claim?.is_mine
      ? t("you")
      : name === "another agent" && !sample.claim?.agent
        ? t("anotherAgent")
        : name;
  const label = shown ? t("handledBy", { name: shown }) : null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: { xs: "flex-end", md: "flex-start" } }}>
      <SampleStatusChip status={sample.status} />
      {label && (
        <Typography
          variant="caption"
          color="text.secondary"
          data-testid="sample-handler"
          sx={{ maxWidth: 180, overflowWrap: "anywhere" }}
        >
          {label}
        </Typography>
      )}
    </Stack>
  );
}
