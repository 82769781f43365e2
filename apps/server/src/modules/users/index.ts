import type { FastifyInstance } from "fastify";
import { userRoutes } from "./users.routes.js";

/** Profiles: editing one's own details, password and avatar; serving avatars. */
export default async function usersModule(app: FastifyInstance): Promise<void> {
  await app.register(userRoutes);
}
