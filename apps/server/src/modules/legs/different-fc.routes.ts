import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  differentFcMessages,
  legParamsSchema,
  legSchema,
  resolveDifferentFcInputSchema,
} from "@fba/contract";
import { ok } from "../../lib/http.js";
import { bearer, objectResponse } from "../../lib/route-schemas.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import type { DifferentFcService } from "./different-fc.service.js";

const tags = ["orders"];

export async function differentFcRoutes(
  base: FastifyInstance,
  differentFc: DifferentFcService,
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/shipments/:id/legs/:leg_id/different-fc/accept",
    {
      onRequest: requireAuth(app, "Seller", "Shipper", "Admin"),
      schema: {
        tags,
        security: bearer,
        summary: "The seller accepts a leg's delivery to another FC than the booked one",
        params: legParamsSchema,
        response: objectResponse(legSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await differentFc.accept(currentUser(request), request.params.id, request.params.leg_id),
        differentFcMessages.accepted,
      ),
  );

  app.post(
    "/shipments/:id/legs/:leg_id/different-fc/resolve",
    {
      onRequest: requireAuth(app, "Admin"),
      schema: {
        tags,
        security: bearer,
        summary: "An admin resolves a leg's delivery to another FC, with a note on how",
        params: legParamsSchema,
        body: resolveDifferentFcInputSchema,
        response: objectResponse(legSchema),
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await differentFc.resolve(
          currentUser(request),
          request.params.id,
          request.params.leg_id,
          request.body.note,
        ),
        differentFcMessages.resolved,
      ),
  );
}
