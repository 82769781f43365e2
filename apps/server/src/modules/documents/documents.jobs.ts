import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import type { JobDefinition } from "../../lib/jobs.js";
import type { FileStorage } from "../../lib/storage.js";
import { sweepUploadIntents } from "./upload-intent-sweep.js";

/**
 * Files of document uploads that died before keeping them; no request outlives
 * REQUEST_TIMEOUT_MS, so an intent twice that old is dead. Any number of instances may run it
 * (each intent is taken once).
 */
export function uploadIntentSweepJob(
  deps: { db: Db; storage: FileStorage; log: FastifyBaseLogger },
  staleAfterMs: number,
): JobDefinition {
  return {
    name: "upload-intent-sweep",
    intervalMs: Math.min(60_000, Math.max(1_000, Math.round(staleAfterMs / 2))),
    firstRunAfterMs: Math.min(60_000, Math.max(1_000, Math.round(staleAfterMs / 2))),
    run: async () => {
      const removed = await sweepUploadIntents(deps.db, deps.storage, staleAfterMs);
      if (removed > 0) deps.log.info({ removed }, "files of unfinished document uploads removed");
    },
  };
}
