import type { FastifyInstance } from "fastify";
import { adminRoutes } from "./admin.routes.js";

/** Admin powers over accounts and the admin dashboard (bidding powers live with shipments). */
export default async function adminModule(app: FastifyInstance): Promise<void> {
  await app.register(adminRoutes);
}
