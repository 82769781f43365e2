import type { FastifyInstance } from "fastify";

/** Routes of the notifications module (mounted under /api). */
export default async function notificationsModule(_app: FastifyInstance): Promise<void> {}
