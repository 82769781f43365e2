import type { EventBus } from "../lib/events.js";
import { rooms, type RealtimeHub } from "./hub.js";

const chatRoom = rooms.chat;

/**
 * The one way a live frame leaves: a service emits a domain event after its transaction
 * committed, this listener turns it into a frame for a room, and the hub delivers it on every
 * instance. Services never publish to the hub themselves.
 */
export function publishDomainEvents(events: EventBus, hub: RealtimeHub): void {
  events.on("chat.message_posted", ({ chat, message, isReply }) =>
    hub.publish(chatRoom(chat), {
      event_type: isReply ? "message_replied" : "message_sent",
      data: message,
    }),
  );
  events.on("chat.message_edited", ({ chat, message }) =>
    hub.publish(chatRoom(chat), { event_type: "message_edited", data: message }),
  );
  events.on("chat.message_deleted", ({ chat, messageId }) =>
    hub.publish(chatRoom(chat), { event_type: "message_deleted", data: { id: messageId } }),
  );
  events.on("chat.reaction_added", ({ chat, reaction }) =>
    hub.publish(chatRoom(chat), { event_type: "reaction_added", data: reaction }),
  );
  events.on("chat.read", ({ chat, userId }) =>
    hub.publish(chatRoom(chat), { event_type: "message_read", data: { user: userId } }),
  );
  events.on("notification.created", ({ userId, notification }) =>
    hub.publish(rooms.user(userId), { event_type: "send_notification", data: notification }),
  );
  events.on("notification.updated", ({ userId, notification }) =>
    hub.publish(rooms.user(userId), { event_type: "notification_updated", data: notification }),
  );
  events.on("notification.read", ({ userId, notificationId }) =>
    hub.publish(rooms.user(userId), {
      event_type: "notification_read",
      data: { id: notificationId },
    }),
  );
  events.on("notification.unread_changed", ({ userId, count }) =>
    hub.publish(rooms.user(userId), { event_type: "unread_count", data: { count } }),
  );
  // The sender already has it from the POST response; every other open socket gets it live.
  events.on("announcement.created", ({ announcement, senderId }) =>
    hub.publish(
      rooms.announcements,
      { event_type: "announcement_created", data: announcement },
      { excludeUserId: senderId },
    ),
  );
  // Open lists and bells drop a removed announcement (and its notifications) at once.
  events.on("announcement.removed", ({ announcementId }) => {
    const frame = { event_type: "announcement_removed", data: { id: announcementId } } as const;
    hub.publish(rooms.announcements, frame);
    hub.publish(rooms.bells, frame);
  });
  // Withdrawn access closes sockets on every instance.
  events.on("user.disabled", ({ userId }) => hub.disconnectUser(userId));
  events.on("user.sessions_ended", ({ userId, sessionId }) =>
    hub.disconnectUser(userId, sessionId),
  );
  events.on("chat.parties_changed", (parties) => hub.chatPartiesChanged(parties));
}
