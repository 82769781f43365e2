import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminAnalyticsSchema,
  agentAnalyticsSchema,
  ANALYTICS_MONTHS,
  sellerAnalyticsSchema,
} from "@fba/contract";
import { ok } from "../../lib/http.js";
import { bearer, objectResponse } from "../../lib/route-schemas.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import type { AnalyticsService } from "./analytics.service.js";

export async function analyticsRoutes(
  base: FastifyInstance,
  analytics: AnalyticsService,
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["analytics"];

  app.get(
    "/analytics/seller/",
    {
      onRequest: requireAuth(app, "Seller"),
      schema: {
        tags,
        security: bearer,
        summary: `The seller's dashboard figures: spend by month (last ${ANALYTICS_MONTHS}), cost per chargeable kg by FC, on-time share, open orders by status`,
        response: objectResponse(sellerAnalyticsSchema),
      },
    },
    async (request, reply) => ok(reply, await analytics.seller(currentUser(request))),
  );

  app.get(
    "/analytics/agent/",
    {
      onRequest: requireAuth(app, "Shipper"),
      schema: {
        tags,
        security: bearer,
        summary: `The agent's dashboard figures: bids, wins, win rate and revenue by month (last ${ANALYTICS_MONTHS}), and its scorecard`,
        response: objectResponse(agentAnalyticsSchema),
      },
    },
    async (request, reply) => ok(reply, await analytics.agent(currentUser(request))),
  );

  app.get(
    "/analytics/admin/",
    {
      onRequest: requireAuth(app, "Admin"),
      schema: {
        tags,
        security: bearer,
        summary: `The admins' dashboard figures: bookings and GMV by month (last ${ANALYTICS_MONTHS}), bids per shipment, median time to the first bid, open disputes`,
        response: objectResponse(adminAnalyticsSchema),
      },
    },
    async (request, reply) => ok(reply, await analytics.admin(currentUser(request))),
  );
}
