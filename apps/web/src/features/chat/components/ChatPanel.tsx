export interface ChatPanelProps {
  /** Shipment chat or sample-shipment chat. */
  kind: "shipment" | "sample";
  id: number;
  /** The shipper side and the seller side lay the chat out differently. */
  side: "shipper" | "seller" | "admin";
  /** False when chat is not (or no longer) open for new messages; history stays readable. */
  canSend: boolean;
}

/** The live chat of one order. */
export function ChatPanel(_props: ChatPanelProps) {
  return null;
}
