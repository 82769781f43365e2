import { awardNotificationTexts as t } from "@fba/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import type { EventBus } from "../../lib/events.js";
import type { NotificationService } from "../notifications/notifications.service.js";
import { shipmentSummary } from "../notifications/notifications.repository.js";

const shipmentPath = (id: number) => `/shipments/${id}`;

/**
 * The other bidders hear how the bidding ended and why (the seller's reason, or "lowest total of
 * N bids"); the winner hears it in the acceptance's own notification, so once; the agent of an expired quote hears the seller's request to
 * re-confirm it, and the seller the answer. Each by email too.
 */
export function registerAwardNotificationListeners(
  events: EventBus,
  db: Db,
  notifications: NotificationService,
): void {
  events.on("bidding.awarded", async (event) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    await notifications.notify(
      [...new Set(event.bidderAgentIds)]
        .filter((agentId) => agentId !== event.winnerAgentId)
        .map((agentId) => ({
          userId: agentId,
          actorId: event.sellerId,
          notificationType: "Shipment" as const,
          shipmentId: shipment.id,
          content: t.lost(shipment.id, shipment.productName, event.reason),
        })),
      { email: { subject: t.subject(shipment.id), path: shipmentPath(shipment.id) } },
    );
  });

  events.on("quotation.reconfirm_requested", async (event) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    await notifications.notify(
      [
        {
          userId: event.agentId,
          actorId: event.sellerId,
          notificationType: "Shipment",
          shipmentId: shipment.id,
          content: t.reconfirmRequested(shipment.id, shipment.productName),
        },
      ],
      {
        email: {
          subject: t.reconfirmRequestedSubject(shipment.id),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });

  events.on("quotation.reconfirmed", async (event) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const [agent] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, event.agentId))
      .limit(1);
    const name = agent ? `${agent.firstName} ${agent.lastName}`.trim() : "The agent";
    await notifications.notify(
      [
        {
          userId: event.sellerId,
          actorId: event.agentId,
          notificationType: "Shipment",
          shipmentId: shipment.id,
          content:
            event.validUntil === null
              ? t.reconfirmDeclined(shipment.id, shipment.productName, name)
              : t.reconfirmed(shipment.id, shipment.productName, name, event.validUntil),
        },
      ],
      {
        email: {
          subject: t.reconfirmAnsweredSubject(shipment.id),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });
}
