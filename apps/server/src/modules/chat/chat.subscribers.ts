import { notificationText as text } from "../../lib/i18n/notifications.js";
import type { EventBus } from "../../lib/events.js";
import type { NotifyDeps } from "../notifications/index.js";

/**
 * A chat message notifies its chat's other parties; a notification quotes the message as it is
 * now: an edit changes its text, a delete removes it (both idempotent: they set the text).
 */
export function registerChatSubscribers(events: EventBus, deps: NotifyDeps): void {
  const { notifications } = deps;
  events.subscribe("chat.message_created", "notify", async (event, { eventId }) => {
    const content = text("chatMessage", { name: event.senderName, text: event.text });
    await notifications.notify(
      event.recipientIds.map((userId) => ({
        userId,
        actorId: event.senderId,
        notificationType:
          event.kind === "shipment" ? ("Shipment" as const) : ("Sample Shipment" as const),
        shipmentId: event.kind === "shipment" ? event.chatId : null,
        sampleShipmentId: event.kind === "sample" ? event.chatId : null,
        chatMessageId: event.messageId,
        content,
      })),
      { eventId },
    );
  });
  events.subscribe(
    "chat.message_edited",
    "notify",
    async ({ message, senderName, text: words }) => {
      await notifications.rewriteChatMessage(
        message.id,
        text("chatMessage", { name: senderName, text: words }),
      );
    },
  );
  events.subscribe("chat.message_deleted", "notify", async ({ messageId, senderName }) => {
    await notifications.rewriteChatMessage(
      messageId,
      text("chatMessageDeleted", { name: senderName }),
    );
  });
}
