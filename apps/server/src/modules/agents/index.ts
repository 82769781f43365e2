import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { EventBus } from "../../lib/events.js";
import { plainJson } from "../../lib/route-schemas.js";
import { agentRoutes } from "./agents.routes.js";
import type { NotificationService } from "../notifications/notifications.service.js";
import type { AgentService } from "./agents.service.js";
import { registerRatingNotificationListeners } from "./rating-notifications.js";
import { registerScorecardListeners, type ScorecardRefresher } from "./scorecard-refresher.js";

/**
 * Agents' record (mounted under /api): profiles, scorecards and ratings (the agent hears of a
 * rating, the seller of the answer). Scorecards are kept current by one listener of the domain
 * events that change their inputs; at start, agents who have bid but have no scorecard yet get
 * one, in the background once the server listens.
 */
export default async function agentsModule(
  app: FastifyInstance,
  {
    services,
  }: {
    services: {
      agents: AgentService;
      scorecards: ScorecardRefresher;
      events: EventBus;
      db: Db;
      notifications: NotificationService;
      config: Pick<Config, "NODE_ENV">;
    };
  },
): Promise<void> {
  app.setSerializerCompiler(plainJson(services.config));
  registerScorecardListeners(services.events, services.scorecards);
  registerRatingNotificationListeners(services.events, services.db, services.notifications);
  // Once serving: a start does not wait for it, nor do the first requests share the pool with it.
  app.addHook("onListen", async () => {
    services.events.background(async () => {
      await services.scorecards.backfill();
    }, "scorecard backfill failed");
  });
  await agentRoutes(app, services.agents);
}
