import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import type { EventBus } from "../../lib/events.js";
import { registerAwardNotificationListeners } from "../shipments/award-notifications.js";
import { registerNotificationListeners } from "./notification-listeners.js";
import { notificationRoutes } from "./notifications.routes.js";
import type { NotificationService } from "./notifications.service.js";

/** Routes of the notifications module (mounted under /api) and the listeners that feed it. */
export default async function notificationsModule(
  app: FastifyInstance,
  { services }: { services: { notifications: NotificationService; events: EventBus; db: Db } },
): Promise<void> {
  registerNotificationListeners(services.events, services.db, services.notifications);
  registerAwardNotificationListeners(services.events, services.db, services.notifications);
  await notificationRoutes(app, services.notifications);
}
