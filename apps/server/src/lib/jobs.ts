import type { FastifyBaseLogger } from "fastify";
import { outsideRequest } from "../db/request-clock.js";

/** A recurring job: `run` is called every `intervalMs`, and again at once while it says there is more. */
export interface JobDefinition {
  name: string;
  intervalMs: number;
  /** Resolves true when it stopped at a batch limit and should run again right away. */
  run(): Promise<boolean | void>;
  /** Delay of the first run after the scheduler starts (default 0: at once). */
  firstRunAfterMs?: number;
}

export interface JobStats {
  name: string;
  runs: number;
  failures: number;
  running: boolean;
  lastRunAt: Date | null;
  lastDurationMs: number;
}

export interface JobHandle {
  /** Asks for a run soon (after `delayMs`); a run already going runs once more after it ends. */
  wake(delayMs?: number): void;
}

/** Failed runs in a row before a failure is logged as an error rather than a warning. */
const FAILURES_BEFORE_ERROR = 3;

class Job implements JobHandle {
  private timer: NodeJS.Timeout | null = null;
  private dueAt = Infinity;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private consecutiveFailures = 0;
  readonly stats: JobStats;

  constructor(
    private readonly definition: JobDefinition,
    private readonly log: FastifyBaseLogger | undefined,
  ) {
    this.stats = {
      name: definition.name,
      runs: 0,
      failures: 0,
      running: false,
      lastRunAt: null,
      lastDurationMs: 0,
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(this.definition.firstRunAfterMs ?? 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  wake(delayMs = 0): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(delayMs);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    const dueAt = Date.now() + delayMs;
    // An earlier timer already set stays: a wake never postpones a run.
    if (this.timer && this.dueAt <= dueAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = dueAt;
    // Background work is nobody's request, whichever request woke it.
    this.timer = setTimeout(outsideRequest, delayMs, () => {
      this.timer = null;
      this.dueAt = Infinity;
      this.running = this.tick().finally(() => {
        this.running = null;
        this.stats.running = false;
        const again = this.again;
        this.again = false;
        this.schedule(again ? 0 : this.definition.intervalMs);
      });
    });
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.stats.running = true;
    const started = Date.now();
    try {
      let more: boolean | void = false;
      do {
        more = await this.definition.run();
        this.stats.runs += 1;
      } while (more === true && !this.stopped);
      this.consecutiveFailures = 0;
    } catch (error) {
      this.stats.failures += 1;
      this.consecutiveFailures += 1;
      // A blip (the pool briefly exhausted, the database restarting) is a warning; a job that
      // keeps failing is an error.
      const level = this.consecutiveFailures >= FAILURES_BEFORE_ERROR ? "error" : "warn";
      if (!this.stopped) {
        this.log?.[level](
          { err: error, job: this.definition.name, failures: this.consecutiveFailures },
          "job failed",
        );
      }
    } finally {
      this.stats.lastRunAt = new Date();
      this.stats.lastDurationMs = Date.now() - started;
    }
  }
}

/**
 * The one scheduler of recurring work (bid windows, the event dispatcher, the mail outbox,
 * sweeps, scorecard refreshes): each job is a timer loop in this process; jobs that several
 * instances may run side by side claim their rows with FOR UPDATE SKIP LOCKED.
 */
export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private started = false;

  constructor(private readonly log?: FastifyBaseLogger) {}

  add(definition: JobDefinition): JobHandle {
    if (this.jobs.has(definition.name)) throw new Error(`job ${definition.name} added twice`);
    const job = new Job(definition, this.log);
    this.jobs.set(definition.name, job);
    if (this.started) job.start();
    return job;
  }

  start(): void {
    this.started = true;
    for (const job of this.jobs.values()) job.start();
  }

  async stop(): Promise<void> {
    this.started = false;
    await Promise.all([...this.jobs.values()].map((job) => job.stop()));
  }

  get running(): boolean {
    return this.started;
  }

  stats(): JobStats[] {
    return [...this.jobs.values()].map((job) => ({ ...job.stats }));
  }
}
