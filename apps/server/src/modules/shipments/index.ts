import type { FastifyInstance } from "fastify";
import { shipmentRoutes } from "./shipments.routes.js";
import type { ShipmentDeps } from "./shipments.service.js";

/** Routes of the shipments module (mounted under /api). */
export default async function shipmentsModule(
  app: FastifyInstance,
  { services }: { services: { shipments: ShipmentDeps } },
): Promise<void> {
  await shipmentRoutes(app, services.shipments);
}
