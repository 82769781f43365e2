import type { FastifyInstance } from "fastify";

/** Routes of the quotations module (mounted under /api). */
export default async function quotationsModule(_app: FastifyInstance): Promise<void> {}
