import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sellerDashboardSchema } from "@fba/contract";
import type { Db } from "../../db/client.js";
import { ok } from "../../lib/http.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import { cachedAnswer } from "../../plugins/cached-answer.js";
import { bearer, objectResponse } from "../../lib/route-schemas.js";
import { sellerDashboard } from "./dashboard.service.js";

export { sellerDashboard } from "./dashboard.service.js";

/** Routes of the dashboard module (mounted under /api). */
export default async function dashboardModule(
  base: FastifyInstance,
  { services }: { services: { db: Db } },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/seller/seller-dashboard/",
    {
      onRequest: requireAuth(app, "Seller", "Admin"),
      schema: {
        tags: ["dashboard"],
        security: bearer,
        summary:
          "Counts of the seller's active, sample and completed shipments (an admin: every seller's)",
        response: objectResponse(sellerDashboardSchema),
      },
    },
    async (request, reply) =>
      cachedAnswer(app, request, reply, async () =>
        String(
          reply.serialize(ok(reply, await sellerDashboard(services.db, currentUser(request)))),
        ),
      ),
  );
}
