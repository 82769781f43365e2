import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";

/** Size and refill of a user's chat budget. */
export interface BudgetLimits {
  burst: number;
  perSecond: number;
}

/**
 * A token bucket kept in Redis, so every instance draws on the same budget. The clock is Redis's
 * own (TIME), so instances whose clocks differ still refill it at one rate.
 */
const TAKE_SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return allowed
`;

/** Every take names the script by its digest (EVALSHA); its text is sent only when Redis lacks it. */
const TAKE_SHA = createHash("sha1").update(TAKE_SCRIPT).digest("hex");

const LOCAL_MAX_ENTRIES = 100_000;

/**
 * How many chat actions one user may take, across all of their sockets: a burst, then a steady
 * rate. Shared through Redis when the hub has a usable connection; while it has none (no
 * REDIS_URL, or Redis is down) each instance keeps the same budget in memory.
 */
export class MessageBudget {
  private readonly local = new Map<number, { tokens: number; at: number }>();

  constructor(
    private readonly limits: BudgetLimits,
    private readonly redis: () => Redis | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True when the user may act now (and the action is counted). Never throws. */
  async take(userId: number): Promise<boolean> {
    const client = this.redis();
    if (client) {
      try {
        const args = [
          1,
          `fba:chat-budget:${userId}`,
          this.limits.burst,
          this.limits.perSecond,
        ] as const;
        let allowed: unknown;
        try {
          allowed = await client.evalsha(TAKE_SHA, ...args);
        } catch (error) {
          // A restarted or flushed Redis forgot the script: sending its text loads it again.
          if (!String((error as Error).message).startsWith("NOSCRIPT")) throw error;
          allowed = await client.eval(TAKE_SCRIPT, ...args);
        }
        return allowed === 1;
      } catch (error) {
        this.log.warn({ err: (error as Error).message }, "shared chat budget unavailable");
      }
    }
    return this.takeLocal(userId);
  }

  private takeLocal(userId: number): boolean {
    const now = Date.now();
    const entry = this.local.get(userId);
    let tokens = this.limits.burst;
    if (entry) {
      tokens = Math.min(
        this.limits.burst,
        entry.tokens + ((now - entry.at) / 1000) * this.limits.perSecond,
      );
    } else if (this.local.size >= LOCAL_MAX_ENTRIES) {
      this.prune(now);
    }
    const allowed = tokens >= 1;
    this.local.set(userId, { tokens: allowed ? tokens - 1 : tokens, at: now });
    return allowed;
  }

  /** Forgets buckets that have refilled completely: they hold nothing a new bucket would not. */
  prune(now = Date.now()): void {
    const refillMs = (this.limits.burst / this.limits.perSecond) * 1000;
    for (const [userId, entry] of this.local) {
      if (now - entry.at >= refillMs) this.local.delete(userId);
    }
  }
}
