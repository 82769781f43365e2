import type { FastifyInstance } from "fastify";
import { registerAuthRoutes } from "./auth.routes.js";
import type { AuthService } from "./auth.service.js";
import { RecoveryGuard } from "./recovery-guard.js";

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Routes of the auth module (mounted under /api), plus an hourly sweep of dead tokens and codes. */
export default async function authModule(
  app: FastifyInstance,
  { services }: { services: { auth: AuthService } },
): Promise<void> {
  const service = services.auth;
  registerAuthRoutes(
    app,
    service,
    new RecoveryGuard({
      db: app.database.db,
      redis: () => app.redis,
      maxPerHour: app.config.RECOVERY_WRONG_CODES_PER_HOUR,
      log: app.log,
    }),
  );

  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    timer = setInterval(() => {
      service.pruneExpired().catch((error: unknown) => {
        app.log.warn({ err: error }, "pruning expired sessions and codes failed");
      });
    }, PRUNE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("preClose", async () => {
    if (timer) clearInterval(timer);
  });
}
