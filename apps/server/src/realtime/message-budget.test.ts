import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MessageBudget } from "./message-budget.js";

const redisUrl = process.env.REDIS_URL;
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
/** A refill so slow that nothing comes back while a test runs. */
const limits = { burst: 3, perSecond: 0.0001 };

describe("a user's chat budget in memory", () => {
  it("allows the burst, refuses the next one, and refills at the steady rate", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T12:00:00Z") });
    try {
      const budget = new MessageBudget({ burst: 3, perSecond: 2 }, () => null, log);
      const taken = [];
      for (let i = 0; i < 4; i++) taken.push(await budget.take(7));
      expect(taken).toEqual([true, true, true, false]);
      // Another user has a budget of their own.
      expect(await budget.take(8)).toBe(true);
      vi.setSystemTime(new Date("2026-11-24T12:00:00.500Z"));
      expect(await budget.take(7)).toBe(true);
      expect(await budget.take(7)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("falls back to memory when the shared store fails", async () => {
    const broken = {
      eval: () => Promise.reject(new Error("Connection is closed.")),
      evalsha: () => Promise.reject(new Error("Connection is closed.")),
    } as unknown as Redis;
    const budget = new MessageBudget(limits, () => broken, log);
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await budget.take(9));
    expect(taken).toEqual([true, true, true, false]);
  });

  it("sends the script's text only when the shared store does not know it", async () => {
    const calls: string[] = [];
    const store = {
      evalsha: () => {
        calls.push("evalsha");
        return Promise.reject(new Error("NOSCRIPT No matching script. Please use EVAL."));
      },
      eval: (script: string) => {
        calls.push(script.includes("redis.call('TIME')") ? "eval script" : "eval other");
        return Promise.resolve(0);
      },
    } as unknown as Redis;
    const budget = new MessageBudget(limits, () => store, log);
    // The store's answer (0: refused) is the verdict, not the memory fallback's.
    expect(await budget.take(11)).toBe(false);
    expect(calls).toEqual(["evalsha", "eval script"]);
  });
});

describe.skipIf(!redisUrl)("a user's chat budget shared through Redis", () => {
  let clients: Redis[];

  beforeAll(async () => {
    clients = [new Redis(redisUrl!), new Redis(redisUrl!)];
    await Promise.all(clients.map((client) => client.ping()));
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
  });

  it("is one budget for every instance", async () => {
    const [a, b] = clients as [Redis, Redis];
    const onA = new MessageBudget(limits, () => a, log);
    const onB = new MessageBudget(limits, () => b, log);
    // A user id no other run has used.
    const userId = 1_000_000 + randomBytes(3).readUIntBE(0, 3);
    expect(await onA.take(userId)).toBe(true);
    expect(await onB.take(userId)).toBe(true);
    expect(await onA.take(userId)).toBe(true);
    expect(await onB.take(userId)).toBe(false);
    expect(await onA.take(userId)).toBe(false);
    expect(await onB.take(userId + 1)).toBe(true);
    // The bucket expires on its own once it would be full again.
    expect(await a.pttl(`fba:chat-budget:${userId}`)).toBeGreaterThan(0);
    await a.del(`fba:chat-budget:${userId}`, `fba:chat-budget:${userId + 1}`);
  });
});
