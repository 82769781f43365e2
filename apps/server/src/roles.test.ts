import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { buildTestApp, type TestContext } from "./test/app.js";

describe("ROLE", () => {
  it("defaults to all, and refuses web or worker on the embedded database", () => {
    expect(loadConfig({}).ROLE).toBe("all");
    expect(() => loadConfig({ ROLE: "worker" })).toThrow(
      /ROLE=web or ROLE=worker needs DATABASE_URL/,
    );
    expect(loadConfig({ ROLE: "web", DATABASE_URL: "postgres://db.example:5432/fba" }).ROLE).toBe(
      "web",
    );
  });

  describe("a web instance", () => {
    let ctx: TestContext;
    beforeAll(async () => (ctx = await buildTestApp({ ROLE: "web" })));
    afterAll(async () => ctx.close());

    it("runs no jobs and leaves recorded events to the workers", async () => {
      expect(ctx.app.scheduler.running).toBe(false);
      const event = await ctx.app.events.record(ctx.app.database.db, "rating.replied", {
        shipmentId: 1,
        sellerId: 1,
        agentId: 2,
      });
      ctx.app.events.emit("rating.replied", event);
      await ctx.app.events.settle();
      const { rows } = (await ctx.app.database.db.execute(
        "select status from domain_events where name = 'rating.replied'",
      )) as unknown as { rows: Array<{ status: string }> };
      expect(rows).toEqual([{ status: "pending" }]);
      // A worker on the same database delivers it.
      await ctx.app.dispatcher.drain();
      const after = (await ctx.app.database.db.execute(
        "select status from domain_events where name = 'rating.replied'",
      )) as unknown as { rows: Array<{ status: string }> };
      expect(after.rows).toEqual([{ status: "done" }]);
    });
  });

  describe("a worker instance", () => {
    let ctx: TestContext;
    beforeAll(async () => (ctx = await buildTestApp({ ROLE: "worker" })));
    afterAll(async () => ctx.close());

    it("runs the jobs and answers only its health checks", async () => {
      expect(ctx.app.scheduler.running).toBe(true);
      expect(ctx.app.scheduler.stats().map((job) => job.name)).toEqual(
        expect.arrayContaining(["event-dispatch", "mail-outbox", "bidding-windows"]),
      );
      expect((await ctx.app.inject({ url: "/api/health/ready" })).statusCode).toBe(200);
      const api = await ctx.app.inject({ url: "/api/shipments/" });
      expect(api.statusCode).toBe(404);
      expect(api.json().errors[0].message).toMatch(/ROLE=worker/);
    });
  });
});
