import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { plainJson } from "../../lib/route-schemas.js";
import { agentRoutes } from "./agents.routes.js";
import type { AgentService } from "./agents.service.js";

export { scorecardBackfillJob } from "./agents.jobs.js";
export { AgentService } from "./agents.service.js";
export { registerAgentSubscribers } from "./agents.subscribers.js";
export { ScorecardRefresher } from "./scorecard-refresher.js";
export { readScorecard, readScorecards, refreshScorecard } from "./scorecards.repository.js";

/**
 * Agents' record (mounted under /api): profiles, scorecards and ratings. Scorecards are kept
 * current by agents.subscribers.ts; missing ones are filled by agents.jobs.ts.
 */
export default async function agentsModule(
  app: FastifyInstance,
  {
    services,
  }: {
    services: {
      agents: AgentService;
      config: Pick<Config, "NODE_ENV">;
    };
  },
): Promise<void> {
  app.setSerializerCompiler(plainJson(services.config));
  await agentRoutes(app, services.agents);
}
