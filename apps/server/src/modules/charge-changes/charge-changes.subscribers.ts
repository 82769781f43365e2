import { amountOfCents, centsOf, type StoredVarianceReason } from "@fba/contract";
import {
  notificationText as text,
  type ChargeTerms,
  type NotificationText,
} from "../../lib/i18n/notifications.js";
import type { EventBus } from "../../lib/events.js";
import { activeAdminIds, shipmentSummary } from "../notifications/index.js";
import { quote, shipmentPath, type NotifyDeps } from "../notifications/index.js";
import { findChargeChange } from "./charge-changes.repository.js";

/** What the proposed final amount was made of, for texts that do not quote the English line. */
async function chargeTerms(
  db: NotifyDeps["db"],
  shipmentId: number,
  chargeChangeId: number,
): Promise<ChargeTerms | undefined> {
  const change = await findChargeChange(db, shipmentId);
  if (!change || change.id !== chargeChangeId) return undefined;
  return {
    difference: amountOfCents(centsOf(change.finalAmount) - centsOf(change.bidTotal)),
    reason: change.reason as StoredVarianceReason,
    note: change.note,
    evidence: change.evidenceDocumentId !== null,
  };
}

/**
 * A final amount above the accepted bid: the seller is asked to answer it, a dispute goes to
 * every admin (and the agent hears of it), a decision to both parties; each by email too.
 */
export function registerChargeChangeSubscribers(events: EventBus, deps: NotifyDeps): void {
  const { db, notifications } = deps;
  events.subscribe("charge_change.updated", "notify", async (event, { eventId }) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const about = { shipmentId: shipment.id, product: shipment.productName };
    const id = shipment.id;
    const to = (userIds: number[], content: NotificationText) =>
      [...new Set(userIds)].map((userId) => ({
        userId,
        actorId: event.byUserId,
        notificationType: "Shipment" as const,
        shipmentId: id,
        content,
      }));
    const email = (subject: NotificationText, path = shipmentPath(id)) => ({
      eventId,
      email: { subject, path },
    });
    if (event.action === "proposed") {
      const terms = await chargeTerms(db, id, event.chargeChangeId);
      await notifications.notify(
        to(
          [event.sellerId],
          text("chargeProposed", { ...about, summary: event.detail ?? "", terms }),
        ),
        email(text("chargeProposedSubject", { shipmentId: id })),
      );
    } else if (event.action === "accepted") {
      await notifications.notify(
        to([event.agentId], text("chargeAccepted", { ...about, amount: event.amount })),
        { eventId },
      );
    } else if (event.action === "disputed") {
      const content = text("chargeDisputed", { ...about, reason: quote(event.detail ?? "") });
      const subject = text("chargeDisputedSubject", { shipmentId: id });
      await notifications.notify(to([event.agentId], content), email(subject));
      const admins = await activeAdminIds(db);
      await notifications.notify(to(admins, content), email(subject, "/admin/disputes"));
    } else if (event.action === "decided") {
      await notifications.notify(
        to(
          [event.sellerId, event.agentId],
          text("chargeDecided", { ...about, amount: event.amount }),
        ),
        email(text("chargeDecidedSubject", { shipmentId: id })),
      );
    }
  });
}
