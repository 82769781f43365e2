import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  announcementMessages,
  announcementParamsSchema,
  announcementRemovalSchema,
  announcementSchema,
  createAnnouncementInputSchema,
  listQuerySchema,
  nestedListEnvelopeSchema,
  removeAnnouncementQuerySchema,
  successEnvelopeSchema,
} from "@fba/contract";
import { created, nestedList, ok } from "../../lib/http.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import {
  hourlyPerAddress,
  hourlyPerUser,
  hourlyPlatformWide,
  limitRequests,
  oncePerWindow,
} from "../../plugins/rate-limit.js";
import type { AnnouncementService } from "./announcements.service.js";

export async function announcementRoutes(
  instance: FastifyInstance,
  service: AnnouncementService,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const anyone = requireAuth(app);
  const {
    ANNOUNCEMENTS_PER_HOUR,
    ANNOUNCEMENTS_PER_ADDRESS_PER_HOUR,
    ANNOUNCEMENTS_PLATFORM_PER_HOUR,
  } = app.config;
  const byAdmin = (request: FastifyRequest) => request.user?.group === "Admin";
  // Every admin hears of the platform's cap once an hour at most, however many posts it refuses.
  const firstInHour = oncePerWindow(app, "announcement-platform-alert", 3_600_000);
  const alertAdmins = () => {
    firstInHour()
      .then((first) => (first ? service.capReached(ANNOUNCEMENTS_PLATFORM_PER_HOUR) : undefined))
      .catch((error: unknown) => app.log.warn({ err: error }, "announcement cap alert failed"));
  };
  // One set of counters for both paths. Counted after validation, so a form with a typo costs
  // nothing. Per account; per client address across its accounts; and for all non-admins
  // together. Admins are counted per account only: they must be able to post during a flood.
  const createLimits = limitRequests(
    app,
    hourlyPerUser("announcement-user", ANNOUNCEMENTS_PER_HOUR),
    hourlyPerAddress("announcement-address", ANNOUNCEMENTS_PER_ADDRESS_PER_HOUR, byAdmin),
    hourlyPlatformWide(
      "announcement-platform",
      ANNOUNCEMENTS_PLATFORM_PER_HOUR,
      byAdmin,
      alertAdmins,
    ),
  );

  app.delete(
    "/admin/announcements/:id",
    {
      onRequest: requireAuth(app, "Admin"),
      schema: {
        tags: ["announcements", "Admin"],
        security: [{ bearer: [] }],
        summary:
          "Remove an announcement from every list and bell; disable_sender=true also disables its sender's account",
        params: announcementParamsSchema,
        querystring: removeAnnouncementQuerySchema,
        response: { 200: successEnvelopeSchema(announcementRemovalSchema) },
      },
    },
    async (request, reply) => {
      const disableSender = request.query.disable_sender;
      const removal = await service.remove(currentUser(request), request.params.id, {
        disableSender,
      });
      return ok(
        reply,
        removal,
        disableSender
          ? announcementMessages.removedAndSenderDisabled
          : announcementMessages.removed,
      );
    },
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
