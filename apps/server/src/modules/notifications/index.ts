import type { FastifyInstance } from "fastify";
import { notificationRoutes } from "./notifications.routes.js";
import type { NotificationService } from "./notifications.service.js";

export {
  activeAdminIds,
  announcementSummary,
  deleteAnnouncementNotifications,
  legFcCode,
  sampleSummary,
  shipmentSummary,
} from "./notifications.repository.js";
export { NotificationService } from "./notifications.service.js";
export type { NewNotification } from "./notifications.service.js";
export { notificationSockets } from "./notifications.socket.js";
export { quote, shipmentPath } from "./notify-helpers.js";
export type { NotifyDeps } from "./notify-helpers.js";

/** Routes of the notifications module (mounted under /api); its rules are in each module's subscribers. */
export default async function notificationsModule(
  app: FastifyInstance,
  { services }: { services: { notifications: NotificationService } },
): Promise<void> {
  await notificationRoutes(app, services.notifications);
}
