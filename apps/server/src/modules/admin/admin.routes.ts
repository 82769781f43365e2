import {
  adminDashboardSchema,
  adminMessages,
  adminUpdateUserInputSchema,
  adminUserListQuerySchema,
  adminUserSchema,
  eventRetrySchema,
  parkedEventsSchema,
  flatListEnvelopeSchema,
  idParamsSchema,
  recoveryFailuresSchema,
  recoveryPauseLiftSchema,
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

  routes.delete(
    "/admin/users/:id/recovery-pause/",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          "Open password recovery again for an account paused after wrong codes (its recovery history starts afresh)",
        params: idParamsSchema,
        response: { 200: successEnvelopeSchema(recoveryPauseLiftSchema) },
      },
    },
    async (request, reply) => {
      const result = await service.liftRecoveryPause(currentUser(request), request.params.id);
      return ok(
        reply,
        result,
        result.lifted ? adminMessages.recoveryPauseLifted : adminMessages.recoveryNotPaused,
      );
    },
  );

  routes.get(
    "/admin/recovery-failures/",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: "Wrong password-recovery codes per hour over the last 24 hours, every account",
        response: { 200: successEnvelopeSchema(recoveryFailuresSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await service.recoveryFailures(currentUser(request)), "Fetched successfully"),
  );

  routes.get(
    "/admin/events/parked/",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary:
          "Domain events whose consequences kept failing (newest 100, with the last error), and the delivery queue's size",
        response: { 200: successEnvelopeSchema(parkedEventsSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await service.parkedEvents(currentUser(request)), "Fetched successfully"),
  );

  routes.post(
    "/admin/events/:id/retry/",
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: "Deliver a parked event again (its subscribers that succeeded do not run again)",
        params: idParamsSchema,
        response: { 200: successEnvelopeSchema(eventRetrySchema) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await service.retryEvent(currentUser(request), request.params.id),
        adminMessages.eventRetried,
      ),
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
