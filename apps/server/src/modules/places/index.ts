import type { FastifyInstance } from "fastify";

/** Routes of the places module (mounted under /api). */
export default async function placesModule(_app: FastifyInstance): Promise<void> {}
