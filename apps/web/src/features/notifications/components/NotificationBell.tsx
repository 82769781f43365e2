/** Header bell with unread badge and the Notifications popover. */
export function NotificationBell() {
  return null;
}
