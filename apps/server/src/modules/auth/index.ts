import type { FastifyInstance } from "fastify";
import { registerAuthRoutes } from "./auth.routes.js";
import type { AuthService } from "./auth.service.js";
import { RecoveryGuard } from "./recovery-guard.js";

export { authPruneJob } from "./auth.jobs.js";
export { StorageQuota, releaseStorage, releaseStorageOf } from "./storage-quota.js";
export {
  findUserByEmail,
  insertUser,
  setUserActive,
  updateProfile,
  type ProfileChanges,
} from "./auth.repository.js";
export { AuthService } from "./auth.service.js";
export { liftRecoveryPause, recoveryFailuresByHour } from "./auth.recovery.js";
export { issueSession, revokeAllSessions } from "./auth.sessions.js";
export { avatarUrl, avatarVersion, presentUser } from "./user.presenter.js";

/** Routes of the auth module (mounted under /api); its hourly sweep is in auth.jobs.ts. */
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
}
