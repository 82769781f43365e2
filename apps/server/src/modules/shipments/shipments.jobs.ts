import type { Db } from "../../db/client.js";
import type { EventBus } from "../../lib/events.js";
import type { JobDefinition } from "../../lib/jobs.js";
import { closeDueBidding } from "./bidding-window.js";

const BATCH = 100;

/**
 * Closes passed bid windows every second: claims due shipments with SKIP LOCKED, so any number
 * of instances can run it side by side without closing a window twice.
 */
export function biddingWindowJob(db: Db, events: EventBus, intervalMs = 1000): JobDefinition {
  return {
    name: "bidding-windows",
    intervalMs,
    firstRunAfterMs: intervalMs,
    run: async () =>
      (await closeDueBidding(db, events, new Date(), { limit: BATCH, skipLocked: true })) === BATCH,
  };
}
