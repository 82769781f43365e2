import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../test/app.js";
import { createAdmin, createSeller, type TestUser } from "../test/factories.js";

describe("/metrics", () => {
  let ctx: TestContext;
  let admin: TestUser;
  let seller: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await createAdmin(ctx.app);
    seller = await createSeller(ctx.app);
  });
  afterAll(async () => ctx.close());

  it("is for admins only, in Prometheus' text format, with the outbox, jobs, sockets, pool, page cache lookups and requests per route", async () => {
    expect((await ctx.app.inject({ url: "/metrics" })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: "/metrics", headers: seller.auth })).statusCode).toBe(403);
    await ctx.app.inject({ url: "/api/shipments/1/", headers: seller.auth });
    await ctx.app.database.db.execute(
      sql`insert into domain_events (name, payload, status) values ('user.updated', '{}', 'parked')`,
    );
    const res = await ctx.app.inject({ url: "/metrics", headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const text = res.body;
    for (const line of [
      "fba_events_waiting 0",
      // Read afresh on this very scrape.
      "fba_events_parked 1",
      'fba_job_runs{job="event-dispatch"}',
      "fba_sockets_open 0",
      "fba_db_pool_waiting 0",
      'fba_page_cache_lookups{shelf="pages",outcome="hit"}',
      'fba_page_cache_lookups{shelf="shared",outcome="miss"}',
      'fba_http_requests_total{method="GET",route="/api/shipments/:id/",status=',
      'fba_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/shipments/:id/"}',
    ]) {
      expect(text).toContain(line);
    }
    // Routes by pattern, never by raw path.
    expect(text).not.toContain('route="/api/shipments/1/"');
  });
});
