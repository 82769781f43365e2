import { notificationTexts as t } from "@fba/contract";
import type { EventBus } from "../../lib/events.js";
import { sampleSummary } from "../notifications/index.js";
import type { NotifyDeps } from "../notifications/index.js";

/** A new sample request goes to every agent; its seller hears when it is completed (by email too). */
export function registerSampleSubscribers(events: EventBus, deps: NotifyDeps): void {
  const { db, notifications } = deps;
  events.subscribe("sample.created", "notify", async (event, { eventId }) => {
    const sample = await sampleSummary(db, event.sampleId);
    if (!sample) return;
    await notifications.notifyActiveUsers(
      { group: "Shipper" },
      {
        actorId: event.sellerId,
        notificationType: "Sample Shipment",
        sampleShipmentId: sample.id,
        content: t.newSample(sample.id, sample.productName),
      },
      eventId,
    );
  });

  events.subscribe("sample.completed", "notify", async (event, { eventId }) => {
    const sample = await sampleSummary(db, event.sampleId);
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
        eventId,
        email: {
          subject: `Sample shipment #${sample.id} completed`,
          path: "/seller/booking/sampleshipments",
        },
      },
    );
  });
}
