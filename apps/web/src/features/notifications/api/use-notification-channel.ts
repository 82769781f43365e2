import { useCallback, useEffect } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { NOTIFICATION_LIST_CAP } from "@fba/contract/constants";
import {
  sendOnChannel,
  useRealtimeChannel,
  type ServerFrame,
  wsPaths,
} from "../../../lib/realtime";
import { onChatRead } from "../../../lib/open-chats";
import { sampleChanged } from "../../../entities/sample/api/changes";
import { shipmentChanged } from "../../../entities/shipment/api/changes";
import { announcementsChanged } from "../../../entities/announcement/api/keys";
import { isAboutOpenChat } from "../lib/open-chat-notifications";
import {
  dropAnnouncement,
  markNotificationRead,
  mergeNotifications,
  replaceNotification,
  unreadCount,
  upsertNotification,
} from "../lib/notifications-cache";
import type { Notification as AppNotification, NotificationType } from "@fba/contract";
import { getNotifications, notificationKeys } from "./get-notifications";
import { markChatNotificationsRead } from "./mark-chat-notifications-read";

/**
 * Other screens change when a notification says their data did (a bid, an acceptance, a
 * message): each type names the entity whose change map says what is stale (the same the
 * mutations use); open pages refetch.
 */
const CHANGED_BY_TYPE: Record<NotificationType, (queryClient: QueryClient) => Promise<unknown>> = {
  Shipment: (queryClient) => shipmentChanged.bidding(queryClient),
  "Sample Shipment": sampleChanged,
  Announcement: announcementsChanged,
};

function refreshRelatedQueries(queryClient: QueryClient, notification: AppNotification) {
  void CHANGED_BY_TYPE[notification.notification_type](queryClient);
}

function backfill(queryClient: QueryClient) {
  getNotifications()
    .then((fresh) =>
      queryClient.setQueryData<AppNotification[]>(notificationKeys.list(), (cached) =>
        mergeNotifications(fresh, cached),
      ),
    )
    .catch((error: unknown) => console.warn("[notifications] backfill failed", error));
}

/** The signed-in user's notification socket, feeding the bell's list and the pages it affects. */
export function useNotificationChannel(userId: number | null) {
  const queryClient = useQueryClient();

  const onEvent = useCallback(
    (frame: ServerFrame) => {
      const key = notificationKeys.list();
      switch (frame.event_type) {
        case "send_notification": {
          const data = frame.data;
          if (!data || typeof data.id !== "number") return;
          if (queryClient.getQueryState(key)?.fetchStatus === "fetching") {
            // The list being fetched may predate this notification: fetch it again instead.
            void queryClient.invalidateQueries({ queryKey: key });
            return;
          }
          let notification = data;
          if (!notification.is_read && userId && isAboutOpenChat(notification)) {
            // The reader is looking at that chat already.
            notification = { ...notification, is_read: true };
            sendOnChannel(wsPaths.notifications(userId), {
              action: "mark_notification_read",
              notification_id: notification.id,
              user_id: String(userId),
            });
          }
          const item = notification;
          queryClient.setQueryData<AppNotification[]>(key, (old) =>
            upsertNotification(old ?? [], item),
          );
          refreshRelatedQueries(queryClient, notification);
          return;
        }
        case "notification_updated": {
          const item = frame.data;
          if (!item || typeof item.id !== "number") return;
          queryClient.setQueryData<AppNotification[]>(key, (old) =>
            old ? replaceNotification(old, item) : old,
          );
          return;
        }
        case "notification_read":
          queryClient.setQueryData<AppNotification[]>(key, (old) =>
            old ? markNotificationRead(old, Number(frame.data?.id)) : old,
          );
          return;
        case "announcement_removed": {
          // An admin removed it: its notification leaves the bell, and its unread mark the count.
          const id = Number(frame.data?.id);
          const list = queryClient.getQueryData<AppNotification[]>(key);
          const dropped = list?.filter((n) => n.announcement_id === id) ?? [];
          if (!list || dropped.length === 0) return;
          queryClient.setQueryData<AppNotification[]>(key, dropAnnouncement(list, id));
          const unreadDropped = dropped.filter((n) => !n.is_read).length;
          if (unreadDropped > 0) {
            queryClient.setQueryData<number>(notificationKeys.unreadCount(), (count) =>
              count === undefined ? count : Math.max(0, count - unreadDropped),
            );
          }
          return;
        }
        case "unread_count": {
          const count = Number(frame.data?.count);
          if (!Number.isFinite(count)) return;
          queryClient.setQueryData(notificationKeys.unreadCount(), count);
          // More unread than a full-enough list shows means something was missed while offline.
          const list = queryClient.getQueryData<AppNotification[]>(key);
          if (list && list.length < NOTIFICATION_LIST_CAP && unreadCount(list) < count) {
            backfill(queryClient);
          }
          return;
        }
        default:
          return;
      }
    },
    [queryClient, userId],
  );

  // Reading a chat settles the bell's notifications about it.
  useEffect(() => {
    if (!userId) return;
    return onChatRead((chat) => markChatNotificationsRead(queryClient, userId, chat));
  }, [queryClient, userId]);

  const onOpen = useCallback(
    ({ reconnected }: { reconnected: boolean }) => {
      if (reconnected) {
        backfill(queryClient);
        return;
      }
      // The socket first opens once the page's data is in (DeferredNotificationBell): a change
      // committed in between sent its frame before anyone listened, so what was read before is
      // read again (the queries on screen refetch, the others on next use). A read that failed
      // keeps its error and its Retry.
      const openedAt = Date.now();
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.state.status === "success" &&
          query.state.dataUpdatedAt <= openedAt &&
          query.queryKey[0] !== notificationKeys.all[0],
      });
    },
    [queryClient],
  );

  return useRealtimeChannel(userId ? wsPaths.notifications(userId) : null, { onEvent, onOpen });
}
