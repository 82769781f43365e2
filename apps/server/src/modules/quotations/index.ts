import type { FastifyInstance } from "fastify";
import type { ShipmentDeps } from "../shipments/shipments.service.js";
import { quotationRoutes } from "./quotations.routes.js";

/** Routes of the quotations module (mounted under /api). */
export default async function quotationsModule(
  app: FastifyInstance,
  { services }: { services: { shipments: ShipmentDeps } },
): Promise<void> {
  await quotationRoutes(app, services.shipments);
}
