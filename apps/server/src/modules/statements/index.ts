import type { FastifyInstance } from "fastify";
import { statementRoutes } from "./statements.routes.js";
import type { StatementService } from "./statements.service.js";

export { StatementService } from "./statements.service.js";

/**
 * The order's PDFs (mounted under /api): a confirmation and a final statement, built from the
 * order, its charge change (charge-changes) and its legs (orders), which it reads and never
 * changes.
 */
export default async function statementsModule(
  app: FastifyInstance,
  { services }: { services: { statements: StatementService } },
): Promise<void> {
  await statementRoutes(app, services.statements);
}
