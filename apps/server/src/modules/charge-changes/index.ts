import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { plainJson } from "../../lib/route-schemas.js";
import { chargeChangeRoutes } from "./charge-changes.routes.js";
import type { ChargeChangeService } from "./charge-changes.service.js";

export { eventsOf, findChargeChange, findOrderDocument } from "./charge-changes.repository.js";
export { ChargeChangeService, noteFinalAmount } from "./charge-changes.service.js";
export { registerChargeChangeSubscribers } from "./charge-changes.subscribers.js";

/**
 * Final amounts above the accepted bid (mounted under /api): the seller accepts or disputes, an
 * admin decides. The charge change itself is written in the transaction of the shipments' Add info
 * call, which the composition root hands noteFinalAmount.
 */
export default async function chargeChangesModule(
  app: FastifyInstance,
  {
    services,
  }: { services: { chargeChanges: ChargeChangeService; config: Pick<Config, "NODE_ENV"> } },
): Promise<void> {
  app.setSerializerCompiler(plainJson(services.config));
  await chargeChangeRoutes(app, services.chargeChanges);
}
