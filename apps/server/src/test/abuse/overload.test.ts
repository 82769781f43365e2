import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../app.js";
import { expectErrorLog } from "../log-capture.js";
import { createSeller, type TestUser } from "../factories.js";
import { postShipment } from "../shipment-factories.js";
import { sql } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
  shedWhenOverloaded,
} from "../../plugins/overload.js";
import {
  outsideRequest,
  REQUEST_DATABASE_WAIT_MS,
  startRequestClock,
} from "../../db/request-clock.js";

describe("database unreachable", () => {
  let ctx: TestContext;
  let seller: TestUser;
  let shipmentId: number;
  beforeAll(async () => {
    ctx = await buildTestApp();
    seller = await createSeller(ctx.app);
    shipmentId = await postShipment(ctx.app, seller);
  });
  afterAll(async () => ctx.close());

  it("answers 503 with Retry-After and readiness turns false", async () => {
    expect((await ctx.app.inject({ url: "/api/health/ready" })).statusCode).toBe(200);
    // The outage is logged, as it would be in production.
    expectErrorLog(/"msg":"service unavailable"/);
    await ctx.database.close();
    const ready = await ctx.app.inject({ url: "/api/health/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "unavailable", database: false });

    const list = await ctx.app.inject({
      url: `/api/shipments/${shipmentId}/`,
      headers: seller.auth,
    });
    expect(list.statusCode).toBe(503);
    expect(list.headers["retry-after"]).toBeDefined();
    expect(list.json()).toMatchObject({ status: "error", status_code: 503 });
  });
});

// The embedded database has no connection pool to queue on: this needs PostgreSQL.
describe.runIf(process.env.TEST_DATABASE_URL)("database queue full", () => {
  let ctx: TestContext;
  let seller: TestUser;
  let shipmentId: number;
  // A web build: the app's page and one script.
  const web = mkdtempSync(path.join(tmpdir(), "fba-web-dist-"));
  const APP =
    '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc.js">';
  beforeAll(async () => {
    mkdirSync(path.join(web, "assets"));
    writeFileSync(path.join(web, "index.html"), APP);
    writeFileSync(path.join(web, "assets", "index-abc.js"), "export {};");
    ctx = await buildTestApp({ MAX_DATABASE_QUEUE: 2, WEB_DIST_DIR: web });
    seller = await createSeller(ctx.app);
    shipmentId = await postShipment(ctx.app, seller);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("answers 503 with Retry-After at once while queries queue, and serves again after", async () => {
    const get = () =>
      ctx.app.inject({ url: `/api/shipments/${shipmentId}/`, headers: seller.auth });
    // Every pooled connection busy and more queries waiting than allowed.
    const busy = Promise.all(
      Array.from({ length: 10 }, () => ctx.database.db.execute(sql`select pg_sleep(0.5)`)),
    );
    await expect.poll(() => ctx.database.waiting()).toBeGreaterThan(2);

    const shed = await get();
    expect(shed.statusCode).toBe(503);
    expect(shed.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
    expect(shed.json()).toMatchObject({ status: "error", status_code: 503 });
    expect((await ctx.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    // The app's pages and code need no database: a browser still gets the app, which then shows
    // its API calls' 503 as a busy server.
    const page = await ctx.app.inject({ url: "/seller/booking" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(APP);
    const script = await ctx.app.inject({ url: "/assets/index-abc.js" });
    expect(script.statusCode).toBe(200);
    expect(ctx.database.waiting()).toBeGreaterThan(2);

    await busy;
    expect((await get()).statusCode).toBe(200);
  });
});

describe("what an overloaded server turns away", () => {
  it.each([
    ["/api/shipments/7/", "pressure", true],
    ["/api/shipments/7/", "queue", true],
    ["/api/health", "pressure", false],
    ["/api/health/ready", "queue", false],
    ["/ws/group-chat/7/", "pressure", true],
    ["/ws/group-chat/7/", "queue", false],
    ["/seller/booking", "pressure", false],
    ["/assets/index-abc.js", "queue", false],
    ["/", "pressure", false],
  ] as const)("%s when overloaded by %s: %s", (url, cause, shed) => {
    expect(shedWhenOverloaded(url, cause)).toBe(shed);
  });
});

// A request of several statements waits for a connection before each; the bound runs from the
// request's start, so those waits cannot add up to many times the bound.
describe.runIf(process.env.TEST_DATABASE_URL)("waiting for a pooled connection", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ MAX_DATABASE_QUEUE: 0 });
  });
  afterAll(async () => ctx.close());

  it("a query late in a request waits only what is left of the request's bound", async () => {
    // Background jobs queued behind the sleepers give up too, and say so.
    expectErrorLog(/timeout exceeded when trying to connect/);
    // More sleepers than pooled connections (the ones left queued give up): every connection
    // stays busy past the bound.
    const busyMs = REQUEST_DATABASE_WAIT_MS + 1_000;
    const busy = Promise.allSettled(
      Array.from({ length: 12 }, () =>
        ctx.database.db.execute(sql`select pg_sleep(${busyMs / 1000})`),
      ),
    );
    await expect.poll(() => ctx.database.waiting()).toBeGreaterThan(0);
    const late = await new Promise<{ error: unknown; waitedMs: number }>((resolve) =>
      startRequestClock(() => {
        void (async () => {
          // Most of the bound goes on earlier work; a connection frees only after the bound.
          await sleep(REQUEST_DATABASE_WAIT_MS - 500);
          const asked = performance.now();
          const error = await ctx.database.db.execute(sql`select 1`).then(
            () => undefined,
            (failure: unknown) => failure,
          );
          resolve({ error, waitedMs: performance.now() - asked });
        })();
      }),
    );
    expect(late.error).toBeDefined();
    expect(isDatabaseUnavailable(late.error)).toBe(true);
    // What was left of the bound (500 ms), not a full wait of its own.
    expect(late.waitedMs).toBeLessThan(1_000);
    await busy;
    // Outside a request (background work) a query waits as the pool allows, and is served.
    expect(await ctx.database.db.execute(sql`select 1 as one`)).toMatchObject({
      rows: [{ one: 1 }],
    });
  });
});

// Background work (jobs, the event dispatcher) has connections of its own: a commit's
// consequences do not wait behind a burst of reads, nor take the connections requests need.
describe.runIf(process.env.TEST_DATABASE_URL)("the background pool", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ MAX_DATABASE_QUEUE: 0 });
  });
  afterAll(async () => ctx.close());

  const sessionName = async () => {
    const result = (await ctx.database.db.execute(
      sql`select current_setting('application_name') as name`,
    )) as unknown as { rows: Array<{ name: string }> };
    return result.rows[0]?.name;
  };

  it("serves background work while every request connection is taken", async () => {
    expect(await sessionName()).toBe("fba-freight");
    // More sleepers than the request pool holds: requests queue until they end.
    const busy = Promise.allSettled(
      Array.from({ length: 8 }, () => ctx.database.db.execute(sql`select pg_sleep(1.5)`)),
    );
    await expect.poll(() => ctx.database.waiting()).toBeGreaterThan(0);
    const name = await outsideRequest(sessionName);
    expect(name).toBe("fba-freight background");
    // Served ahead of the queued requests: they are still waiting for a connection.
    expect(ctx.database.waiting()).toBeGreaterThan(0);
    await busy;
  });
});

describe("isDatabaseUnavailable", () => {
  it("recognises connection failures, also wrapped", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    const shutdown = Object.assign(new Error("terminating connection"), { code: "57P01" });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: shutdown }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Client was closed and is not queryable"))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused]))).toBe(true);
  });

  it("leaves query errors alone", () => {
    const unique = Object.assign(new Error("duplicate key"), { code: "23505" });
    expect(isDatabaseUnavailable(unique)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
