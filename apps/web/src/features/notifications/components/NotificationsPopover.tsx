import {
  Alert,
  Box,
  Button,
  CircularProgress,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Typography,
} from "@mui/material";
import SyncProblem from "@mui/icons-material/SyncProblem";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Notification as AppNotification } from "@fba/contract";
import { QueryProblem } from "../../../components/query-state/QueryState";
import { useQueryView } from "../../../components/query-state/query-view";
import { previewText, timeAgo } from "../lib/notification-format";
import { useLocalDay } from "../../../i18n/local-day";
import { useNotificationsT } from "../i18n";

function NotificationList({
  notifications,
  onOpen,
}: {
  notifications: AppNotification[];
  onOpen: (notification: AppNotification) => void;
}) {
  const { t } = useNotificationsT();
  const localDay = useLocalDay();
  const ago = (timestamp: string) => {
    const time = timeAgo(timestamp);
    if (!time) return "";
    if (time.unit === "day") return localDay(time.day);
    return time.unit === "justNow"
      ? t("time.justNow")
      : t(`time.${time.unit}`, { count: time.count });
  };
  if (notifications.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }} variant="body2">
        {t("empty")}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label={t("list")}>
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
            secondary={t("item", {
              type: t(`types.${notification.notification_type}`, {
                defaultValue: notification.notification_type,
              }),
              time: ago(notification.updated_at),
            })}
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

/**
 * The Notifications popover of the header's bell: the latest notifications, Mark all as read, and
 * what the live connection is doing. A module of its own, loaded as the bell is first reached.
 */
export function NotificationsPopover({
  anchor,
  onClose,
  unread,
  onMarkAllRead,
  isReconnecting,
  onRetryNow,
  notifications,
  onOpen,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  unread: number;
  onMarkAllRead: () => void;
  isReconnecting: boolean;
  onRetryNow: () => void;
  notifications: UseQueryResult<AppNotification[]>;
  onOpen: (notification: AppNotification) => void;
}) {
  const { t } = useNotificationsT();
  const { view: notificationsView } = useQueryView(notifications);
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
      slotProps={{
        paper: {
          role: "dialog",
          "aria-label": t("label"),
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
          {t("title")}
        </Typography>
        {unread > 0 && (
          <Button size="small" onClick={onMarkAllRead}>
            {t("markAll")}
          </Button>
        )}
      </Box>
      {isReconnecting && (
        <Alert
          severity="warning"
          icon={<SyncProblem fontSize="inherit" />}
          sx={{ borderRadius: 0, alignItems: "center" }}
          action={
            <Button color="inherit" size="small" onClick={onRetryNow}>
              {t("retryNow")}
            </Button>
          }
        >
          {t("reconnecting")}
        </Alert>
      )}
      <Box sx={{ overflowY: "auto" }}>
        {notificationsView === "loading" ? (
          <Box sx={{ display: "grid", placeItems: "center", p: 3 }}>
            <CircularProgress size={24} aria-label={t("loading")} />
          </Box>
        ) : notificationsView !== "ready" ? (
          <Box sx={{ p: 1.5 }}>
            <QueryProblem problem={notificationsView} what={t("what")} query={notifications} />
          </Box>
        ) : (
          <NotificationList notifications={notifications.data ?? []} onOpen={onOpen} />
        )}
      </Box>
    </Popover>
  );
}
