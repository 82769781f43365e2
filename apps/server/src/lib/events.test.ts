import { describe, expect, it } from "vitest";
import { EventBus } from "./events.js";
import { databaseWaitLeft, startRequestClock } from "../db/request-clock.js";

describe("EventBus.settle", () => {
  it("waits for running listeners and for the work they start", async () => {
    const bus = new EventBus();
    const done: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    bus.on("user.updated", async ({ userId }) => {
      await gate;
      done.push(`updated ${userId}`);
      bus.emit("user.disabled", { userId });
    });
    bus.on("user.disabled", async ({ userId }) => {
      await Promise.resolve();
      done.push(`disabled ${userId}`);
    });

    bus.emit("user.updated", { userId: 7 });
    let settled = false;
    const settling = bus.settle().then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);

    release();
    await settling;
    expect(done).toEqual(["updated 7", "disabled 7"]);
  });

  it("settles after a failing listener, which is logged, not thrown", async () => {
    const errors: unknown[] = [];
    const log = { error: (entry: unknown) => errors.push(entry) };
    const bus = new EventBus(log as never);
    bus.on("user.updated", async () => {
      throw new Error("boom");
    });
    bus.emit("user.updated", { userId: 1 });
    await bus.settle();
    expect(errors).toHaveLength(1);
  });

  it("waits for background work a service started after its commit, and logs its failure", async () => {
    const errors: unknown[] = [];
    const bus = new EventBus({ error: (entry: unknown) => errors.push(entry) } as never);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const done: string[] = [];
    bus.background(async () => {
      await gate;
      done.push("notified");
    }, "notification failed");
    bus.background(async () => {
      throw new Error("boom");
    }, "notification failed");
    let settled = false;
    const settling = bus.settle().then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    release();
    await settling;
    expect(done).toEqual(["notified"]);
    expect(errors).toHaveLength(1);
  });

  it("runs background work a request started outside that request's database-wait clock", async () => {
    const bus = new EventBus();
    const waits: Array<number | undefined> = [];
    startRequestClock(() => {
      waits.push(databaseWaitLeft());
      bus.background(async () => void waits.push(databaseWaitLeft()), "failed");
    });
    await bus.settle();
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[1]).toBeUndefined();
  });
});
