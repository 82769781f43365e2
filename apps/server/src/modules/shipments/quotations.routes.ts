import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createQuotationInputSchema,
  idParamsSchema,
  quotationListQuerySchema,
  quotationMessages,
  quotationSchema,
  shipmentDetailSchema,
  takeNextBidInputSchema,
  updateQuotationInputSchema,
} from "@fba/contract";
import { created, flatList, ok } from "../../lib/http.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import { bearer, createdResponse, listResponse, objectResponse } from "../../lib/route-schemas.js";
import type { QuotationService } from "./quotations.service.js";

const tags = ["quotations"];

const decisionMessages = {
  accept: quotationMessages.accepted,
  decline: quotationMessages.declined,
  cancel: quotationMessages.cancelled,
} as const;

export async function quotationRoutes(
  base: FastifyInstance,
  quotations: QuotationService,
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/shipper/quotation/",
    {
      onRequest: requireAuth(app, "Shipper"),
      schema: {
        tags,
        security: bearer,
        summary: "An agent's sealed bid (one per shipment, while the window is open)",
        body: createQuotationInputSchema,
        response: createdResponse(quotationSchema),
      },
    },
    async (request, reply) =>
      created(
        reply,
        await quotations.create(currentUser(request), request.body),
        quotationMessages.created,
      ),
  );

  app.patch(
    "/quotations/:id/",
    {
      onRequest: requireAuth(app, "Seller"),
      schema: {
        tags,
        security: bearer,
        summary: "The seller accepts, declines or cancels the winning quotation",
        params: idParamsSchema,
        body: updateQuotationInputSchema,
        response: objectResponse(shipmentDetailSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await quotations.decide(currentUser(request), request.params.id, request.body),
        decisionMessages[request.body.action],
      ),
  );

  app.post(
    "/shipments/:id/next-bid/",
    {
      onRequest: requireAuth(app, "Seller"),
      schema: {
        tags,
        security: bearer,
        summary:
          "The seller declines the winning estimate (its agent told why) and the next lowest bid becomes the estimate, its agent told",
        params: idParamsSchema,
        body: takeNextBidInputSchema,
        response: objectResponse(shipmentDetailSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await quotations.takeNextBid(currentUser(request), request.params.id, request.body.reason),
        quotationMessages.nextBidTaken,
      ),
  );

  app.get(
    "/quotations/",
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        security: bearer,
        summary: "Quotations of a shipment (sealed for the seller while bidding is open)",
        querystring: quotationListQuerySchema,
        response: listResponse(quotationSchema),
      },
    },
    async (request, reply) =>
      flatList(reply, await quotations.list(currentUser(request), request.query)),
  );
}
