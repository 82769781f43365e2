import type { Services } from "../container.js";
import type { Scheduler } from "../lib/jobs.js";
import { scorecardBackfillJob } from "./agents/index.js";
import { authPruneJob } from "./auth/index.js";
import { unsentAttachmentSweepJob } from "./chat/index.js";
import { uploadIntentSweepJob } from "./documents/index.js";
import { biddingWindowJob } from "./shipments/index.js";

/**
 * Every module's recurring jobs (`<module>.jobs.ts`), on the one scheduler (lib/jobs.ts). They
 * run where jobs run (ROLE all or worker); each claims its rows so instances may run side by side.
 */
export function registerJobs(scheduler: Scheduler, services: Services): void {
  const { db, events, storage, log, config } = services;
  scheduler.add(biddingWindowJob(db, events));
  scheduler.add(uploadIntentSweepJob({ db, storage, log }, 2 * config.REQUEST_TIMEOUT_MS));
  scheduler.add(unsentAttachmentSweepJob({ db, storage, log }, config.UNSENT_ATTACHMENT_TTL_HOURS));
  scheduler.add(authPruneJob(services.auth));
  scheduler.add(scorecardBackfillJob(services.scorecards));
}
