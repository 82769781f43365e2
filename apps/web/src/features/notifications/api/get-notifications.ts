import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SuccessEnvelope } from "@fba/contract";
import { api } from "../../../lib/api-client";
import type { Notification as AppNotification } from "@fba/contract";

export const notificationKeys = {
  all: ["notifications"] as const,
  list: () => [...notificationKeys.all, "list"] as const,
  /** The server's unread count (it covers more than the 100 listed). */
  unreadCount: () => [...notificationKeys.all, "unread-count"] as const,
};

export async function getNotifications(signal?: AbortSignal): Promise<AppNotification[]> {
  const res = await api.get<SuccessEnvelope<AppNotification[]>>(
    "chat/notifications/",
    undefined,
    signal,
  );
  return res.data;
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => getNotifications(signal),
    // Kept current by the notifications socket.
    staleTime: Infinity,
  });

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}

/** Set only by the socket's unread_count events; undefined until the first one arrives. */
export function useServerUnreadCount() {
  return useQuery<number | null>({
    queryKey: notificationKeys.unreadCount(),
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  }).data;
}

export async function markAllNotificationsRead(): Promise<void> {
  await api.patch("chat/notifications/read-all/");
}
