import { notificationText as text } from "../../lib/i18n/notifications.js";
import type { EventBus } from "../../lib/events.js";
import { legFcCode, shipmentPath, shipmentSummary } from "../notifications/index.js";
import type { NotifyDeps } from "../notifications/index.js";

/** Notifications of an order's documents. */
export function registerDocumentNotificationSubscribers(events: EventBus, deps: NotifyDeps): void {
  const { db, notifications } = deps;
  // A document added to an order: its other parties hear of it (by email too).
  events.subscribe("document.uploaded", "notify", async (event, { eventId }) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const userIds = new Set([event.sellerId, event.agentId]);
    userIds.delete(event.byUserId);
    userIds.delete(null);
    if (userIds.size === 0) return;
    const fcCode = event.legId === null ? null : await legFcCode(db, event.legId);
    const content = text("documentUploaded", {
      shipmentId: shipment.id,
      product: shipment.productName,
      type: event.type,
      fcCode,
    });
    await notifications.notify(
      [...userIds].map((userId) => ({
        userId: userId as number,
        actorId: event.byUserId,
        notificationType: "Shipment" as const,
        shipmentId: shipment.id,
        content,
      })),
      {
        eventId,
        email: {
          subject: text("documentSubject", { shipmentId: shipment.id, type: event.type }),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });
}
