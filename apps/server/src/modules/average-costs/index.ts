import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { plainJson } from "../../lib/route-schemas.js";
import { averageCostRoutes } from "./average-costs.routes.js";
import type { AverageCostService } from "./average-costs.service.js";

export { AverageCostService } from "./average-costs.service.js";

/**
 * Agents' average costs per FC and the estimate they give a booking (mounted under /api), for both
 * clients: the existing client's table (API-CONTRACT section 7, AC1-AC5) and the seller's booking
 * form call the same routes.
 */
export default async function averageCostsModule(
  app: FastifyInstance,
  {
    services,
  }: { services: { averageCosts: AverageCostService; config: Pick<Config, "NODE_ENV"> } },
): Promise<void> {
  app.setSerializerCompiler(plainJson(services.config));
  await averageCostRoutes(app, services.averageCosts);
}
