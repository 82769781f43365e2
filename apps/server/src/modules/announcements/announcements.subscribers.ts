import { notificationText as text } from "../../lib/i18n/notifications.js";
import type { EventBus } from "../../lib/events.js";
import { announcementSummary } from "../notifications/index.js";
import type { NotifyDeps } from "../notifications/index.js";

/**
 * An announcement notifies every active user but its sender; every admin hears that sellers'
 * announcements reached the platform's hourly cap.
 */
export function registerAnnouncementSubscribers(events: EventBus, deps: NotifyDeps): void {
  const { db, notifications } = deps;
  events.subscribe("announcement.created", "notify", async (event, { eventId }) => {
    const announcement = await announcementSummary(db, event.announcementId);
    if (!announcement) return;
    await notifications.notifyActiveUsers(
      { exceptId: event.senderId },
      {
        actorId: event.senderId,
        notificationType: "Announcement",
        announcementId: announcement.id,
        content: text("announcement", {
          title: announcement.title,
          message: announcement.message,
        }),
      },
      eventId,
    );
  });

  events.subscribe("announcement.cap_reached", "notify", async ({ max }, { eventId }) => {
    await notifications.notifyActiveUsers(
      { group: "Admin" },
      {
        actorId: null,
        notificationType: "Announcement",
        content: text("announcementCapReached", { max }),
      },
      eventId,
    );
  });
}
