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
