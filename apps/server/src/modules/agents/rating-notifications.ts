import { ratingNotificationTexts as t } from "@fba/contract";
import type { Db } from "../../db/client.js";
import type { EventBus } from "../../lib/events.js";
import type { NotificationService } from "../notifications/notifications.service.js";
import { shipmentSummary } from "../notifications/notifications.repository.js";

const shipmentPath = (id: number) => `/shipments/${id}`;

/** The agent hears of a rating (to answer it), the seller of the answer; each by email too. */
export function registerRatingNotificationListeners(
  events: EventBus,
  db: Db,
  notifications: NotificationService,
): void {
  events.on("rating.created", async (event) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    await notifications.notify(
      [
        {
          userId: event.agentId,
          actorId: event.sellerId,
          notificationType: "Shipment",
          shipmentId: shipment.id,
          content: t.rated(shipment.id, shipment.productName, event.overall),
        },
      ],
      { email: { subject: t.ratedSubject(shipment.id), path: shipmentPath(shipment.id) } },
    );
  });

  events.on("rating.replied", async (event) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    await notifications.notify(
      [
        {
          userId: event.sellerId,
          actorId: event.agentId,
          notificationType: "Shipment",
          shipmentId: shipment.id,
          content: t.replied(shipment.id, shipment.productName),
        },
      ],
      { email: { subject: t.repliedSubject(shipment.id), path: shipmentPath(shipment.id) } },
    );
  });
}
