import type { FastifyInstance } from "fastify";

/** Routes of the dashboard module (mounted under /api). */
export default async function dashboardModule(_app: FastifyInstance): Promise<void> {}
