import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  awardInputSchema,
  comparisonMessages,
  comparisonSchema,
  idParamsSchema,
  quotationSchema,
  reconfirmInputSchema,
  shipmentDetailSchema,
} from "@fba/contract";
import { ok } from "../../lib/http.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import { bearer, objectResponse } from "../../lib/route-schemas.js";
import { cachedAnswer } from "../../plugins/cached-answer.js";
import type { ComparisonService } from "./comparison.service.js";

const tags = ["quotations"];

/** The seller's comparison of bids, the award with a reason, and re-confirming expired quotes. */
export async function comparisonRoutes(
  base: FastifyInstance,
  comparison: ComparisonService,
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/shipments/:id/comparison/",
    {
      onRequest: requireAuth(app, "Seller", "Admin"),
      schema: {
        tags,
        security: bearer,
        summary: "Every bid side by side with the agents' scorecards, once bidding closes",
        params: idParamsSchema,
        response: objectResponse(comparisonSchema),
      },
    },
    async (request, reply) =>
      cachedAnswer(app, request, reply, async () =>
        String(
          reply.serialize(ok(reply, await comparison.get(currentUser(request), request.params.id))),
        ),
      ),
  );

  app.post(
    "/shipments/:id/award/",
    {
      onRequest: requireAuth(app, "Seller"),
      schema: {
        tags,
        security: bearer,
        summary: "The seller accepts a bid of their choice with a reason, in the approval window",
        params: idParamsSchema,
        body: awardInputSchema,
        response: objectResponse(shipmentDetailSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await comparison.award(currentUser(request), request.params.id, request.body),
        comparisonMessages.awarded,
      ),
  );

  app.post(
    "/quotations/:id/reconfirm-request/",
    {
      onRequest: requireAuth(app, "Seller"),
      schema: {
        tags,
        security: bearer,
        summary: "The seller asks the agent of an expired quotation to re-confirm it",
        params: idParamsSchema,
        response: objectResponse(quotationSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await comparison.requestReconfirmation(currentUser(request), request.params.id),
        comparisonMessages.reconfirmRequested,
      ),
  );

  app.post(
    "/quotations/:id/reconfirm/",
    {
      onRequest: requireAuth(app, "Shipper"),
      schema: {
        tags,
        security: bearer,
        summary: "The agent extends an expired quotation's validity, or declines, when asked",
        params: idParamsSchema,
        body: reconfirmInputSchema,
        response: objectResponse(quotationSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await comparison.answerReconfirmation(
          currentUser(request),
          request.params.id,
          request.body,
        ),
        request.body.action === "extend"
          ? comparisonMessages.reconfirmed
          : comparisonMessages.reconfirmDeclined,
      ),
  );
}
