import type { FastifyInstance } from "fastify";
import { userRoutes } from "./users.routes.js";
import type { UserService } from "./users.service.js";

export { avatarUrl } from "./avatar-url.js";
export { UserService } from "./users.service.js";

/** Profiles: editing one's own details, password and avatar; serving avatars. */
export default async function usersModule(
  app: FastifyInstance,
  { services }: { services: { users: UserService } },
): Promise<void> {
  await app.register(userRoutes, { service: services.users });
}
