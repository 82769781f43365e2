import type { Notification as AppNotification } from "@fba/contract";
import { isChatOpen } from "../../../lib/open-chats";
import { isChatNotification } from "./notification-route";

/** Whether the notification announces a message in a chat the reader is looking at. */
export function isAboutOpenChat(notification: AppNotification): boolean {
  if (!isChatNotification(notification)) return false;
  if (typeof document !== "undefined" && document.visibilityState === "hidden") return false;
  if (notification.notification_type === "Shipment" && notification.shipment_id) {
    return isChatOpen("shipment", notification.shipment_id);
  }
  if (notification.notification_type === "Sample Shipment" && notification.sample_shipment_id) {
    return isChatOpen("sample", notification.sample_shipment_id);
  }
  return false;
}
