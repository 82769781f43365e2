import type { FastifyInstance } from "fastify";
import { sampleShipmentRoutes } from "./sample-shipments.routes.js";
import type { SampleShipmentService } from "./sample-shipments.service.js";

export { SampleShipmentService } from "./sample-shipments.service.js";
export { registerSampleSubscribers } from "./sample-shipments.subscribers.js";

/** Sample shipments: sellers request them, agents and admins deliver and complete them. */
export default async function sampleShipmentsModule(
  app: FastifyInstance,
  { services }: { services: { samples: SampleShipmentService } },
): Promise<void> {
  await app.register(sampleShipmentRoutes, { service: services.samples });
}
