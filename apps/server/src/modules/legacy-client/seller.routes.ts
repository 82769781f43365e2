import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParamsSchema, sellerDashboardSchema, sellerShipmentDetailSchema } from "@fba/contract";
import type { Db } from "../../db/client.js";
import { ok } from "../../lib/http.js";
import { bearer, objectResponse } from "../../lib/route-schemas.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import { sellerDashboard } from "../dashboard/index.js";
import type { ShipmentService } from "../shipments/index.js";
import { companyNameOf } from "./seller.repository.js";

const tags = ["existing client"];

/** S16 and S17 of the existing client. */
export async function sellerRoutes(
  base: FastifyInstance,
  services: { db: Db; shipments: ShipmentService },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/seller/home/",
    {
      onRequest: requireAuth(app, "Seller", "Admin"),
      schema: {
        tags,
        security: bearer,
        summary:
          "S16: the seller's home counts (as seller/seller-dashboard/; an admin: every seller's)",
        response: objectResponse(sellerDashboardSchema),
      },
    },
    async (request, reply) => ok(reply, await sellerDashboard(services.db, currentUser(request))),
  );

  app.get(
    "/seller/shipments/:id/",
    {
      onRequest: requireAuth(app),
      schema: {
        tags,
        security: bearer,
        summary:
          "S17: one shipment at the top level of data (as shipments/{id}/), its seller's profile with the company name",
        params: idParamsSchema,
        response: objectResponse(sellerShipmentDetailSchema),
      },
    },
    async (request, reply) => {
      const shipment = await services.shipments.get(currentUser(request), request.params.id);
      const companyName = await companyNameOf(services.db, shipment.user.id);
      return ok(reply, {
        ...shipment,
        user: {
          ...shipment.user,
          profile: { ...shipment.user.profile, company_name: companyName },
        },
      });
    },
  );
}
