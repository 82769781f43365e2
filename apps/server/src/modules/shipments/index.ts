import type { FastifyInstance } from "fastify";
import { shipmentRoutes } from "./shipments.routes.js";

/** Routes of the shipments module (mounted under /api). */
export default async function shipmentsModule(app: FastifyInstance): Promise<void> {
  await shipmentRoutes(app);
}
