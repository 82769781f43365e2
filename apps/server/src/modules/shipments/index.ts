import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { plainJson } from "../../lib/route-schemas.js";
import { comparisonRoutes } from "./comparison.routes.js";
import { quotationRoutes } from "./quotations.routes.js";
import { shipmentRoutes } from "./shipments.routes.js";
import type { ShipmentDeps } from "./shipments.service.js";

export { biddingWindowJob } from "./shipments.jobs.js";
export { closeDueBidding } from "./bidding-window.js";
export { findPackage, setFinalAmount, updatePackageTracking } from "./shipments.repository.js";
export { countSellerShipments } from "./seller-counts.repository.js";
export { getShipment } from "./shipments.service.js";
export type { ShipmentDeps } from "./shipments.service.js";
export {
  registerBiddingSubscribers,
  registerShipmentStatusSubscribers,
} from "./shipments.subscribers.js";

/**
 * The shipment aggregate (mounted under /api): shipments and the quotations bid on them. Every
 * read and change first closes a bid window that has passed (see bidding-window.ts).
 */
export default async function shipmentsModule(
  app: FastifyInstance,
  { services }: { services: { shipments: ShipmentDeps; config: Pick<Config, "NODE_ENV"> } },
): Promise<void> {
  app.setSerializerCompiler(plainJson(services.config));
  await shipmentRoutes(app, services.shipments);
  await quotationRoutes(app, services.shipments);
  await comparisonRoutes(app, services.shipments);
}
