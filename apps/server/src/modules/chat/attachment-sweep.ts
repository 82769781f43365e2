import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import type { FileStorage } from "../../lib/storage.js";
import { releaseStorageOf } from "../../lib/storage-quota.js";
import { deleteUnsentAttachments } from "./attachments.repository.js";

const BATCH = 100;
const HOUR_MS = 3_600_000;
/** A full pass now and then also catches attachments whose message went away with its chat. */
const FULL_PASS_EVERY_MS = 24 * HOUR_MS;

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

/**
 * The background loop, like the bid-window one: any number of instances may run it. After a full
 * pass, each run only looks at attachments that became due since the last run (with an hour of
 * overlap), so sent attachments are not re-read every time.
 */
export function startUnsentAttachmentSweep(
  db: Db,
  storage: FileStorage,
  log: FastifyBaseLogger,
  ttlHours: number,
  intervalMs = 10 * 60_000,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let lastFullPass = 0;
  let lastCutoff: Date | null = null;

  const tick = async () => {
    const now = new Date();
    const isFullPass = now.getTime() - lastFullPass >= FULL_PASS_EVERY_MS;
    const after = isFullPass || !lastCutoff ? null : new Date(lastCutoff.getTime() - HOUR_MS);
    try {
      const removed = await sweepUnsentAttachments(db, storage, log, { ttlHours, now, after });
      if (removed > 0) log.info({ removed }, "unsent attachments removed");
      if (isFullPass) lastFullPass = now.getTime();
      lastCutoff = new Date(now.getTime() - ttlHours * HOUR_MS);
    } catch (error) {
      if (!stopped) log.error({ err: error }, "removing unsent attachments failed");
    }
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
    }, delayMs);
    timer.unref();
  };
  // The first pass shortly after start, so a restart does not postpone cleanup by a whole interval.
  schedule(Math.min(intervalMs, 5_000));

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
