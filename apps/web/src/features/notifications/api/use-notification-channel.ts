import { useCallback } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { NOTIFICATION_LIST_CAP } from "@fba/contract/constants";
import { useRealtimeChannel, type ServerFrame } from "../../../lib/realtime";
import { markNotificationRead, unreadCount, upsertNotification } from "../lib/notifications-cache";
import type { Notification as AppNotification } from "@fba/contract";
import { getNotifications, notificationKeys } from "./get-notifications";

/**
 * Other screens' lists change when a notification says their data did (a bid, an acceptance, a
 * message). Only their list and dashboard queries are marked stale; open pages refetch.
 */
const QUERIES_TOUCHED_BY_TYPE: Record<string, ReadonlyArray<readonly string[]>> = {
  Shipment: [["shipments"], ["quotations"], ["seller-dashboard"], ["dashboard"]],
  "Sample Shipment": [["sample-shipments"], ["seller-dashboard"], ["dashboard"]],
  Announcement: [["announcements"]],
};

function refreshRelatedQueries(queryClient: QueryClient, notification: AppNotification) {
  for (const queryKey of QUERIES_TOUCHED_BY_TYPE[notification.notification_type] ?? []) {
    void queryClient.invalidateQueries({ queryKey, refetchType: "active" });
  }
}

function backfill(queryClient: QueryClient) {
  getNotifications()
    .then((list) => queryClient.setQueryData(notificationKeys.list(), list))
    .catch((error: unknown) => console.warn("[notifications] backfill failed", error));
}

/** The signed-in user's notification socket, feeding the bell's list and the pages it affects. */
export function useNotificationChannel(userId: number | null) {
  const queryClient = useQueryClient();

  const onEvent = useCallback(
    (frame: ServerFrame) => {
      const key = notificationKeys.list();
      const data = frame.data as Record<string, unknown> | null;
      switch (frame.event_type) {
        case "send_notification":
        case "notification": {
          if (!data || typeof data.id !== "number") return;
          const notification = data as unknown as AppNotification;
          queryClient.setQueryData<AppNotification[]>(key, (old) =>
            upsertNotification(old ?? [], notification),
          );
          refreshRelatedQueries(queryClient, notification);
          return;
        }
        case "notification_read":
          queryClient.setQueryData<AppNotification[]>(key, (old) =>
            old ? markNotificationRead(old, Number(data?.id)) : old,
          );
          return;
        case "unread_count": {
          const count = Number(data?.count);
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
    [queryClient],
  );

  const onOpen = useCallback(
    ({ reconnected }: { reconnected: boolean }) => {
      if (reconnected) backfill(queryClient);
    },
    [queryClient],
  );

  return useRealtimeChannel(userId ? `notifications/${userId}/` : null, { onEvent, onOpen });
}
