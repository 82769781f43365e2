import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../app.js";
import { createSeller, type TestUser } from "../factories.js";
import { postShipment } from "../shipment-factories.js";
import { isDatabaseUnavailable } from "../../plugins/overload.js";

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

describe("isDatabaseUnavailable", () => {
  it("recognises connection failures, also wrapped", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    const shutdown = Object.assign(new Error("terminating connection"), { code: "57P01" });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: shutdown }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused]))).toBe(true);
  });

  it("leaves query errors alone", () => {
    const unique = Object.assign(new Error("duplicate key"), { code: "23505" });
    expect(isDatabaseUnavailable(unique)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
