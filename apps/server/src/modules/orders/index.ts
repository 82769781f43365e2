import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import type { EventBus } from "../../lib/events.js";
import { plainJson } from "../../lib/route-schemas.js";
import { legRoutes } from "./legs.routes.js";
import type { LegService } from "./legs.service.js";

/**
 * After the award (mounted under /api): an accepted order's legs, one per Amazon destination,
 * and their milestones. It reads shipments; shipments know nothing of it.
 */
export default async function ordersModule(
  app: FastifyInstance,
  {
    services,
  }: { services: { legs: LegService; events: EventBus; config: Pick<Config, "NODE_ENV"> } },
): Promise<void> {
  // The seller's acceptance books every leg; a read creates them too if this has not run yet.
  services.events.on("quotation.accepted", ({ shipmentId }) =>
    services.legs.open(shipmentId, new Date()),
  );
  app.setSerializerCompiler(plainJson(services.config));
  await legRoutes(app, services.legs);
}
