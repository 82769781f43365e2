import { notificationText as text } from "../../lib/i18n/notifications.js";
import type { EventBus } from "../../lib/events.js";
import { activeAdminIds, shipmentSummary } from "../notifications/index.js";
import { shipmentPath, type NotifyDeps } from "../notifications/index.js";
import type { DifferentFcService } from "./different-fc.service.js";
import type { LegService } from "./legs.service.js";

/**
 * After the award: the seller's acceptance books every leg (a read creates them too if this has
 * not run yet, so running it twice is harmless); a delivery to another FC than the booked one is
 * flagged for the seller and admins (once per milestone event, however often delivered).
 */
export function registerLegSubscribers(
  events: EventBus,
  services: { legs: LegService; differentFc: DifferentFcService },
): void {
  events.subscribe("quotation.accepted", "legs", ({ shipmentId }) =>
    services.legs.open(shipmentId, new Date()),
  );
  events.subscribe("leg.milestone_recorded", "different-fc", (event, { eventId }) =>
    event.milestone === "delivered"
      ? services.differentFc.announce(event.shipmentId, event.legId, `different-fc:${eventId}`)
      : undefined,
  );
}

/** Notifications of an order's legs: milestones and deliveries to a different FC. */
export function registerLegNotificationSubscribers(events: EventBus, deps: NotifyDeps): void {
  const { db, notifications } = deps;
  // A milestone (or its correction) goes to the order's other parties, live and by email unless
  // they turned milestone emails off.
  events.subscribe("leg.milestone_recorded", "notify", async (event, { eventId }) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const userIds = new Set([event.sellerId, event.agentId]);
    userIds.delete(event.byUserId);
    userIds.delete(null);
    const content = text("milestoneRecorded", {
      shipmentId: shipment.id,
      product: shipment.productName,
      fcCode: event.fcCode,
      milestone: event.milestone,
      correction: event.correction,
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
          subject: text("milestoneSubject", {
            shipmentId: shipment.id,
            fcCode: event.fcCode,
            milestone: event.milestone,
            correction: event.correction,
          }),
          path: shipmentPath(shipment.id),
          category: "milestone",
        },
      },
    );
  });

  // A leg delivered to another FC than booked: the seller and every admin hear of it (and by
  // email); the seller hears how an admin resolved it.
  events.subscribe("leg.different_fc_flagged", "notify", async (event, { eventId }) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const userIds = new Set([event.sellerId, ...(await activeAdminIds(db))]);
    const content = text("differentFcFlagged", {
      shipmentId: shipment.id,
      product: shipment.productName,
      bookedFc: event.bookedFc,
      deliveredFc: event.deliveredFc,
    });
    await notifications.notify(
      [...userIds].map((userId) => ({
        userId,
        notificationType: "Shipment" as const,
        shipmentId: shipment.id,
        content,
      })),
      {
        eventId,
        email: {
          subject: text("differentFcFlaggedSubject", { shipmentId: shipment.id }),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });
  events.subscribe("leg.different_fc_decided", "notify", async (event, { eventId }) => {
    if (event.status !== "resolved" || event.byUserId === event.sellerId) return;
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    await notifications.notify(
      [
        {
          userId: event.sellerId,
          actorId: event.byUserId,
          notificationType: "Shipment",
          shipmentId: shipment.id,
          content: text("differentFcResolved", {
            shipmentId: shipment.id,
            product: shipment.productName,
            deliveredFc: event.deliveredFc,
            note: event.note ?? "",
          }),
        },
      ],
      {
        eventId,
        email: {
          subject: text("differentFcResolvedSubject", { shipmentId: shipment.id }),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });
}
