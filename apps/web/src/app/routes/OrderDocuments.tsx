import { Stack } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { requiredDocuments, type Leg } from "@fba/contract";
import type { Shipment } from "../../entities/shipment/api/types";
import { isAwardedOrder } from "../../entities/shipment/lib/order";
import { legKeys, useLegs } from "../../features/legs/api/get-legs";
import {
  DifferentFcBanner,
  type DeliverySide,
} from "../../features/documents/components/DifferentFcBanner";
import { DocumentsPanel } from "../../features/documents/components/DocumentsPanel";

/** The leg as the server changed it, in the order's legs the leg cards read. */
function useStoreLeg(shipmentId: number) {
  const queryClient = useQueryClient();
  return (leg: Leg) =>
    queryClient.setQueryData<Leg[]>(legKeys.of(shipmentId), (legs) =>
      legs?.map((item) => (item.id === leg.id ? leg : item)),
    );
}

interface OrderPartProps {
  shipment: Shipment;
  side: DeliverySide;
}

/** "Delivered to a different FC" for each leg delivered elsewhere than booked. */
export function OrderDeliveryBanners(props: OrderPartProps) {
  return isAwardedOrder(props.shipment) ? <DeliveryBanners {...props} /> : null;
}

function DeliveryBanners({ shipment, side }: OrderPartProps) {
  const legs = useLegs(shipment.id);
  const storeLeg = useStoreLeg(shipment.id);
  const elsewhere = (legs.data ?? []).filter((leg) => leg.different_fc !== null);
  if (elsewhere.length === 0) return null;
  return (
    <Stack spacing={1}>
      {elsewhere.map((leg) => (
        <DifferentFcBanner
          key={leg.id}
          shipmentId={shipment.id}
          leg={leg}
          side={side}
          canDecide={shipment.status !== "Shipment Cancelled"}
          onLeg={storeLeg}
        />
      ))}
    </Stack>
  );
}

/** The order's documents panel; the seller's shows the checklist of what the agent needs. */
export function OrderDocuments(props: OrderPartProps) {
  return isAwardedOrder(props.shipment) ? <Documents {...props} /> : null;
}

function Documents({ shipment, side }: OrderPartProps) {
  const legs = useLegs(shipment.id);
  const missing = shipment.documents_missing;
  // The seller ticks off the whole list; the other parties see what is still missing.
  const checklist =
    side === "seller"
      ? { required: requiredDocuments(shipment.compliance.compliance), missing }
      : missing.length > 0
        ? { required: missing, missing }
        : undefined;
  return (
    <DocumentsPanel
      shipmentId={shipment.id}
      legs={legs.data ?? []}
      canUpload={shipment.status !== "Shipment Cancelled"}
      checklist={checklist}
    />
  );
}
