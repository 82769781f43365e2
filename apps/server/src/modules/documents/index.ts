import type { FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import { DOCUMENT_MAX_BYTES } from "@fba/contract";
import type { Config } from "../../config.js";
import { plainJson } from "../../lib/route-schemas.js";
import type { SignedUrlSigner } from "../../lib/signed-urls.js";
import { documentRoutes } from "./documents.routes.js";
import type { DocumentService } from "./documents.service.js";

export { downloadName } from "./documents.presenter.js";
export { markDocumentRemoved, proofsOfDelivery } from "./documents.repository.js";
export type { DocumentRow } from "./documents.repository.js";
export { DocumentService } from "./documents.service.js";
export { uploadIntentSweepJob } from "./documents.jobs.js";
export { registerDocumentNotificationSubscribers } from "./documents.subscribers.js";

interface DocumentsModuleServices {
  documents: DocumentService;
  documentSigner: SignedUrlSigner;
  config: Pick<Config, "NODE_ENV">;
}

/**
 * An order's typed documents (mounted under /api): upload, list, signed download and removal,
 * proofs of delivery among them. It asks the legs' face for the order and who is party to it.
 */
export default async function documentsModule(
  app: FastifyInstance,
  { services }: { services: DocumentsModuleServices },
): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  app.setSerializerCompiler(plainJson(services.config));
  await documentRoutes(app, services.documents, services.documentSigner);
}
