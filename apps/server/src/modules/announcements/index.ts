import type { FastifyInstance } from "fastify";

/** Routes of the announcements module (mounted under /api). */
export default async function announcementsModule(_app: FastifyInstance): Promise<void> {}
