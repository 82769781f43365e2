import {
  differentFcTexts,
  documentNotificationTexts,
  MILESTONE_LABELS,
  milestoneNotificationTexts,
  type Milestone,
} from "@fba/contract";
import type { EventBus } from "../../lib/events.js";
import { activeAdminIds, legFcCode, shipmentSummary } from "../notifications/index.js";
import { shipmentPath, type NotifyDeps } from "../notifications/index.js";
import type { DifferentFcService } from "./different-fc.service.js";
import type { LegService } from "./legs.service.js";

/**
 * After the award: the seller's acceptance books every leg (a read creates them too if this has
 * not run yet, so running it twice is harmless); a delivery to another FC than the booked one is
 * flagged for the seller and admins (once per milestone event, however often delivered).
 */
export function registerOrderSubscribers(
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

/** Notifications of an order's legs: milestones, documents, deliveries to a different FC. */
export function registerOrderNotificationSubscribers(events: EventBus, deps: NotifyDeps): void {
  const { db, notifications } = deps;
  // A milestone (or its correction) goes to the order's other parties, live and by email unless
  // they turned milestone emails off.
  events.subscribe("leg.milestone_recorded", "notify", async (event, { eventId }) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const userIds = new Set([event.sellerId, event.agentId]);
    userIds.delete(event.byUserId);
    userIds.delete(null);
    const label = MILESTONE_LABELS[event.milestone as Milestone];
    const content = milestoneNotificationTexts.recorded(
      shipment.id,
      shipment.productName,
      event.fcCode,
      label,
      event.correction,
    );
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
          subject: milestoneNotificationTexts.subject(
            shipment.id,
            event.fcCode,
            label,
            event.correction,
          ),
          path: shipmentPath(shipment.id),
          category: "milestone",
        },
      },
    );
  });

  // A document added to an order: its other parties hear of it (by email too).
  events.subscribe("document.uploaded", "notify", async (event, { eventId }) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const userIds = new Set([event.sellerId, event.agentId]);
    userIds.delete(event.byUserId);
    userIds.delete(null);
    if (userIds.size === 0) return;
    const fcCode = event.legId === null ? null : await legFcCode(db, event.legId);
    const content = documentNotificationTexts.uploaded(
      shipment.id,
      shipment.productName,
      event.type,
      fcCode,
    );
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
          subject: documentNotificationTexts.subject(shipment.id, event.type),
          path: shipmentPath(shipment.id),
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
    const content = differentFcTexts.flagged(
      shipment.id,
      shipment.productName,
      event.bookedFc,
      event.deliveredFc,
    );
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
          subject: `Shipment #${shipment.id} delivered to a different FC`,
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
          content: differentFcTexts.resolved(
            shipment.id,
            shipment.productName,
            event.deliveredFc,
            event.note ?? "",
          ),
        },
      ],
      {
        eventId,
        email: {
          subject: `Delivery to a different FC resolved (shipment #${shipment.id})`,
          path: shipmentPath(shipment.id),
        },
      },
    );
  });
}
