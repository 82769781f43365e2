import type { FastifyInstance } from "fastify";
import { quotationRoutes } from "./quotations.routes.js";

/** Routes of the quotations module (mounted under /api). */
export default async function quotationsModule(app: FastifyInstance): Promise<void> {
  await quotationRoutes(app);
}
