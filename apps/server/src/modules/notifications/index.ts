import type { FastifyInstance } from "fastify";
import { notificationRoutes } from "./notifications.routes.js";
import type { NotificationService } from "./notifications.service.js";

/** Routes of the notifications module (mounted under /api); its rules are in each module's subscribers. */
export default async function notificationsModule(
  app: FastifyInstance,
  { services }: { services: { notifications: NotificationService } },
): Promise<void> {
  await notificationRoutes(app, services.notifications);
}
