import {
  awardNotificationTexts as awardTexts,
  chargeChangeTexts as chargeTexts,
  completionTexts,
  undeliveredList,
  MILESTONE_LABELS,
  differentFcTexts,
  documentNotificationTexts,
  milestoneNotificationTexts,
  notificationTexts as t,
  type Milestone,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import type { EventBus } from "../../lib/events.js";
import type { NotificationService } from "./notifications.service.js";
import * as repo from "./notifications.repository.js";

const shipmentPath = (id: number) => `/shipments/${id}`;

/** Words of a user quoted in a notification, cut to a line. */
const quote = (words: string) => (words.length > 200 ? `${words.slice(0, 199)}…` : words);

/**
 * Turns domain events into notifications. Each shipment change has exactly one source event:
 * status changes that a more specific event already announces (new bid, bidding closed,
 * accepted, declined or cancelled by the seller) are not announced twice.
 */
export function registerNotificationListeners(
  events: EventBus,
  db: Db,
  notifications: NotificationService,
): void {
  // Bids are sealed while the window is open: the seller is not told who bid.
  events.on("quotation.created", async (event) => {
    const shipment = await repo.shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    await notifications.notify([
      {
        userId: event.sellerId,
        actorId: null,
        notificationType: "Shipment",
        shipmentId: shipment.id,
        content: t.newBid(shipment.id, shipment.productName),
      },
    ]);
  });

  // The seller hears how the window ended, the winner that they won, every other bidder that
  // their bid did not win.
  events.on("bidding.closed", async (event) => {
    const shipment = await repo.shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const base = { notificationType: "Shipment" as const, shipmentId: shipment.id };
    const items: repo.NewNotification[] = [
      event.winnerAgentId !== null
        ? {
            ...base,
            userId: event.sellerId,
            content: t.biddingClosedSeller(shipment.id, shipment.productName),
          }
        : {
            ...base,
            userId: event.sellerId,
            kind: "no_bids",
            content: t.biddingClosedNoBids(shipment.id, shipment.productName),
          },
    ];
    if (event.winnerAgentId !== null) {
      items.push({
        ...base,
        userId: event.winnerAgentId,
        content: t.biddingWon(shipment.id, shipment.productName),
      });
    }
    for (const loserId of new Set(event.loserAgentIds)) {
      items.push({
        ...base,
        userId: loserId,
        kind: "bid_lost",
        content: t.bidLost(shipment.id, shipment.productName),
      });
    }
    await notifications.notify(items, {
      email: {
        subject: `Bidding closed for shipment #${shipment.id}`,
        path: shipmentPath(shipment.id),
      },
    });
  });

  const toAgent = async (
    event: { shipmentId: number; agentId: number; sellerId: number },
    content: (id: number, product: string) => string,
    subject: string,
  ) => {
    const shipment = await repo.shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    await notifications.notify(
      [
        {
          userId: event.agentId,
          actorId: event.sellerId,
          notificationType: "Shipment",
          shipmentId: shipment.id,
          content: content(shipment.id, shipment.productName),
        },
      ],
      {
        email: {
          subject: `${subject} (shipment #${shipment.id})`,
          path: shipmentPath(shipment.id),
        },
      },
    );
  };
  events.on("quotation.accepted", (event) =>
    toAgent(
      event,
      (id, product) =>
        event.awardReason === undefined
          ? t.quotationAccepted(id, product, event.service)
          : awardTexts.won(id, product, event.awardReason, event.service),
      "Quotation accepted",
    ),
  );
  events.on("quotation.declined", (event) =>
    toAgent(
      event,
      (id, product) => t.quotationDeclined(id, product, event.reason),
      "Quotation declined",
    ),
  );
  events.on("quotation.cancelled", (event) =>
    toAgent(
      event,
      (id, product) => t.quotationCancelled(id, product, event.reason),
      "Winning bid cancelled",
    ),
  );

  events.on("shipment.status_changed", async (event) => {
    if (
      event.status === "Quotation Received" ||
      event.status === "Quotation Approved" ||
      event.status === "Quotation Accepted" ||
      (event.status === "Shipment Cancelled" && event.byUserId === event.sellerId)
    ) {
      return;
    }
    const shipment = await repo.shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const userIds = new Set([event.sellerId, event.agentId ?? shipment.agentId]);
    userIds.delete(event.byUserId);
    userIds.delete(null);
    await notifications.notify(
      [...userIds].map((userId) => ({
        userId: userId as number,
        actorId: event.byUserId,
        notificationType: "Shipment" as const,
        shipmentId: shipment.id,
        content: t.statusChanged(shipment.id, shipment.productName, event.status),
      })),
      {
        email: {
          subject: `Shipment #${shipment.id} is now ${event.status}`,
          path: shipmentPath(shipment.id),
        },
      },
    );
  });

  // An order completed with destinations not delivered: its seller and every admin are told which
  // ones and why (each once, the one who completed it aside), by email too.
  events.on("shipment.completed_undelivered", async (event) => {
    const shipment = await repo.shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const userIds = new Set([event.sellerId, ...(await repo.activeAdminIds(db))]);
    userIds.delete(event.byUserId);
    const content = completionTexts.undelivered(
      shipment.id,
      shipment.productName,
      undeliveredList(event.destinations),
      event.reason === null ? null : quote(event.reason),
    );
    await notifications.notify(
      [...userIds].map((userId) => ({
        userId,
        actorId: event.byUserId,
        notificationType: "Shipment" as const,
        shipmentId: shipment.id,
        content,
      })),
      {
        email: {
          subject: completionTexts.undeliveredSubject(shipment.id),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });

  // A milestone (or its correction) goes to the order's other parties, live and by email unless
  // they turned milestone emails off.
  events.on("leg.milestone_recorded", async (event) => {
    const shipment = await repo.shipmentSummary(db, event.shipmentId);
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
  events.on("document.uploaded", async (event) => {
    const shipment = await repo.shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const userIds = new Set([event.sellerId, event.agentId]);
    userIds.delete(event.byUserId);
    userIds.delete(null);
    if (userIds.size === 0) return;
    const fcCode = event.legId === null ? null : await repo.legFcCode(db, event.legId);
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
        email: {
          subject: documentNotificationTexts.subject(shipment.id, event.type),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });

  // A final amount above the accepted bid: the seller is asked to answer it, a dispute goes to
  // every admin (and the agent hears of it), a decision to both parties; each by email too.
  events.on("charge_change.updated", async (event) => {
    const shipment = await repo.shipmentSummary(db, event.shipmentId);
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
    const email = (subject: string, path = shipmentPath(id)) => ({ email: { subject, path } });
    if (event.action === "proposed") {
      await notifications.notify(
        about([event.sellerId], chargeTexts.proposed(id, productName, event.detail ?? "")),
        email(chargeTexts.proposedSubject(id)),
      );
    } else if (event.action === "accepted") {
      await notifications.notify(
        about([event.agentId], chargeTexts.accepted(id, productName, event.amount)),
      );
    } else if (event.action === "disputed") {
      const content = chargeTexts.disputed(id, productName, quote(event.detail ?? ""));
      const subject = chargeTexts.disputedSubject(id);
      await notifications.notify(about([event.agentId], content), email(subject));
      const admins = await repo.activeAdminIds(db);
      await notifications.notify(about(admins, content), email(subject, "/admin/disputes"));
    } else if (event.action === "decided") {
      await notifications.notify(
        about([event.sellerId, event.agentId], chargeTexts.decided(id, productName, event.amount)),
        email(chargeTexts.decidedSubject(id)),
      );
    }
  });

  events.on("chat.message_created", async (event) => {
    await notifications.notify(
      event.recipientIds.map((userId) => ({
        userId,
        actorId: event.senderId,
        notificationType:
          event.kind === "shipment" ? ("Shipment" as const) : ("Sample Shipment" as const),
        shipmentId: event.kind === "shipment" ? event.chatId : null,
        sampleShipmentId: event.kind === "sample" ? event.chatId : null,
        chatMessageId: event.messageId,
        content: t.chatMessage(event.senderName, event.text),
      })),
    );
  });

  // A notification quotes the message as it is now: an edit changes its text, a delete removes it.
  events.on("chat.message_edited", async ({ message, senderName, text }) => {
    await notifications.rewriteChatMessage(message.id, t.chatMessage(senderName, text));
  });
  events.on("chat.message_deleted", async ({ messageId, senderName }) => {
    await notifications.rewriteChatMessage(messageId, t.chatMessageDeleted(senderName));
  });

  events.on("sample.created", async (event) => {
    const sample = await repo.sampleSummary(db, event.sampleId);
    if (!sample) return;
    await notifications.notifyActiveUsers(
      { group: "Shipper" },
      {
        actorId: event.sellerId,
        notificationType: "Sample Shipment",
        sampleShipmentId: sample.id,
        content: t.newSample(sample.id, sample.productName),
      },
    );
  });

  events.on("sample.completed", async (event) => {
    const sample = await repo.sampleSummary(db, event.sampleId);
    if (!sample) return;
    await notifications.notify(
      [
        {
          userId: sample.sellerId,
          actorId: event.byUserId,
          notificationType: "Sample Shipment",
          sampleShipmentId: sample.id,
          content: t.sampleCompleted(sample.id, sample.productName),
        },
      ],
      {
        email: {
          subject: `Sample shipment #${sample.id} completed`,
          path: "/seller/booking/sampleshipments",
        },
      },
    );
  });

  events.on("announcement.created", async (event) => {
    const announcement = await repo.announcementSummary(db, event.announcementId);
    if (!announcement) return;
    await notifications.notifyActiveUsers(
      { exceptId: event.senderId },
      {
        actorId: event.senderId,
        notificationType: "Announcement",
        announcementId: announcement.id,
        content: t.announcement(announcement.title, announcement.message).slice(0, 500),
      },
    );
  });

  // Every admin hears that sellers' announcements reached the platform's hourly cap.
  events.on("announcement.cap_reached", async ({ max }) => {
    await notifications.notifyActiveUsers(
      { group: "Admin" },
      {
        actorId: null,
        notificationType: "Announcement",
        content: t.announcementCapReached(max),
      },
    );
  });

  // A leg delivered to another FC than booked: the seller and every admin hear of it (and by
  // email); the seller hears how an admin resolved it.
  events.on("leg.different_fc_flagged", async (event) => {
    const shipment = await repo.shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    const userIds = new Set([event.sellerId, ...(await repo.activeAdminIds(db))]);
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
        email: {
          subject: `Shipment #${shipment.id} delivered to a different FC`,
          path: shipmentPath(shipment.id),
        },
      },
    );
  });
  events.on("leg.different_fc_decided", async (event) => {
    if (event.status !== "resolved" || event.byUserId === event.sellerId) return;
    const shipment = await repo.shipmentSummary(db, event.shipmentId);
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
        email: {
          subject: `Delivery to a different FC resolved (shipment #${shipment.id})`,
          path: shipmentPath(shipment.id),
        },
      },
    );
  });
}
