import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { plainJson } from "../../lib/route-schemas.js";
import { comparisonRoutes } from "./comparison.routes.js";
import type { ComparisonService } from "./comparison.service.js";
import { quotationRoutes } from "./quotations.routes.js";
import type { QuotationService } from "./quotations.service.js";
import type { ShipmentListReader } from "./shipment-lists.service.js";
import { shipmentRoutes } from "./shipments.routes.js";
import type { ShipmentService } from "./shipments.service.js";

export { ShipmentService, type FinalAmountNote } from "./shipments.service.js";
export { QuotationService } from "./quotations.service.js";
export { ComparisonService } from "./comparison.service.js";
export { ShipmentListReader } from "./shipment-lists.service.js";
export { biddingWindowJob } from "./shipments.jobs.js";
export { closeDueBidding } from "./bidding-window.js";
export { findPackage, setFinalAmount, updatePackageTracking } from "./shipments.repository.js";
export { countSellerShipments } from "./seller-counts.repository.js";
export {
  registerBiddingSubscribers,
  registerShipmentStatusSubscribers,
} from "./shipments.subscribers.js";

interface ShipmentsServices {
  shipments: ShipmentService;
  quotations: QuotationService;
  comparison: ComparisonService;
  shipmentLists: ShipmentListReader;
  config: Pick<Config, "NODE_ENV">;
}

/**
 * The shipment aggregate (mounted under /api): shipments and the quotations bid on them. Every
 * read and change first closes a bid window that has passed (see bidding-window.ts).
 */
export default async function shipmentsModule(
  app: FastifyInstance,
  { services }: { services: ShipmentsServices },
): Promise<void> {
  app.setSerializerCompiler(plainJson(services.config));
  await shipmentRoutes(app, { shipments: services.shipments, lists: services.shipmentLists });
  await quotationRoutes(app, services.quotations);
  await comparisonRoutes(app, services.comparison);
}
