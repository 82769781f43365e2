import type { FastifyInstance } from "fastify";

/** Routes of the warehouses module (mounted under /api). */
export default async function warehousesModule(_app: FastifyInstance): Promise<void> {}
