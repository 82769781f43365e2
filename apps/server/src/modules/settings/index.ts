import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicSettingsSchema, settingsMessages, type PublicSettings } from "@fba/contract";
import type { Config } from "../../config.js";
import { ok } from "../../lib/http.js";
import { objectResponse } from "../../lib/route-schemas.js";

/** Routes of the settings module (mounted under /api): the configuration pages may show. */
export default async function settingsModule(
  base: FastifyInstance,
  { services }: { services: { config: Config } },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Public on purpose: the landing and sign-in pages say how long agents bid. Only what a
  // visitor may read belongs here.
  const settings: PublicSettings = { bid_window_hours: services.config.BID_WINDOW_HOURS };
  app.get(
    "/settings/",
    {
      schema: {
        tags: ["settings"],
        summary: "The marketplace's public settings: how long bidding on a new shipment stays open",
        response: objectResponse(publicSettingsSchema),
      },
    },
    async (_request, reply) => ok(reply, settings, settingsMessages.fetched),
  );
}
