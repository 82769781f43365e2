import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  idParamsSchema,
  legParamsSchema,
  legSchema,
  recordMilestoneInputSchema,
  updateLegInputSchema,
} from "@fba/contract";
import { created, ok } from "../../lib/http.js";
import { bearer, createdResponse, objectResponse } from "../../lib/route-schemas.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import type { LegService } from "./legs.service.js";

const tags = ["orders"];

export async function legRoutes(base: FastifyInstance, legs: LegService): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const parties = requireAuth(app, "Seller", "Shipper", "Admin");

  app.get(
    "/shipments/:id/legs/",
    {
      onRequest: parties,
      schema: {
        tags,
        security: bearer,
        summary: "The order's legs (one per Amazon destination) with their milestone history",
        params: idParamsSchema,
        response: objectResponse(z.array(legSchema)),
      },
    },
    async (request, reply) => ok(reply, await legs.list(currentUser(request), request.params.id)),
  );

  app.patch(
    "/shipments/:id/legs/:leg_id/",
    {
      onRequest: parties,
      schema: {
        tags,
        security: bearer,
        summary:
          "Change a leg: the seller's FBA shipment ID and Amazon reference, the agent's ETA, appointment and tracking number",
        params: legParamsSchema,
        body: updateLegInputSchema,
        response: objectResponse(legSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await legs.update(
          currentUser(request),
          request.params.id,
          request.params.leg_id,
          request.body,
        ),
        "Leg updated",
      ),
  );

  app.post(
    "/shipments/:id/legs/:leg_id/events/",
    {
      onRequest: requireAuth(app, "Shipper", "Admin"),
      schema: {
        tags,
        security: bearer,
        summary: "Record a milestone on a leg, or correct one (supersedes names the event)",
        params: legParamsSchema,
        body: recordMilestoneInputSchema,
        response: createdResponse(legSchema),
      },
    },
    async (request, reply) =>
      created(
        reply,
        await legs.record(
          currentUser(request),
          request.params.id,
          request.params.leg_id,
          request.body,
        ),
        "Milestone recorded",
      ),
  );
}
