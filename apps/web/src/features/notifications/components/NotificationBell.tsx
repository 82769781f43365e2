import { useState } from "react";
import { Badge, Chip, IconButton } from "@mui/material";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import SyncProblem from "@mui/icons-material/SyncProblem";
import { useNavigate } from "react-router";
import type { SuccessEnvelope, ShipmentStatus } from "@fba/contract";
import { api } from "../../../lib/api-client";
import { useCurrentUser } from "../../../lib/session";
import { toastApiError } from "../../../lib/toast";
import { useQueryClient } from "@tanstack/react-query";
import {
  markAllNotificationsRead,
  notificationKeys,
  useNotifications,
  useServerUnreadCount,
} from "../api/get-notifications";
import { useNotificationChannel } from "../api/use-notification-channel";
import { markNotificationRead, unreadCount } from "../lib/notifications-cache";
import { notificationTarget } from "../lib/notification-route";
import type { Notification as AppNotification } from "@fba/contract";
import { lazyDialog } from "../../../components/lazy-dialog";
import { useShellT } from "../../../i18n/shell";

// The popover's code (MUI's Popover and Modal, the list) loads on the first tap, or as the
// pointer or focus reaches the bell.
const NotificationsPopover = lazyDialog(
  () => import("./NotificationsPopover").then((m) => m.NotificationsPopover),
  (props: { anchor: HTMLElement | null }) => props.anchor !== null,
);

async function shipmentStatus(id: number): Promise<ShipmentStatus | null> {
  try {
    const res = await api.get<SuccessEnvelope<{ status: ShipmentStatus }>>(`shipments/${id}/`);
    return res.data.status;
  } catch {
    // The detail page shows the server's refusal itself.
    return null;
  }
}

/**
 * Header bell with unread badge and the Notifications popover; `openAtOnce` opens the popover as
 * it mounts (the tap that asked for the bell's code).
 */
export function NotificationBell({ openAtOnce = false }: { openAtOnce?: boolean }) {
  const user = useCurrentUser();
  const { t } = useShellT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [openPending, setOpenPending] = useState(openAtOnce);
  const openOnMount = (button: HTMLButtonElement | null) => {
    if (!button || !openPending) return;
    setOpenPending(false);
    setAnchor(button);
  };
  const notifications = useNotifications(Boolean(user));
  const { send, status, retryNow } = useNotificationChannel(user?.id ?? null);
  const isReconnecting = status === "reconnecting";
  const list = notifications.data ?? [];
  const serverUnread = useServerUnreadCount();
  const unread = serverUnread ?? unreadCount(list);

  const markAllRead = () => {
    queryClient.setQueryData<AppNotification[]>(notificationKeys.list(), (old) =>
      old?.map((n) => (n.is_read ? n : { ...n, is_read: true })),
    );
    queryClient.setQueryData(notificationKeys.unreadCount(), 0);
    markAllNotificationsRead().catch(toastApiError);
  };

  const open = async (notification: AppNotification) => {
    setAnchor(null);
    if (!notification.is_read && user) {
      queryClient.setQueryData<AppNotification[]>(notificationKeys.list(), (old) =>
        old ? markNotificationRead(old, notification.id) : old,
      );
      queryClient.setQueryData<number | null>(notificationKeys.unreadCount(), (count) =>
        typeof count === "number" ? Math.max(0, count - 1) : count,
      );
      send({
        action: "mark_notification_read",
        notification_id: notification.id,
        user_id: String(user.id),
      });
    }
    const needsStatus =
      notification.notification_type === "Shipment" &&
      Boolean(notification.shipment_id) &&
      notification.kind !== "bid_lost" &&
      user?.groups !== "Admin";
    const status = needsStatus ? await shipmentStatus(Number(notification.shipment_id)) : null;
    void navigate(notificationTarget(user?.groups, notification, status));
  };

  if (!user) return null;
  const base = unread > 0 ? t("notifications.unread", { count: unread }) : t("notifications.label");
  const label = isReconnecting ? t("notifications.reconnectingSuffix", { label: base }) : base;

  return (
    <>
      {isReconnecting && (
        <Chip
          role="status"
          size="small"
          variant="outlined"
          color="warning"
          icon={<SyncProblem />}
          label={t("notifications.reconnecting")}
          sx={{ fontWeight: 600 }}
        />
      )}
      <IconButton
        ref={openOnMount}
        color="inherit"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={(event) => setAnchor(event.currentTarget)}
        onPointerEnter={NotificationsPopover.preload}
        onFocus={NotificationsPopover.preload}
      >
        <Badge badgeContent={unread} color="error" max={99} data-testid="notification-badge">
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <NotificationsPopover
        anchor={anchor}
        onClose={() => setAnchor(null)}
        unread={unread}
        onMarkAllRead={markAllRead}
        isReconnecting={isReconnecting}
        onRetryNow={retryNow}
        notifications={notifications}
        onOpen={(n) => void open(n)}
      />
    </>
  );
}
