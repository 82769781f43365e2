import type { ReactNode } from "react";
import { OrderChatLayout } from "../../chat/components/OrderChatLayout";
import { useSampleShipment } from "../api/get-sample-shipment";

/**
 * A sample shipment's details with its chat: open for new messages until the sample is
 * completed.
 */
export function SampleChat({
  id,
  side,
  details,
}: {
  id: number;
  side: "seller" | "shipper" | "admin";
  details: ReactNode;
}) {
  const { data: sample } = useSampleShipment(id);
  return (
    <OrderChatLayout
      main={details}
      chat={{
        kind: "sample",
        id,
        side,
        canSend: sample !== undefined && sample.status !== "Shipment Completed",
      }}
    />
  );
}
