import { chargeChangeTexts as chargeTexts } from "@fba/contract";
import type { EventBus } from "../../lib/events.js";
import { activeAdminIds, shipmentSummary } from "../notifications/index.js";
import { quote, shipmentPath, type NotifyDeps } from "../notifications/index.js";

/**
 * A final amount above the accepted bid: the seller is asked to answer it, a dispute goes to
 * every admin (and the agent hears of it), a decision to both parties; each by email too.
 */
export function registerDisputeSubscribers(events: EventBus, deps: NotifyDeps): void {
  const { db, notifications } = deps;
  events.subscribe("charge_change.updated", "notify", async (event, { eventId }) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const { id, productName } = shipment;
    const about = (userIds: number[], content: string) =>
      [...new Set(userIds)].map((userId) => ({
        userId,
        actorId: event.byUserId,
        notificationType: "Shipment" as const,
        shipmentId: id,
        content,
      }));
    const email = (subject: string, path = shipmentPath(id)) => ({
      eventId,
      email: { subject, path },
    });
    if (event.action === "proposed") {
      await notifications.notify(
        about([event.sellerId], chargeTexts.proposed(id, productName, event.detail ?? "")),
        email(chargeTexts.proposedSubject(id)),
      );
    } else if (event.action === "accepted") {
      await notifications.notify(
        about([event.agentId], chargeTexts.accepted(id, productName, event.amount)),
        { eventId },
      );
    } else if (event.action === "disputed") {
      const content = chargeTexts.disputed(id, productName, quote(event.detail ?? ""));
      const subject = chargeTexts.disputedSubject(id);
      await notifications.notify(about([event.agentId], content), email(subject));
      const admins = await activeAdminIds(db);
      await notifications.notify(about(admins, content), email(subject, "/admin/disputes"));
    } else if (event.action === "decided") {
      await notifications.notify(
        about([event.sellerId, event.agentId], chargeTexts.decided(id, productName, event.amount)),
        email(chargeTexts.decidedSubject(id)),
      );
    }
  });
}
