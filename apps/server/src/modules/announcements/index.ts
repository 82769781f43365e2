import type { FastifyInstance } from "fastify";
import { announcementRoutes } from "./announcements.routes.js";
import type { AnnouncementService } from "./announcements.service.js";

export { AnnouncementService } from "./announcements.service.js";
export { announcementSockets } from "./announcements.socket.js";
export { registerAnnouncementSubscribers } from "./announcements.subscribers.js";

/** Routes of the announcements module (mounted under /api); they reach sockets as events. */
export default async function announcementsModule(
  app: FastifyInstance,
  { services }: { services: { announcements: AnnouncementService } },
): Promise<void> {
  await announcementRoutes(app, services.announcements);
}
