import { useState } from "react";
import {
  Alert,
  Badge,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Typography,
} from "@mui/material";
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
import { previewText, relativeTime } from "../lib/notification-format";
import { markNotificationRead, unreadCount } from "../lib/notifications-cache";
import { notificationTarget } from "../lib/notification-route";
import { QueryProblem } from "../../../components/query-state/QueryState";
import { useQueryView } from "../../../components/query-state/query-view";
import type { Notification as AppNotification } from "@fba/contract";

async function shipmentStatus(id: number): Promise<ShipmentStatus | null> {
  try {
    const res = await api.get<SuccessEnvelope<{ status: ShipmentStatus }>>(`shipments/${id}/`);
    return res.data.status;
  } catch {
    // The detail page shows the server's refusal itself.
    return null;
  }
}

export function NotificationList({
  notifications,
  onOpen,
}: {
  notifications: AppNotification[];
  onOpen: (notification: AppNotification) => void;
}) {
  if (notifications.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }} variant="body2">
        No notifications yet
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label="Notifications list">
      {notifications.map((notification) => (
        <ListItemButton
          key={notification.id}
          onClick={() => onOpen(notification)}
          divider
          sx={{
            alignItems: "flex-start",
            gap: 1.25,
            py: 1.25,
            bgcolor: notification.is_read ? undefined : "rgba(11,61,145,0.05)",
          }}
          data-testid="notification-item"
          data-unread={notification.is_read ? undefined : "true"}
        >
          <Box
            aria-hidden
            sx={{
              mt: 0.75,
              width: 8,
              height: 8,
              flex: "0 0 8px",
              borderRadius: "50%",
              bgcolor: notification.is_read ? "transparent" : "primary.main",
            }}
          />
          <ListItemText
            primary={previewText(notification.content)}
            secondary={`${notification.notification_type} · ${relativeTime(notification.updated_at)}`}
            slotProps={{
              primary: {
                variant: "body2",
                sx: { fontWeight: notification.is_read ? 400 : 600, overflowWrap: "anywhere" },
              },
              secondary: { variant: "caption" },
            }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}

/** Header bell with unread badge and the Notifications popover. */
export function NotificationBell() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const notifications = useNotifications(Boolean(user));
  const { view: notificationsView } = useQueryView(notifications);
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
  const label =
    (unread > 0 ? `Notifications, ${unread} unread` : "Notifications") +
    (isReconnecting ? ", reconnecting" : "");

  return (
    <>
      {isReconnecting && (
        <Chip
          role="status"
          size="small"
          variant="outlined"
          color="warning"
          icon={<SyncProblem />}
          label="Reconnecting…"
          sx={{ fontWeight: 600 }}
        />
      )}
      <IconButton
        color="inherit"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unread} color="error" max={99} data-testid="notification-badge">
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{
          paper: {
            role: "dialog",
            "aria-label": "Notifications",
            sx: {
              width: { xs: "calc(100vw - 24px)", sm: 380 },
              maxHeight: 480,
              display: "flex",
              flexDirection: "column",
            },
          },
        }}
      >
        <Box
          sx={{
            px: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: "divider",
            display: "flex",
            alignItems: "center",
          }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
            Notifications
          </Typography>
          {unread > 0 && (
            <Button size="small" onClick={markAllRead}>
              Mark all as read
            </Button>
          )}
        </Box>
        {isReconnecting && (
          <Alert
            severity="warning"
            icon={<SyncProblem fontSize="inherit" />}
            sx={{ borderRadius: 0, alignItems: "center" }}
            action={
              <Button color="inherit" size="small" onClick={retryNow}>
                Retry now
              </Button>
            }
          >
            Reconnecting… New notifications arrive once the connection is back.
          </Alert>
        )}
        <Box sx={{ overflowY: "auto" }}>
          {notificationsView === "loading" ? (
            <Box sx={{ display: "grid", placeItems: "center", p: 3 }}>
              <CircularProgress size={24} aria-label="Loading notifications" />
            </Box>
          ) : notificationsView !== "ready" ? (
            <Box sx={{ p: 1.5 }}>
              <QueryProblem
                problem={notificationsView}
                what="your notifications"
                query={notifications}
              />
            </Box>
          ) : (
            <NotificationList notifications={list} onOpen={(n) => void open(n)} />
          )}
        </Box>
      </Popover>
    </>
  );
}
