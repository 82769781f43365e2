import { Chip } from "@mui/material";
import type { SampleShipmentStatus } from "@fba/contract";

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
