import type { FastifyInstance } from "fastify";
import { rooms } from "../../realtime/hub.js";
import { announcementRoutes } from "./announcements.routes.js";
import { AnnouncementService } from "./announcements.service.js";

/** Routes of the announcements module (mounted under /api) and their live broadcast. */
export default async function announcementsModule(app: FastifyInstance): Promise<void> {
  const service = new AnnouncementService(app.database.db, app.events);
  app.events.on("announcement.created", async (event) => {
    const announcement = await service.get(event.announcementId);
    // The sender already has it from the POST response; every other open socket gets it live.
    app.hub.publish(
      rooms.announcements,
      { event_type: "announcement_created", data: announcement },
      { excludeUserId: event.senderId },
    );
  });
  await announcementRoutes(app, service);
}
