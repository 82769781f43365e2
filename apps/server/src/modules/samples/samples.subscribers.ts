import { notificationText as text } from "../../lib/i18n/notifications.js";
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
        content: text("newSample", { sampleId: sample.id, product: sample.productName }),
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
          content: text("sampleCompleted", { sampleId: sample.id, product: sample.productName }),
        },
      ],
      {
        eventId,
        email: {
          subject: text("sampleCompletedSubject", { sampleId: sample.id }),
          path: "/seller/booking/sampleshipments",
        },
      },
    );
  });
}
