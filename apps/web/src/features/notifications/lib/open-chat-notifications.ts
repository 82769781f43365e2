import type { Notification as AppNotification } from "@fba/contract";
import { isChatNotification } from "./notification-route";

/** Chats on screen right now: their new-message notifications are read as they arrive. */
const openChats = new Map<string, number>();
const keyOf = (kind: "shipment" | "sample", id: number) => `${kind}:${id}`;

export function registerOpenChat(kind: "shipment" | "sample", id: number): () => void {
  const key = keyOf(kind, id);
  openChats.set(key, (openChats.get(key) ?? 0) + 1);
  return () => {
    const left = (openChats.get(key) ?? 1) - 1;
    if (left <= 0) openChats.delete(key);
    else openChats.set(key, left);
  };
}

export function isAboutOpenChat(notification: AppNotification): boolean {
  if (!isChatNotification(notification)) return false;
  if (typeof document !== "undefined" && document.visibilityState === "hidden") return false;
  if (notification.notification_type === "Shipment" && notification.shipment_id) {
    return openChats.has(keyOf("shipment", notification.shipment_id));
  }
  if (notification.notification_type === "Sample Shipment" && notification.sample_shipment_id) {
    return openChats.has(keyOf("sample", notification.sample_shipment_id));
  }
  return false;
}
