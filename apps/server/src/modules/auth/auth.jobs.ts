import type { JobDefinition } from "../../lib/jobs.js";
import type { AuthService } from "./auth.service.js";

/** Hourly: refresh tokens past their expiry and stale recovery codes are deleted. */
export function authPruneJob(auth: AuthService): JobDefinition {
  return {
    name: "auth-prune",
    intervalMs: 60 * 60 * 1000,
    firstRunAfterMs: 60 * 60 * 1000,
    run: () => auth.pruneExpired(),
  };
}
