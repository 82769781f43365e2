import { WS_CLOSE_CODES } from "@fba/contract";
import { rooms } from "../../realtime/hub.js";
import { parseSocketId, socketAction, type SocketRegistration } from "../../realtime/sockets.js";
import type { NotificationService } from "./notifications.service.js";

/** A user's own notification channel; marking one read works on any signed-in socket. */
export function notificationSockets(notifications: NotificationService): SocketRegistration {
  return {
    endpoints: [
      {
        path: "/ws/notifications/:user_id",
        channel: "notifications",
        admit: async (user, params) => {
          if (!user || parseSocketId(params.user_id) !== user.id) {
            return { refuse: { code: WS_CLOSE_CODES.forbidden, reason: "Not your notifications" } };
          }
          return { rooms: [rooms.user(user.id), rooms.bells], scope: null };
        },
        opened: async (user, send) => {
          if (!user) return;
          send({
            event_type: "unread_count",
            data: { count: await notifications.unreadCount(user.id) },
          });
        },
      },
    ],
    actions: [
      socketAction({
        action: "mark_notification_read",
        handle: async (frame, user) => {
          await notifications.markRead(user, frame.notification_id);
        },
      }),
    ],
  };
}
