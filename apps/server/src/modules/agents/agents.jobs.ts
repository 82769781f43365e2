import type { JobDefinition } from "../../lib/jobs.js";
import type { ScorecardRefresher } from "./scorecard-refresher.js";

/**
 * Agents who have bid but have no scorecard yet get one: shortly after start (a start does not
 * wait for it, nor do the first requests share the pool with it), then hourly.
 */
export function scorecardBackfillJob(scorecards: ScorecardRefresher): JobDefinition {
  return {
    name: "scorecard-backfill",
    intervalMs: 60 * 60 * 1000,
    firstRunAfterMs: 1000,
    run: async () => {
      await scorecards.backfill();
    },
  };
}
