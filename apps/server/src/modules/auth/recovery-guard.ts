import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { Db } from "../../db/client.js";
import { AppError, defaultErrorMessage } from "../../lib/errors.js";
import { countRecoveryFailure } from "./auth.repository.js";

/** The budget's window: wrong codes count per client address and clock hour. */
export const WRONG_CODE_WINDOW_MS = 3_600_000;
const TOO_MANY = defaultErrorMessage("RATE_LIMITED");
/** Local counters kept at most (addresses of the current and the previous window). */
const LOCAL_COUNTERS = 100_000;

export interface RecoveryGuardDeps {
  db: Db;
  /** The shared command connection while REDIS_URL is set (counters shared by every instance). */
  redis: () => Redis | undefined;
  /** Wrong codes one client address may send per hour, across every account. */
  maxPerHour: number;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Wrong recovery codes, across every account: each client address has a budget per hour (a spray
 * of one guess at many accounts stops at it, while each account's own cap never trips), and every
 * wrong code is counted in its hour for the admins. Counters live in Redis when it is configured
 * and reachable, else in this instance's memory.
 */
export class RecoveryGuard {
  private readonly local = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly deps: RecoveryGuardDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The 429 (with Retry-After) for an address whose budget is spent; null while it lasts. */
  async refusal(address: string): Promise<AppError | null> {
    const now = this.now();
    const window = Math.floor(now / WRONG_CODE_WINDOW_MS);
    if ((await this.count(this.key(address, window))) < this.deps.maxPerHour) return null;
    const retryAfter = Math.max(1, Math.ceil(((window + 1) * WRONG_CODE_WINDOW_MS - now) / 1000));
    return new AppError("RATE_LIMITED", TOO_MANY, [{ message: TOO_MANY }], {
      "Retry-After": String(retryAfter),
    });
  }

  /** A wrong code from this address: spends its budget and counts in the hour's total. */
  async failed(address: string): Promise<void> {
    const now = this.now();
    const key = this.key(address, Math.floor(now / WRONG_CODE_WINDOW_MS));
    await Promise.all([
      this.increment(key),
      countRecoveryFailure(this.deps.db, new Date(now)).catch((error: unknown) =>
        this.deps.log.warn({ err: error }, "could not count a recovery failure"),
      ),
    ]);
  }

  private key(address: string, window: number): string {
    return `otp-wrong:${window}:${address}`;
  }

  private async count(key: string): Promise<number> {
    const redis = this.deps.redis();
    if (redis) {
      try {
        return Number((await redis.get(key)) ?? 0);
      } catch {
        // Redis away: this instance's own count still holds the line.
      }
    }
    return this.local.get(key) ?? 0;
  }

  private async increment(key: string): Promise<void> {
    const redis = this.deps.redis();
    if (redis) {
      try {
        await redis
          .multi()
          .incr(key)
          .pexpire(key, 2 * WRONG_CODE_WINDOW_MS)
          .exec();
        return;
      } catch {
        // Counted locally below.
      }
    }
    if (this.local.size >= LOCAL_COUNTERS) this.dropOldWindows();
    this.local.set(key, (this.local.get(key) ?? 0) + 1);
  }

  private dropOldWindows(): void {
    const current = `otp-wrong:${Math.floor(this.now() / WRONG_CODE_WINDOW_MS)}:`;
    for (const key of this.local.keys()) if (!key.startsWith(current)) this.local.delete(key);
    if (this.local.size >= LOCAL_COUNTERS) this.local.clear();
  }
}
