import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { plainJson } from "../../lib/route-schemas.js";
import { analyticsRoutes } from "./analytics.routes.js";
import type { AnalyticsService } from "./analytics.service.js";

export { AnalyticsService } from "./analytics.service.js";

/** Dashboards' figures for sellers, agents and admins (mounted under /api). */
export default async function analyticsModule(
  app: FastifyInstance,
  { services }: { services: { analytics: AnalyticsService; config: Pick<Config, "NODE_ENV"> } },
): Promise<void> {
  app.setSerializerCompiler(plainJson(services.config));
  await analyticsRoutes(app, services.analytics);
}
