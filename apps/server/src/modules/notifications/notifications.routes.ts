import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  notificationMessages,
  notificationParamsSchema,
  notificationSchema,
  successEnvelopeSchema,
} from "@fba/contract";
import { ok } from "../../lib/http.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import { cachedAnswer } from "../../plugins/cached-answer.js";
import type { NotificationService } from "./notifications.service.js";

export async function notificationRoutes(
  instance: FastifyInstance,
  service: NotificationService,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const anyone = requireAuth(app);

  app.get(
    "/chat/notifications",
    {
      onRequest: anyone,
      schema: {
        tags: ["notifications"],
        response: { 200: successEnvelopeSchema(z.array(notificationSchema)) },
      },
    },
    // Served from memory until a notification of the reader's is created, changed or read.
    async (request, reply) =>
      cachedAnswer(app, request, reply, async () =>
        String(
          reply.serialize(
            ok(
              reply,
              await service.list(currentUser(request)),
              "Notifications fetched successfully",
            ),
          ),
        ),
      ),
  );

  app.patch(
    "/chat/notifications/read-all",
    {
      onRequest: anyone,
      schema: {
        tags: ["notifications"],
        response: { 200: successEnvelopeSchema(z.object({ ids: z.array(z.number().int()) })) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await service.markAllRead(currentUser(request)),
        notificationMessages.allMarkedRead,
      ),
  );

  app.patch(
    "/chat/notifications/:id/read",
    {
      onRequest: anyone,
      schema: {
        tags: ["notifications"],
        params: notificationParamsSchema,
        response: { 200: successEnvelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await service.markRead(currentUser(request), request.params.id),
        notificationMessages.markedRead,
      ),
  );
}
