import type { FastifyInstance } from "fastify";
import { orderPdfRoutes } from "./order-pdfs.routes.js";
import type { OrderPdfService } from "./order-pdfs.service.js";

export { OrderPdfService } from "./order-pdfs.service.js";

/**
 * The order's PDFs (mounted under /api): a confirmation and a final statement, built from the
 * order, its charge change (charge-changes) and its legs (orders), which it reads and never
 * changes.
 */
export default async function orderPdfsModule(
  app: FastifyInstance,
  { services }: { services: { orderPdfs: OrderPdfService } },
): Promise<void> {
  await orderPdfRoutes(app, services.orderPdfs);
}
