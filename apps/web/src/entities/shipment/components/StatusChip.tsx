import { Tag } from "../../../components/Tag";
import type { Shipment } from "../api/types";
import { NO_BIDS_LABEL, statusColor, statusLabel, type Side } from "../lib/format";
import { useListsT } from "../../../i18n/lists";

function chipColor(label: string, shipment: Pick<Shipment, "status">) {
  if (label === "Quotation Declined") return "error";
  if (label === NO_BIDS_LABEL) return "warning";
  return statusColor(shipment.status);
}

export function StatusChip({
  shipment,
  side,
}: {
  shipment: Pick<Shipment, "status" | "quotation"> & Partial<Pick<Shipment, "is_bidding_open">>;
  side: Side;
}) {
  const label = statusLabel(shipment, side);
  const { t } = useListsT();
  return (
    <Tag
      label={t(`status.${label}` as "status.Shipment Pending", { defaultValue: label })}
      color={chipColor(label, shipment)}
      variant="outlined"
    />
  );
}
