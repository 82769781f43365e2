import type { FastifyInstance } from "fastify";

/** Routes of the admin module (mounted under /api). */
export default async function adminModule(_app: FastifyInstance): Promise<void> {}
