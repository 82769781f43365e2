import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "./test/app.js";

describe("app", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it("answers liveness and readiness", async () => {
    const live = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(live.statusCode).toBe(200);
    const ready = await ctx.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.json()).toEqual({ status: "ready", database: true });
  });

  it("answers unknown API paths with the error body", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/nope/" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: "error", status_code: 404, message: "Not found" });
  });

  it("serves the OpenAPI document and security headers", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty("openapi");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-request-id"]).toBeTruthy();
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["content-security-policy"]).toContain("object-src 'none'");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("gives API answers, refusals included, the API's security headers and a request id", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/shipments/1/" });
    expect(res.statusCode).toBe(401);
    expect(res.headers["x-request-id"]).toBeTruthy();
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });
});
