import { Chip, Stack, Typography } from "@mui/material";
import type { SampleShipment, SampleShipmentStatus } from "@fba/contract";
import { claimLabel } from "../lib/claim";

/** The two sample states, as the spec names them. */
export function SampleStatusChip({ status }: { status: SampleShipmentStatus | string }) {
  const isCompleted = status === "Shipment Completed";
  return (
    <Chip
      size="small"
      label={isCompleted ? "Shipment Completed" : "Shipment Pending"}
      color={isCompleted ? "success" : "warning"}
      variant={isCompleted ? "filled" : "outlined"}
    />
  );
}

/** A list's status cell: the chip, and under it who handles the sample once an agent does. */
export function SampleStatusCell({ sample }: { sample: Pick<SampleShipment, "status" | "claim"> }) {
  const label = claimLabel(sample);
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
