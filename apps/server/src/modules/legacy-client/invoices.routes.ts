import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createInvoiceInputSchema,
  invoiceQuerySchema,
  invoiceSchema,
  legacyClientMessages as messages,
  nestedListEnvelopeSchema,
} from "@fba/contract";
import { created, nestedList } from "../../lib/http.js";
import { bearer, createdResponse } from "../../lib/route-schemas.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import type { InvoiceService } from "./invoices.service.js";

const tags = ["existing client"];

/** I1-I2: the order's customer invoice. */
export async function invoiceRoutes(
  base: FastifyInstance,
  invoices: InvoiceService,
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/invoices/",
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        security: bearer,
        summary: "I1: the order's invoice once issued (a nested list of at most one)",
        querystring: invoiceQuerySchema,
        response: { 200: nestedListEnvelopeSchema(invoiceSchema) },
      },
    },
    async (request, reply) => {
      const rows = await invoices.list(currentUser(request), request.query.shipment_id);
      return nestedList(reply, {
        rows,
        count: rows.length,
        page: request.query.page,
        perPage: request.query.per_page,
      });
    },
  );

  app.post(
    "/invoices/",
    {
      onRequest: requireAuth(app, "Shipper", "Admin"),
      schema: {
        tags,
        security: bearer,
        summary:
          "I2: the winning agent (or an admin) issues the order's invoice to its seller, confirming whom it bills",
        body: createInvoiceInputSchema,
        response: createdResponse(invoiceSchema),
      },
    },
    async (request, reply) =>
      created(
        reply,
        await invoices.create(currentUser(request), request.body),
        messages.invoiceCreated,
      ),
  );
}
