import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { plainJson } from "../../lib/route-schemas.js";
import { differentFcRoutes } from "./different-fc.routes.js";
import type { DifferentFcService } from "./different-fc.service.js";
import { legRoutes } from "./legs.routes.js";
import type { LegService } from "./legs.service.js";

export { DifferentFcService } from "./different-fc.service.js";
export {
  effectiveEvents,
  isLiveOrder,
  isOrder,
  orderParty,
  withSupersededBy,
} from "./legs.policy.js";
export type { Party } from "./legs.policy.js";
export {
  backsDelivery,
  chargeableWeightByFc,
  eventsOf,
  findLegOrder,
  legsOf,
  lockLeg,
  orderState,
  updateLeg,
} from "./legs.repository.js";
export type { LegRow, OrderState } from "./legs.repository.js";
export {
  legsAttentionClock,
  legsAttentionSql,
  undeliveredLegs,
} from "./leg-analytics.repository.js";
export { LegService } from "./legs.service.js";
export { registerLegNotificationSubscribers, registerLegSubscribers } from "./legs.subscribers.js";

interface LegsModuleServices {
  legs: LegService;
  differentFc: DifferentFcService;
  config: Pick<Config, "NODE_ENV">;
}

/**
 * After the award (mounted under /api): an accepted order's legs, one per Amazon destination,
 * their milestones and deliveries to a different FC. It reads shipments and the order's proofs of
 * delivery; shipments know nothing of it, and documents use it (not the other way round).
 */
export default async function legsModule(
  app: FastifyInstance,
  { services }: { services: LegsModuleServices },
): Promise<void> {
  app.setSerializerCompiler(plainJson(services.config));
  await legRoutes(app, services.legs);
  await differentFcRoutes(app, services.differentFc);
}
