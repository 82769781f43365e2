import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { placeQuerySchema, placeSchema } from "@fba/contract";
import { ok } from "../../lib/http.js";
import { requireAuth } from "../../plugins/auth.js";
import { bearer, objectResponse } from "../shipments/route-support.js";
import { searchPlaces } from "./places.service.js";

/** Routes of the places module (mounted under /api). */
export default async function placesModule(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/places/",
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ["places"],
        security: bearer,
        summary: "Pickup address candidates for a ZIP code or a city (US, offline)",
        querystring: placeQuerySchema,
        response: objectResponse(z.array(placeSchema)),
      },
    },
    async (request, reply) =>
      ok(reply, searchPlaces(request.query.q, request.query.limit), "Places fetched successfully"),
  );
}
