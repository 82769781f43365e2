import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import type { FileStorage } from "../../lib/storage.js";
import { takeStaleUploadIntents } from "./documents.repository.js";

const BATCH = 100;

/**
 * Removes the files of document uploads whose process died between writing the file and keeping
 * it (their intent is still there). An intent older than `staleAfterMs` cannot belong to a
 * request still running: requests end by REQUEST_TIMEOUT_MS. Returns how many were removed.
 */
export async function sweepUploadIntents(
  db: Db,
  storage: FileStorage,
  staleAfterMs: number,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - staleAfterMs);
  let removed = 0;
  for (;;) {
    const keys = await takeStaleUploadIntents(db, before, BATCH);
    for (const key of keys) await storage.remove(key);
    removed += keys.length;
    if (keys.length < BATCH) return removed;
  }
}

/** The background loop; any number of instances may run it (each intent is taken once). */
export function startUploadIntentSweep(
  db: Db,
  storage: FileStorage,
  log: FastifyBaseLogger,
  staleAfterMs: number,
): { stop(): Promise<void> } {
  const intervalMs = Math.min(60_000, Math.max(1_000, Math.round(staleAfterMs / 2)));
  let stopped = false;
  let running: Promise<void> | undefined;
  const tick = async () => {
    try {
      const removed = await sweepUploadIntents(db, storage, staleAfterMs);
      if (removed > 0) log.info({ removed }, "files of unfinished document uploads removed");
    } catch (error) {
      if (!stopped) log.error({ err: error }, "removing unfinished document uploads failed");
    }
  };
  const timer = setInterval(() => {
    running ??= tick().finally(() => {
      running = undefined;
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
