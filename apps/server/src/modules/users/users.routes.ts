import multipart from "@fastify/multipart";
import {
  PROFILE_IMAGE_MAX_BYTES,
  idSchema,
  profileMessages,
  successEnvelopeSchema,
  text,
  updateProfileInputSchema,
  updateProfileResultSchema,
} from "@fba/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/http.js";
import { currentUser, requireAuth } from "../../plugins/auth.js";
import { limitRequests, uploadBudget } from "../../plugins/rate-limit.js";
import { readProfileForm } from "./profile-upload.js";
import type { UserService } from "./users.service.js";
import { parseInput } from "../../lib/validation.js";
import { EMBEDDABLE } from "../../lib/file-serving.js";

const security = [{ bearer: [] }];

const avatarQuerySchema = z.object({ v: text().max(64).default("") });

export async function userRoutes(
  app: FastifyInstance,
  { service }: { service: UserService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Scoped to this plugin: only the profile routes accept multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: PROFILE_IMAGE_MAX_BYTES,
      files: 2,
      fields: 30,
      fieldSize: 4096,
      parts: 40,
      headerPairs: 100,
    },
  });

  // Profile saves are rare; the cap mostly bounds guessing the current password through this route.
  const profileLimits = limitRequests(app, {
    name: "update-profile-user",
    max: 20,
    windowMs: 15 * 60_000,
    key: (request) => (request.user ? String(request.user.id) : undefined),
  });

  // A save that carries an image spends the account's one upload budget, shared with every other
  // route that stores a file (a save without one does not).
  const uploadLimits = limitRequests(app, uploadBudget(app.config));

  // The web client sends multipart (with the image); older clients use the JSON alias.
  for (const path of ["/auth/v1/update-profile/", "/auth/update-profile/"]) {
    routes.patch(
      path,
      {
        preHandler: [requireAuth(app), profileLimits],
        schema: {
          tags: ["Profile"],
          security,
          summary:
            "Update the caller's profile (multipart with an optional image file, or JSON); a password change returns a fresh token pair and ends every other session",
          consumes: ["multipart/form-data", "application/json"],
          response: { 200: successEnvelopeSchema(updateProfileResultSchema) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        if (!request.isMultipart()) {
          const input = parseInput(updateProfileInputSchema, request.body);
          return ok(reply, await service.updateProfile(user, input), profileMessages.updated);
        }
        const form = await readProfileForm(request);
        try {
          if (form.image) await uploadLimits.call(app, request, reply);
          const input = parseInput(updateProfileInputSchema, form.fields);
          const result = await service.updateProfile(user, input, form.image);
          return ok(reply, result, profileMessages.updated);
        } finally {
          await form.discard();
        }
      },
    );
  }

  routes.get(
    "/users/:id/avatar/",
    {
      schema: {
        tags: ["Profile"],
        summary: "A user's profile image, for whoever holds its current URL",
        params: z.object({ id: idSchema }),
        querystring: avatarQuerySchema,
      },
    },
    async (request, reply) => {
      const avatar = await service.getAvatar(request.params.id, request.query.v);
      reply
        .header("content-type", avatar.contentType)
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", 'inline; filename="avatar"')
        .header("cache-control", "public, max-age=31536000, immutable")
        .headers(EMBEDDABLE);
      return reply.send(avatar.stream);
    },
  );
}
