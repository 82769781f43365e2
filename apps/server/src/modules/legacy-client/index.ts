import type { FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import { DOCUMENT_MAX_BYTES } from "@fba/contract";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { plainJson } from "../../lib/route-schemas.js";
import type { SignedUrlSigner } from "../../lib/signed-urls.js";
import type { DocumentService } from "../documents/index.js";
import type { ShipmentService } from "../shipments/index.js";
import { invoiceRoutes } from "./invoices.routes.js";
import type { InvoiceService } from "./invoices.service.js";
import { sellerRoutes } from "./seller.routes.js";
import { warehouseRowRoutes } from "./warehouse-rows.routes.js";
import type { WarehouseRowService } from "./warehouse-rows.service.js";

export { InvoiceService } from "./invoices.service.js";
export { WarehouseRowService } from "./warehouse-rows.service.js";

interface LegacyClientServices {
  db: Db;
  shipments: ShipmentService;
  warehouseRows: WarehouseRowService;
  invoices: InvoiceService;
  documents: DocumentService;
  documentSigner: SignedUrlSigner;
  config: Pick<Config, "NODE_ENV">;
}

/**
 * The existing web client's later screens (API-CONTRACT section 7), mounted under /api: warehouse
 * rows, package tracking, the customer invoice and two seller views. Each is a thin view of the
 * product's own model (an order's legs, documents and shipments), read and changed through the
 * orders and shipments modules. Its average-cost calls are the average-costs module's routes.
 */
export default async function legacyClientModule(
  app: FastifyInstance,
  { services }: { services: LegacyClientServices },
): Promise<void> {
  // Only W4's proof of delivery comes as multipart here, within an order document's limits.
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  app.setSerializerCompiler(plainJson(services.config));
  await warehouseRowRoutes(app, {
    db: services.db,
    rows: services.warehouseRows,
    documents: services.documents,
    signer: services.documentSigner,
  });
  await invoiceRoutes(app, services.invoices);
  await sellerRoutes(app, services);
}
