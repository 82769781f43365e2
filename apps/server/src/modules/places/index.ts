import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { placeQuerySchema, placeSchema } from "@fba/contract";
import type { Config } from "../../config.js";
import { ok } from "../../lib/http.js";
import { requireAuth } from "../../plugins/auth.js";
import { bearer, objectResponse } from "../../lib/route-schemas.js";

/**
 * The offline tables (ZIP codes, world cities, country names: megabytes) load with the first
 * lookup, not at start: a server starts before it serves, and most requests never look a place up.
 */
const offlineLookup = () => import("./places.service.js");
const onlineLookup = () => import("./geocoder.js");

/** Routes of the places module (mounted under /api). */
export default async function placesModule(
  base: FastifyInstance,
  { services }: { services: { config: Config } },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/places/",
    {
      onRequest: requireAuth(app),
      schema: {
        tags: ["places"],
        security: bearer,
        summary:
          "Pickup address candidates: a US ZIP code, or a city anywhere (offline), optionally with street-level results from a configured geocoder",
        querystring: placeQuerySchema,
        response: objectResponse(z.array(placeSchema)),
      },
    },
    async (request, reply) => {
      const { q, limit } = request.query;
      const [{ searchPlaces }, { geocode }] = await Promise.all([offlineLookup(), onlineLookup()]);
      const offline = searchPlaces(q, limit);
      const { GEOCODER_URL, GEOCODER_KIND, GEOCODER_KEY, GEOCODER_TIMEOUT_MS } = services.config;
      const online =
        GEOCODER_URL && q.trim().length >= 3 && !/^\d{3,5}(-\d{0,4})?$/.test(q.trim())
          ? await geocode(
              {
                url: GEOCODER_URL,
                kind: GEOCODER_KIND,
                key: GEOCODER_KEY,
                timeoutMs: GEOCODER_TIMEOUT_MS,
              },
              q.trim(),
              limit,
            )
          : [];
      return ok(reply, [...online, ...offline].slice(0, limit), "Places fetched successfully");
    },
  );
}
