import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { plainJson } from "../../lib/route-schemas.js";
import { chargeChangeRoutes } from "./charge-changes.routes.js";
import type { ChargeChangeService } from "./charge-changes.service.js";

/**
 * Final amounts above the accepted bid (mounted under /api): the seller accepts or disputes, an
 * admin decides. The charge change itself is written by the shipments' Add info call, in its
 * transaction (noteFinalAmount).
 */
export default async function disputesModule(
  app: FastifyInstance,
  {
    services,
  }: { services: { chargeChanges: ChargeChangeService; config: Pick<Config, "NODE_ENV"> } },
): Promise<void> {
  app.setSerializerCompiler(plainJson(services.config));
  await chargeChangeRoutes(app, services.chargeChanges);
}
