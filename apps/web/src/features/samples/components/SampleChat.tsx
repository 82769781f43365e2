import { ChatPanel } from "../../chat/components/ChatPanel";
import { useSampleShipment } from "../api/get-sample-shipment";

/** A sample shipment's chat: open for new messages until the sample is completed. */
export function SampleChat({ id, side }: { id: number; side: "seller" | "shipper" }) {
  const { data: sample } = useSampleShipment(id);
  return (
    <ChatPanel
      kind="sample"
      id={id}
      side={side}
      canSend={sample !== undefined && sample.status !== "Shipment Completed"}
    />
  );
}
