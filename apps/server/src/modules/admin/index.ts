import type { FastifyInstance } from "fastify";
import { adminRoutes } from "./admin.routes.js";
import type { AdminService } from "./admin.service.js";

export { AdminService } from "./admin.service.js";

/** Admin powers over accounts and the admin dashboard (bidding powers live with shipments). */
export default async function adminModule(
  app: FastifyInstance,
  { services }: { services: { admin: AdminService } },
): Promise<void> {
  await app.register(adminRoutes, { service: services.admin });
}
