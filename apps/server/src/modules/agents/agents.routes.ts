import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  agentProfileSchema,
  agentRatingSchema,
  agentRatingsQuerySchema,
  createRatingInputSchema,
  idParamsSchema,
  ratingMessages,
  ratingReplyInputSchema,
  scorecardSummarySchema,
  shipmentRatingOrEmptySchema,
} from "@fba/contract";
import { created, flatList, ok } from "../../lib/http.js";
import { bearer, createdResponse, listResponse, objectResponse } from "../../lib/route-schemas.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import type { AgentService } from "./agents.service.js";

export async function agentRoutes(base: FastifyInstance, agents: AgentService): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["agents"];

  app.get(
    "/agents/:id/",
    {
      onRequest: requireAuth(app, "Seller", "Shipper", "Admin"),
      schema: {
        tags,
        security: bearer,
        summary:
          "An agent's profile with its scorecard (sellers, admins, the agent itself; never bid amounts)",
        params: idParamsSchema,
        response: objectResponse(agentProfileSchema),
      },
    },
    async (request, reply) =>
      ok(reply, await agents.profile(currentUser(request), request.params.id)),
  );

  app.get(
    "/agents/:id/scorecard/",
    {
      onRequest: requireAuth(app, "Seller", "Shipper", "Admin"),
      schema: {
        tags,
        security: bearer,
        summary:
          "An agent's scorecard, computed from its orders, legs, charge changes, bids and ratings",
        params: idParamsSchema,
        response: objectResponse(scorecardSummarySchema),
      },
    },
    async (request, reply) =>
      ok(reply, await agents.scorecard(currentUser(request), request.params.id)),
  );

  app.get(
    "/agents/:id/ratings/",
    {
      onRequest: requireAuth(app, "Seller", "Shipper", "Admin"),
      schema: {
        tags,
        security: bearer,
        summary:
          "Sellers' ratings of an agent, newest first, with the rater's first name and month",
        params: idParamsSchema,
        querystring: agentRatingsQuerySchema,
        response: listResponse(agentRatingSchema),
      },
    },
    async (request, reply) =>
      flatList(reply, await agents.ratings(currentUser(request), request.params.id, request.query)),
  );

  app.get(
    "/shipments/:id/rating/",
    {
      onRequest: requireAuth(app, "Seller", "Shipper", "Admin"),
      schema: {
        tags: ["orders"],
        security: bearer,
        summary:
          "The seller's rating of the order's agent and the agent's answer, or {} (seller, winning agent, admins)",
        params: idParamsSchema,
        response: objectResponse(shipmentRatingOrEmptySchema),
      },
    },
    async (request, reply) =>
      ok(reply, await agents.shipmentRating(currentUser(request), request.params.id)),
  );

  app.post(
    "/shipments/:id/rating/",
    {
      onRequest: requireAuth(app, "Seller"),
      schema: {
        tags: ["orders"],
        security: bearer,
        summary:
          "The seller rates the agent of a completed order once: overall and four sub-scores 1-5, an optional comment",
        params: idParamsSchema,
        body: createRatingInputSchema,
        response: createdResponse(shipmentRatingOrEmptySchema),
      },
    },
    async (request, reply) =>
      created(
        reply,
        await agents.rate(currentUser(request), request.params.id, request.body),
        ratingMessages.created,
      ),
  );

  app.post(
    "/shipments/:id/rating/reply/",
    {
      onRequest: requireAuth(app, "Shipper"),
      schema: {
        tags: ["orders"],
        security: bearer,
        summary: "The order's agent answers its rating once",
        params: idParamsSchema,
        body: ratingReplyInputSchema,
        response: objectResponse(shipmentRatingOrEmptySchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await agents.reply(currentUser(request), request.params.id, request.body.reply),
        ratingMessages.replied,
      ),
  );
}
