import type { FastifyInstance } from "fastify";

/** Routes of the users module (mounted under /api). */
export default async function usersModule(_app: FastifyInstance): Promise<void> {}
