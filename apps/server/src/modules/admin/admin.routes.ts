import {
  adminDashboardSchema,
  adminMessages,
  adminUpdateUserInputSchema,
  adminUserListQuerySchema,
  adminUserSchema,
  flatListEnvelopeSchema,
  idParamsSchema,
  successEnvelopeSchema,
} from "@fba/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { flatList, ok } from "../../lib/http.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import type { AdminService } from "./admin.service.js";

const tags = ["Admin"];
const security = [{ bearer: [] }];

export async function adminRoutes(
  app: FastifyInstance,
  { service }: { service: AdminService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireAuth(app, "Admin");

  routes.get(
    "/admin/users/",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: "Every account, searchable by name or email and filterable by group",
        querystring: adminUserListQuerySchema,
        response: { 200: flatListEnvelopeSchema(adminUserSchema) },
      },
    },
    async (request, reply) =>
      flatList(reply, await service.listUsers(currentUser(request), request.query)),
  );

  routes.patch(
    "/admin/users/:id/",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: "Disable or re-enable an account; disabling ends all of its sessions",
        params: idParamsSchema,
        body: adminUpdateUserInputSchema,
        response: { 200: successEnvelopeSchema(adminUserSchema) },
      },
    },
    async (request, reply) => {
      const { is_active: isActive } = request.body;
      const user = await service.setActive(currentUser(request), request.params.id, isActive);
      return ok(reply, user, isActive ? adminMessages.userEnabled : adminMessages.userDisabled);
    },
  );

  routes.get(
    "/admin/dashboard/",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: "Counts of shipments by status, sample shipments and users by group",
        response: { 200: successEnvelopeSchema(adminDashboardSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await service.dashboard(currentUser(request)), "Fetched successfully"),
  );
}
