import type { ChatKind } from "../../lib/open-chats";

/** What a chat on screen needs: which chat, whose side, and whether it takes new messages. */
export interface ChatPanelProps {
  /** Shipment chat or sample-shipment chat. */
  kind: ChatKind;
  id: number;
  /** The shipper side and the seller side lay the chat out differently. */
  side: "shipper" | "seller" | "admin";
  /** False when chat is not (or no longer) open for new messages; history stays readable. */
  canSend: boolean;
}
