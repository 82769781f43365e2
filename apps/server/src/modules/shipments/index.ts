import type { FastifyInstance } from "fastify";

/** Routes of the shipments module (mounted under /api). */
export default async function shipmentsModule(_app: FastifyInstance): Promise<void> {}
