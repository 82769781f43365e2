import type { FastifyInstance } from "fastify";

/** Routes of the auth module (mounted under /api). */
export default async function authModule(_app: FastifyInstance): Promise<void> {}
