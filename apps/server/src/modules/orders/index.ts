import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import { DOCUMENT_MAX_BYTES } from "@fba/contract";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { EventBus } from "../../lib/events.js";
import { plainJson } from "../../lib/route-schemas.js";
import type { SignedUrlSigner } from "../../lib/signed-urls.js";
import type { FileStorage } from "../../lib/storage.js";
import { differentFcRoutes } from "./different-fc.routes.js";
import type { DifferentFcService } from "./different-fc.service.js";
import { documentRoutes } from "./documents.routes.js";
import type { DocumentService } from "./documents.service.js";
import { legRoutes } from "./legs.routes.js";
import type { LegService } from "./legs.service.js";

export { DifferentFcService } from "./different-fc.service.js";
export { downloadName } from "./documents.presenter.js";
export { markDocumentRemoved, proofsOfDelivery } from "./documents.repository.js";
export type { DocumentRow } from "./documents.repository.js";
export { DocumentService } from "./documents.service.js";
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
export type { LegRow } from "./legs.repository.js";
export { legsAttentionOf, undeliveredLegs } from "./leg-analytics.repository.js";
export { LegService } from "./legs.service.js";
export { uploadIntentSweepJob } from "./orders.jobs.js";
export {
  registerOrderNotificationSubscribers,
  registerOrderSubscribers,
} from "./orders.subscribers.js";

interface OrdersModuleServices {
  legs: LegService;
  documents: DocumentService;
  documentSigner: SignedUrlSigner;
  differentFc: DifferentFcService;
  events: EventBus;
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  config: Pick<Config, "NODE_ENV" | "REQUEST_TIMEOUT_MS">;
}

/**
 * After the award (mounted under /api): an accepted order's legs, one per Amazon destination,
 * their milestones and proof of delivery, and the order's typed documents. It reads shipments;
 * shipments know nothing of it.
 */
export default async function ordersModule(
  app: FastifyInstance,
  { services }: { services: OrdersModuleServices },
): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  app.setSerializerCompiler(plainJson(services.config));
  await legRoutes(app, services.legs);
  await differentFcRoutes(app, services.differentFc);
  await documentRoutes(app, services.documents, services.documentSigner);
}
