import type { FastifyInstance } from "fastify";
import { sampleShipmentRoutes } from "./sample-shipments.routes.js";

/** Sample shipments: sellers request them, agents and admins deliver and complete them. */
export default async function sampleShipmentsModule(app: FastifyInstance): Promise<void> {
  await app.register(sampleShipmentRoutes);
}
