import type { FastifyInstance } from "fastify";
import type { EventBus } from "../../lib/events.js";
import { rooms, type RealtimeHub } from "../../realtime/hub.js";
import { announcementRoutes } from "./announcements.routes.js";
import type { AnnouncementService } from "./announcements.service.js";

interface AnnouncementModuleServices {
  announcements: AnnouncementService;
  events: EventBus;
  hub: RealtimeHub;
}

/** Routes of the announcements module (mounted under /api) and their live broadcast. */
export default async function announcementsModule(
  app: FastifyInstance,
  { services }: { services: AnnouncementModuleServices },
): Promise<void> {
  const service = services.announcements;
  services.events.on("announcement.created", async (event) => {
    const announcement = await service.get(event.announcementId);
    // The sender already has it from the POST response; every other open socket gets it live.
    services.hub.publish(
      rooms.announcements,
      { event_type: "announcement_created", data: announcement },
      { excludeUserId: event.senderId },
    );
  });
  await announcementRoutes(app, service);
}
