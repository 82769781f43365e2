import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParamsSchema, ORDER_PDF_LABELS, ORDER_PDFS } from "@fba/contract";
import { sendStoredFile } from "../../lib/file-serving.js";
import { bearer } from "../../lib/route-schemas.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import { byUser, limitRequests } from "../../plugins/rate-limit.js";
import type { OrderPdfService } from "./order-pdfs.service.js";

/** Far above what a person downloads; each PDF is built on request. */
const PDFS_PER_WINDOW = 60;
const PDF_WINDOW_MS = 10 * 60_000;

const summaries = {
  confirmation:
    "The order confirmation PDF (once the seller accepted a bid), for the order's parties",
  statement:
    "The final statement PDF (once the order is completed): bid, final amount, any charge change and its decision, deliveries per FC",
} as const;

export async function orderPdfRoutes(
  base: FastifyInstance,
  orderPdfs: OrderPdfService,
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const limits = limitRequests(app, {
    name: "order-pdf-user",
    max: PDFS_PER_WINDOW,
    windowMs: PDF_WINDOW_MS,
    key: byUser,
  });

  for (const kind of ORDER_PDFS) {
    app.get(
      `/shipments/:id/${kind}.pdf`,
      {
        onRequest: requireAuth(app, "Seller", "Shipper", "Admin"),
        preHandler: limits,
        schema: {
          tags: ["orders"],
          security: bearer,
          summary: summaries[kind],
          description: `${ORDER_PDF_LABELS[kind]}: application/pdf, downloaded as an attachment.`,
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await orderPdfs.pdf(currentUser(request), request.params.id, kind);
        return sendStoredFile(reply, {
          mimeType: "application/pdf",
          sizeBytes: file.bytes.length,
          name: file.fileName,
          stream: file.bytes,
          cacheControl: "private, no-store",
        });
      },
    );
  }
}
