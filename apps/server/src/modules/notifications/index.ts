import type { FastifyInstance } from "fastify";
import { registerNotificationListeners } from "./notification-listeners.js";
import { notificationRoutes } from "./notifications.routes.js";
import { NotificationService } from "./notifications.service.js";

// Keyed by the hub (one per app) so the routes, the listeners and the socket gateway share one.
const services = new WeakMap<object, NotificationService>();

export function notificationServiceFor(app: FastifyInstance): NotificationService {
  let service = services.get(app.hub);
  if (!service) {
    service = new NotificationService(app.database.db, app.hub, app.config.PUBLIC_URL);
    services.set(app.hub, service);
  }
  return service;
}

/** Routes of the notifications module (mounted under /api) and the listeners that feed it. */
export default async function notificationsModule(app: FastifyInstance): Promise<void> {
  const service = notificationServiceFor(app);
  registerNotificationListeners(app.events, app.database.db, service);
  await notificationRoutes(app, service);
}
