import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  averageCostEstimateQuerySchema,
  averageCostEstimateSchema,
  averageCostInputSchema,
  averageCostMessages as messages,
  averageCostSchema,
  deleteAverageCostsInputSchema,
  idParamsSchema,
  listQuerySchema,
  MAX_PAGE_SIZE,
  nestedListEnvelopeSchema,
  updateAverageCostInputSchema,
} from "@fba/contract";
import { created, nestedList, ok } from "../../lib/http.js";
import { bearer, createdResponse, objectResponse } from "../../lib/route-schemas.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import type { AverageCostService } from "./average-costs.service.js";

const tags = ["average costs"];

/** The table has no pages on screen: unless asked, one page holds as many rows as allowed. */
const listQuery = z.object({
  page: listQuerySchema.shape.page,
  per_page: z.preprocess(
    (value) => (value === undefined || value === "" ? MAX_PAGE_SIZE : value),
    listQuerySchema.shape.per_page,
  ),
});

/** AC1-AC5: agents' indicative prices per FC; the booking form's estimate range per FC. */
export async function averageCostRoutes(
  base: FastifyInstance,
  costs: AverageCostService,
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const agents = requireAuth(app, "Shipper");

  app.get(
    "/average-cost/",
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        security: bearer,
        summary:
          "AC1: an agent's own average costs per FC (dollars per kg: slow = sea, fast = sea express, air); sellers and admins read every active agent's",
        querystring: listQuery,
        response: { 200: nestedListEnvelopeSchema(averageCostSchema) },
      },
    },
    async (request, reply) =>
      nestedList(
        reply,
        await costs.list(currentUser(request), request.query.page, request.query.per_page),
      ),
  );

  app.get(
    "/average-cost/estimates/",
    {
      onRequest: requireAuth(app, "Seller", "Admin"),
      schema: {
        tags,
        security: bearer,
        summary:
          "The range of agents' average costs per kg for each FC asked for (fc_codes=ONT8,LAX9), per service",
        querystring: averageCostEstimateQuerySchema,
        response: objectResponse(z.array(averageCostEstimateSchema)),
      },
    },
    async (request, reply) => ok(reply, await costs.estimates(request.query.fc_codes)),
  );

  app.post(
    "/average-cost/",
    {
      onRequest: agents,
      schema: {
        tags,
        security: bearer,
        summary: "AC2: add the caller's average cost to one FC",
        body: averageCostInputSchema,
        response: createdResponse(averageCostSchema),
      },
    },
    async (request, reply) =>
      created(reply, await costs.create(currentUser(request), request.body), messages.created),
  );

  app.patch(
    "/average-cost/:id/",
    {
      onRequest: agents,
      schema: {
        tags,
        security: bearer,
        summary: "AC3: change one of the caller's average costs",
        params: idParamsSchema,
        body: updateAverageCostInputSchema,
        response: objectResponse(averageCostSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await costs.update(currentUser(request), request.params.id, request.body),
        messages.updated,
      ),
  );

  app.delete(
    "/average-cost/:id/",
    {
      onRequest: agents,
      schema: {
        tags,
        security: bearer,
        summary: "AC4: delete one of the caller's average costs",
        params: idParamsSchema,
        response: objectResponse(z.object({ id: z.number().int() })),
      },
    },
    async (request, reply) => {
      await costs.remove(currentUser(request), request.params.id);
      return ok(reply, { id: request.params.id }, messages.deleted);
    },
  );

  app.delete(
    "/average-cost/delete-multiple/",
    {
      onRequest: agents,
      schema: {
        tags,
        security: bearer,
        summary:
          "AC5: delete the caller's average costs among {ids: [...]} (a JSON body on DELETE)",
        body: deleteAverageCostsInputSchema,
        response: objectResponse(z.object({ ids: z.array(z.number().int()) })),
      },
    },
    async (request, reply) =>
      ok(reply, await costs.removeMany(currentUser(request), request.body.ids), messages.deleted),
  );
}
