import { Chip } from "@mui/material";
import type { Shipment } from "../api/types";
import { statusColor, statusLabel, type Side } from "../lib/format";

export function StatusChip({
  shipment,
  side,
}: {
  shipment: Pick<Shipment, "status" | "quotation">;
  side: Side;
}) {
  const label = statusLabel(shipment, side);
  return (
    <Chip
      size="small"
      label={label}
      color={label === "Quotation Declined" ? "error" : statusColor(shipment.status)}
      variant="outlined"
    />
  );
}
