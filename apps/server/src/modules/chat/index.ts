import type { FastifyInstance } from "fastify";

/** Routes of the chat module (mounted under /api). */
export default async function chatModule(_app: FastifyInstance): Promise<void> {}
