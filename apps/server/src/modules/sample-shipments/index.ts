import type { FastifyInstance } from "fastify";

/** Routes of the sample-shipments module (mounted under /api). */
export default async function sampleshipmentsModule(_app: FastifyInstance): Promise<void> {}
