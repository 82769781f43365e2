import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.js";
import { notificationText as text } from "../../lib/i18n/notifications.js";
import type { NotificationText } from "../../lib/i18n/notifications.js";
import type { EventBus } from "../../lib/events.js";
import { type NewNotification, activeAdminIds, shipmentSummary } from "../notifications/index.js";
import { quote, shipmentPath, type NotifyDeps } from "../notifications/index.js";

/** The shipment as a notification names it. */
const about = (shipment: { id: number; productName: string }) => ({
  shipmentId: shipment.id,
  product: shipment.productName,
});

/**
 * Notifications of the bidding: a new bid, how the window ended, the seller's answer to the
 * winning bid, the award to every bidder, re-confirmation of expired quotes. Bids are sealed
 * while the window is open: the seller is not told who bid.
 */
export function registerBiddingSubscribers(events: EventBus, deps: NotifyDeps): void {
  const { db, notifications } = deps;
  // In the bid's own transaction: the seller's notification commits with the bid, and its frame
  // leaves right after the commit.
  events.subscribeInTransaction("quotation.created", "notify", async (event, context) => {
    const { eventId, tx } = context;
    const shipment = await shipmentSummary(tx, event.shipmentId);
    if (!shipment) return;
    await notifications.notify(
      [
        {
          userId: event.sellerId,
          actorId: null,
          notificationType: "Shipment",
          shipmentId: shipment.id,
          content: text("newBid", about(shipment)),
        },
      ],
      { eventId, within: context },
    );
  });

  // The seller hears how the window ended, the winner that they won, every other bidder that
  // their bid did not win.
  events.subscribe("bidding.closed", "notify", async (event, { eventId }) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const base = { notificationType: "Shipment" as const, shipmentId: shipment.id };
    const items: NewNotification[] = [
      event.winnerAgentId !== null
        ? {
            ...base,
            userId: event.sellerId,
            content: text("biddingClosedSeller", about(shipment)),
          }
        : {
            ...base,
            userId: event.sellerId,
            kind: "no_bids",
            content: text("biddingClosedNoBids", about(shipment)),
          },
    ];
    if (event.winnerAgentId !== null) {
      items.push({
        ...base,
        userId: event.winnerAgentId,
        content: text("biddingWon", about(shipment)),
      });
    }
    for (const loserId of new Set(event.loserAgentIds)) {
      items.push({
        ...base,
        userId: loserId,
        kind: "bid_lost",
        content: text("bidLost", about(shipment)),
      });
    }
    await notifications.notify(items, {
      eventId,
      email: {
        subject: text("biddingClosedSubject", { shipmentId: shipment.id }),
        path: shipmentPath(shipment.id),
      },
    });
  });

  const toAgent = async (
    eventId: number,
    event: { shipmentId: number; agentId: number; sellerId: number },
    content: (shipment: { shipmentId: number; product: string }) => NotificationText,
    subject: (shipmentId: number) => NotificationText,
  ) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    await notifications.notify(
      [
        {
          userId: event.agentId,
          actorId: event.sellerId,
          notificationType: "Shipment",
          shipmentId: shipment.id,
          content: content(about(shipment)),
        },
      ],
      {
        eventId,
        email: {
          subject: subject(shipment.id),
          path: shipmentPath(shipment.id),
        },
      },
    );
  };
  events.subscribe("quotation.accepted", "notify", (event, { eventId }) =>
    toAgent(
      eventId,
      event,
      (shipment) =>
        event.awardReason === undefined
          ? text("quotationAccepted", { ...shipment, service: event.service })
          : text("quotationAwarded", {
              ...shipment,
              reason: event.awardReason,
              service: event.service,
            }),
      (shipmentId) => text("quotationAcceptedSubject", { shipmentId }),
    ),
  );
  events.subscribe("quotation.declined", "notify", (event, { eventId }) =>
    toAgent(
      eventId,
      event,
      (shipment) => text("quotationDeclined", { ...shipment, reason: event.reason }),
      (shipmentId) => text("quotationDeclinedSubject", { shipmentId }),
    ),
  );
  events.subscribe("quotation.cancelled", "notify", (event, { eventId }) =>
    toAgent(
      eventId,
      event,
      (shipment) => text("quotationCancelled", { ...shipment, reason: event.reason }),
      (shipmentId) => text("quotationCancelledSubject", { shipmentId }),
    ),
  );

  // The other bidders hear how the bidding ended and why (the seller's reason, or "lowest total
  // of N bids"); the winner hears it in the acceptance's own notification, so once.
  events.subscribe("bidding.awarded", "notify", async (event, { eventId }) => {
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
          content: text("awardLost", { ...about(shipment), reason: event.reason }),
        })),
      {
        eventId,
        email: {
          subject: text("awardSubject", { shipmentId: shipment.id }),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });

  // The agent of an expired quote hears the seller's request to re-confirm it, the seller the answer.
  events.subscribe("quotation.reconfirm_requested", "notify", async (event, { eventId }) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    await notifications.notify(
      [
        {
          userId: event.agentId,
          actorId: event.sellerId,
          notificationType: "Shipment",
          shipmentId: shipment.id,
          content: text("reconfirmRequested", about(shipment)),
        },
      ],
      {
        eventId,
        email: {
          subject: text("reconfirmRequestedSubject", { shipmentId: shipment.id }),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });

  events.subscribe("quotation.reconfirmed", "notify", async (event, { eventId }) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const [agent] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, event.agentId))
      .limit(1);
    const agentName = agent ? `${agent.firstName} ${agent.lastName}`.trim() : null;
    await notifications.notify(
      [
        {
          userId: event.sellerId,
          actorId: event.agentId,
          notificationType: "Shipment",
          shipmentId: shipment.id,
          content:
            event.validUntil === null
              ? text("reconfirmDeclined", { ...about(shipment), agentName })
              : text("reconfirmed", {
                  ...about(shipment),
                  agentName,
                  validUntil: event.validUntil,
                }),
        },
      ],
      {
        eventId,
        email: {
          subject: text("reconfirmAnsweredSubject", { shipmentId: shipment.id }),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });
}

/**
 * Notifications of a shipment's status. Each change has exactly one source event: status changes
 * that a more specific event already announces (new bid, bidding closed, accepted, declined or
 * cancelled by the seller) are not announced twice.
 */
export function registerShipmentStatusSubscribers(events: EventBus, deps: NotifyDeps): void {
  const { db, notifications } = deps;
  events.subscribe("shipment.status_changed", "notify", async (event, { eventId }) => {
    if (
      event.status === "Quotation Received" ||
      event.status === "Quotation Approved" ||
      event.status === "Quotation Accepted" ||
      (event.status === "Shipment Cancelled" && event.byUserId === event.sellerId)
    ) {
      return;
    }
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const userIds = new Set([event.sellerId, event.agentId ?? shipment.agentId]);
    userIds.delete(event.byUserId);
    userIds.delete(null);
    const content = text("statusChanged", { ...about(shipment), status: event.status });
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
          subject: text("statusChangedSubject", {
            shipmentId: shipment.id,
            status: event.status,
          }),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });

  // An order completed with destinations not delivered: its seller and every admin are told which
  // ones and why (each once, the one who completed it aside), by email too.
  events.subscribe("shipment.completed_undelivered", "notify", async (event, { eventId }) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const userIds = new Set([event.sellerId, ...(await activeAdminIds(db))]);
    userIds.delete(event.byUserId);
    const content = text("completedUndelivered", {
      ...about(shipment),
      destinations: event.destinations,
      reason: event.reason === null ? null : quote(event.reason),
    });
    await notifications.notify(
      [...userIds].map((userId) => ({
        userId,
        actorId: event.byUserId,
        notificationType: "Shipment" as const,
        shipmentId: shipment.id,
        content,
      })),
      {
        eventId,
        email: {
          subject: text("completedUndeliveredSubject", { shipmentId: shipment.id }),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });
}
