import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import type { JobDefinition } from "../../lib/jobs.js";
import type { FileStorage } from "../../lib/storage.js";
import { FULL_PASS_EVERY_MS, HOUR_MS, sweepUnsentAttachments } from "./attachment-sweep.js";

/**
 * Removes attachments never sent (`UNSENT_ATTACHMENT_TTL_HOURS`); any number of instances may run
 * it. After a full pass, each run only looks at attachments that became due since the last run
 * (with an hour of overlap), so sent attachments are not re-read every time.
 */
export function unsentAttachmentSweepJob(
  deps: { db: Db; storage: FileStorage; log: FastifyBaseLogger },
  ttlHours: number,
  intervalMs = 10 * 60_000,
): JobDefinition {
  let lastFullPass = 0;
  let lastCutoff: Date | null = null;
  return {
    name: "unsent-attachment-sweep",
    intervalMs,
    // The first pass shortly after start, so a restart does not postpone cleanup by a whole interval.
    firstRunAfterMs: Math.min(intervalMs, 5_000),
    run: async () => {
      const now = new Date();
      const isFullPass = now.getTime() - lastFullPass >= FULL_PASS_EVERY_MS;
      const after = isFullPass || !lastCutoff ? null : new Date(lastCutoff.getTime() - HOUR_MS);
      const removed = await sweepUnsentAttachments(deps.db, deps.storage, deps.log, {
        ttlHours,
        now,
        after,
      });
      if (removed > 0) deps.log.info({ removed }, "unsent attachments removed");
      if (isFullPass) lastFullPass = now.getTime();
      lastCutoff = new Date(now.getTime() - ttlHours * HOUR_MS);
    },
  };
}
