import { NOTIFICATION_LIST_CAP } from "@fba/contract/constants";
import type { Notification as AppNotification } from "@fba/contract";

/** A new or updated notification goes to the top; the same id never shows twice. */
export function upsertNotification(
  list: AppNotification[],
  notification: AppNotification,
): AppNotification[] {
  return [notification, ...list.filter((n) => n.id !== notification.id)].slice(
    0,
    NOTIFICATION_LIST_CAP,
  );
}

/** A notification whose text changed stays where it is (nothing new happened). */
export function replaceNotification(
  list: AppNotification[],
  notification: AppNotification,
): AppNotification[] {
  return list.map((n) => (n.id === notification.id ? notification : n));
}

export function markNotificationRead(list: AppNotification[], id: number): AppNotification[] {
  return list.map((n) => (n.id === id && !n.is_read ? { ...n, is_read: true } : n));
}

export function unreadCount(list: AppNotification[] | undefined): number {
  return list?.filter((n) => !n.is_read).length ?? 0;
}

/**
 * A refetched list wins, except for notifications that arrived live after it was answered
 * (ids above its newest), which stay on top.
 */
export function mergeNotifications(
  fresh: AppNotification[],
  cached: AppNotification[] | undefined,
): AppNotification[] {
  if (!cached) return fresh;
  const newest = fresh.reduce((max, n) => Math.max(max, n.id), 0);
  const newer = cached.filter((n) => n.id > newest);
  return newer.length === 0 ? fresh : [...newer, ...fresh].slice(0, NOTIFICATION_LIST_CAP);
}

/** The notifications of an announcement an admin removed leave the bell. */
export function dropAnnouncement(
  list: AppNotification[],
  announcementId: number,
): AppNotification[] {
  return list.filter((n) => n.announcement_id !== announcementId);
}
