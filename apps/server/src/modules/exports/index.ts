import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { exportRoutes } from "./exports.routes.js";

/** CSV exports of the lists (mounted under /api), read a batch at a time and streamed. */
export default async function exportsModule(
  app: FastifyInstance,
  { services }: { services: { db: Db } },
): Promise<void> {
  await exportRoutes(app, services.db);
}
