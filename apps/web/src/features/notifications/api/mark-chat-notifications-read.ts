import type { QueryClient } from "@tanstack/react-query";
import type { Notification as AppNotification } from "@fba/contract";
import type { ChatRef } from "../../../lib/open-chats";
import { sendOnChannel, wsPaths } from "../../../lib/realtime";
import { isChatNotification } from "../lib/notification-route";
import { markNotificationRead } from "../lib/notifications-cache";
import { notificationKeys } from "./get-notifications";

/** Reading a chat also settles the bell's "New message from" notifications for that chat. */
export function markChatNotificationsRead(queryClient: QueryClient, userId: number, chat: ChatRef) {
  const list = queryClient.getQueryData<AppNotification[]>(notificationKeys.list());
  if (!list) return;
  const matches = list.filter(
    (n) =>
      !n.is_read &&
      isChatNotification(n) &&
      (chat.kind === "shipment"
        ? n.notification_type === "Shipment" && n.shipment_id === chat.id
        : n.notification_type === "Sample Shipment" && n.sample_shipment_id === chat.id),
  );
  if (matches.length === 0) return;
  let next = list;
  for (const notification of matches) {
    next = markNotificationRead(next, notification.id);
    sendOnChannel(wsPaths.notifications(userId), {
      action: "mark_notification_read",
      notification_id: notification.id,
      user_id: String(userId),
    });
  }
  queryClient.setQueryData(notificationKeys.list(), next);
}
