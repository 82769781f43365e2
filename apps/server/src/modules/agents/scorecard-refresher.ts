import pLimit, { type LimitFunction } from "p-limit";
import type { Db } from "../../db/client.js";
import {
  agentsWithoutScorecard,
  refreshScorecard,
  type ScorecardScope,
} from "./scorecards.repository.js";

/**
 * Keeps agent scorecards current. Every write that changes an input of a scorecard already
 * announces itself with a domain event after its commit (a bid, a window closing with a winner,
 * an acceptance, decline or cancellation, a status change such as completion, the final amount,
 * a charge change's step, a leg's ETA, a milestone, a document); this is the one listener that
 * turns those into refreshes of the agents they name. Ratings refresh directly (their service).
 *
 * Refreshes of one agent are coalesced: while one waits to start, later requests join it (it
 * starts after their commits, so it sees them); one requested while another runs queues after it.
 * A request names its scope: a new bid changes only the bids' figures (`bids`, one index read),
 * anything else may change all of it (`all`); a waiting refresh joined by both recomputes all.
 * A refresh reads the agent's whole history, so one agent's refreshes start at least `gapMs`
 * apart: an agent bidding on fifty shipments in a minute costs a refresh a second, not fifty,
 * and their card is at most that late. An idle agent's first refresh starts at once.
 *
 * At most `concurrency` refreshes run at once, whoever's they are; the others wait for a turn,
 * still joined by later requests for their agent. A full refresh of an agent with 1,700 won
 * orders reads them all with their legs (37 ms at 1,000,000 shipments): run side by side on every
 * connection of the background pool, changes from many agents took both cores of a small machine
 * from the requests. Under load cards are then a little later, and fewer refreshes run.
 */
export class ScorecardRefresher {
  private readonly waiting = new Map<
    number,
    { done: Promise<void>; startNow: () => void; scope: ScorecardScope }
  >();
  private readonly running = new Map<number, Promise<void>>();
  private readonly lastStart = new Map<number, number>();
  private readonly turns: LimitFunction;

  constructor(
    private readonly db: Db,
    private readonly gapMs = 0,
    private readonly run: (agentId: number, scope: ScorecardScope) => Promise<void> = (id, scope) =>
      refreshScorecard(db, id, scope),
    concurrency = 1,
  ) {
    this.turns = pLimit(concurrency);
  }

  /**
   * `immediate`: start without waiting out the gap (an answer that shows the card waits on it).
   * `scope`: what the change may have changed (`all` unless only bids were placed).
   */
  refresh(
    agentId: number,
    { immediate = false, scope = "all" }: { immediate?: boolean; scope?: ScorecardScope } = {},
  ): Promise<void> {
    const waiting = this.waiting.get(agentId);
    if (waiting) {
      if (scope === "all") waiting.scope = "all";
      if (immediate) waiting.startNow();
      return waiting.done;
    }
    let startNow!: () => void;
    const turn = new Promise<void>((resolve) => (startNow = resolve));
    const last = this.lastStart.get(agentId);
    const delay = immediate || last === undefined ? 0 : last + this.gapMs - Date.now();
    const timer = delay > 0 ? setTimeout(startNow, delay) : undefined;
    if (!timer) startNow();
    const before = (this.running.get(agentId) ?? Promise.resolve()).catch(() => undefined);
    const done: Promise<void> = Promise.all([before, turn])
      .then(() =>
        // Waiting for a turn, it is still the agent's waiting refresh: later requests join it.
        this.turns(() => {
          clearTimeout(timer);
          this.waiting.delete(agentId);
          this.running.set(agentId, done);
          this.started(agentId);
          return this.run(agentId, entry.scope);
        }),
      )
      .finally(() => {
        if (this.running.get(agentId) === done) this.running.delete(agentId);
      });
    const entry = { done, startNow, scope };
    this.waiting.set(agentId, entry);
    return done;
  }

  async refreshMany(
    agentIds: Iterable<number | null | undefined>,
    scope: ScorecardScope = "all",
  ): Promise<void> {
    const ids = new Set([...agentIds].filter((id): id is number => typeof id === "number"));
    await Promise.all([...ids].map((id) => this.refresh(id, { scope })));
  }

  /** Agents who have bid but have no scorecard yet get one (run once at start, in the background). */
  async backfill(): Promise<number> {
    const ids = await agentsWithoutScorecard(this.db);
    for (const id of ids) await this.refresh(id);
    return ids.length;
  }

  /** Notes a start; starts older than the gap no longer matter and are forgotten now and then. */
  private started(agentId: number): void {
    const now = Date.now();
    if (this.lastStart.size >= 1000) {
      for (const [id, at] of this.lastStart) if (now - at >= this.gapMs) this.lastStart.delete(id);
    }
    this.lastStart.set(agentId, now);
  }
}
