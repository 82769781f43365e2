import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  announcementMessages,
  announcementParamsSchema,
  announcementSchema,
  createAnnouncementInputSchema,
  listQuerySchema,
  nestedListEnvelopeSchema,
  successEnvelopeSchema,
} from "@fba/contract";
import { created, nestedList, ok } from "../../lib/http.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import { hourlyPerUser, limitRequests } from "../../plugins/rate-limit.js";
import type { AnnouncementService } from "./announcements.service.js";

export async function announcementRoutes(
  instance: FastifyInstance,
  service: AnnouncementService,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const anyone = requireAuth(app);
  // One counter for both paths. Counted after validation, so a form with a typo costs nothing.
  const createLimits = limitRequests(
    app,
    hourlyPerUser("announcement-user", app.config.ANNOUNCEMENTS_PER_HOUR),
  );

  // The existing client calls both the versioned and the plain path.
  for (const base of ["/v1/announcement", "/announcement"]) {
    const hide = base === "/announcement";
    app.get(
      base,
      {
        onRequest: anyone,
        schema: {
          hide,
          tags: ["announcements"],
          querystring: listQuerySchema,
          response: { 200: nestedListEnvelopeSchema(announcementSchema) },
        },
      },
      async (request, reply) =>
        nestedList(
          reply,
          await service.list(request.query.page, request.query.per_page),
          "Announcements fetched successfully",
        ),
    );

    app.get(
      `${base}/:id`,
      {
        onRequest: anyone,
        schema: {
          hide,
          tags: ["announcements"],
          params: announcementParamsSchema,
          response: { 200: successEnvelopeSchema(announcementSchema) },
        },
      },
      async (request, reply) => ok(reply, await service.get(request.params.id)),
    );

    app.post(
      base,
      {
        onRequest: requireAuth(app, "Seller", "Admin"),
        preHandler: createLimits,
        schema: {
          hide,
          tags: ["announcements"],
          body: createAnnouncementInputSchema,
          response: { 201: successEnvelopeSchema(announcementSchema) },
        },
      },
      async (request, reply) =>
        created(
          reply,
          await service.create(currentUser(request), request.body),
          announcementMessages.created,
        ),
    );
  }
}
