import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import type { FileStorage } from "../../lib/storage.js";
import { releaseStorageOf } from "../auth/index.js";
import { deleteUnsentAttachments } from "./attachments.repository.js";

const BATCH = 100;
export const HOUR_MS = 3_600_000;
/** A full pass now and then also catches attachments whose message went away with its chat. */
export const FULL_PASS_EVERY_MS = 24 * HOUR_MS;

/**
 * Removes attachments not sent within `ttlHours`: the rows go in one short transaction that also
 * gives their bytes back to their uploaders' storage totals, the files after it committed (a
 * failed file removal leaves an orphan file, never a row without its file). Returns how many were
 * removed.
 */
export async function sweepUnsentAttachments(
  db: Db,
  storage: FileStorage,
  log: FastifyBaseLogger,
  options: { ttlHours: number; now?: Date; after?: Date | null },
): Promise<number> {
  const before = new Date((options.now ?? new Date()).getTime() - options.ttlHours * HOUR_MS);
  let removed = 0;
  for (;;) {
    const keys = await db.transaction(async (tx) => {
      const removed = await deleteUnsentAttachments(tx, before, options.after ?? null, BATCH);
      await releaseStorageOf(tx, removed);
      return removed.map((file) => file.storageKey);
    });
    for (const key of keys) {
      await storage
        .remove(key)
        .catch((error: unknown) =>
          log.warn({ err: error }, "unsent attachment file removal failed"),
        );
    }
    removed += keys.length;
    if (keys.length < BATCH) return removed;
  }
}
