import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { post, uniqueEmail } from "../../test/auth-factories.js";

const wrongLogin = (email: string) => ({ email, password: "Wr0ng!Password", group: "Seller" });

function expectRateLimited(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.json()).toEqual({
    status: "error",
    status_code: 429,
    message: "Too many requests, please try again later",
    errors: [{ message: "Too many requests, please try again later" }],
  });
  return retryAfter;
}

describe("auth rate limits (in-process counters)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it("allows 10 login attempts a minute per address and client, then 429 with Retry-After", async () => {
    const email = uniqueEmail("flood");
    for (let i = 0; i < 10; i++) {
      expect((await post(ctx.app, "/api/auth/login/", wrongLogin(email))).statusCode).toBe(400);
    }
    const limited = await post(ctx.app, "/api/auth/login/", wrongLogin(email.toUpperCase()));
    expect(expectRateLimited(limited)).toBeLessThanOrEqual(60);
    // Another account from the same client is still served.
    const other = await post(ctx.app, "/api/auth/login/", wrongLogin(uniqueEmail("other")));
    expect(other.statusCode).toBe(400);
  });

  it("counts malformed sign-ups too: 20 an hour per client", async () => {
    for (let i = 0; i < 20; i++) {
      expect((await post(ctx.app, "/api/auth/register/", {})).statusCode).toBe(400);
    }
    expect(expectRateLimited(await post(ctx.app, "/api/auth/register/", {}))).toBeGreaterThan(60);
  });

  it("shares one per-address counter across every recovery call", async () => {
    const email = uniqueEmail("otp");
    const urls = ["/api/auth/verify-otp/", "/api/auth/password-reset/"];
    for (let i = 0; i < 15; i++) {
      const res = await post(ctx.app, urls[i % urls.length]!, { email, otp: "x" });
      expect(res.statusCode).toBe(400);
    }
    expectRateLimited(await post(ctx.app, "/api/auth/password-init/", { email }));
    expectRateLimited(await post(ctx.app, "/api/auth/send-otp/", { email }));
    const other = await post(ctx.app, "/api/auth/password-init/", { email: uniqueEmail("fine") });
    expect(other.statusCode).toBe(200);
  });
});

describe("auth rate limits switched off", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ RATE_LIMIT_DISABLED: true });
  });
  afterAll(async () => ctx.close());

  it("never answers 429 when RATE_LIMIT_DISABLED is set", async () => {
    const email = uniqueEmail("bench");
    for (let i = 0; i < 12; i++) {
      expect((await post(ctx.app, "/api/auth/login/", wrongLogin(email))).statusCode).toBe(400);
    }
  });
});

describe.runIf(process.env.REDIS_URL)("auth rate limits shared through Redis", () => {
  let first: TestContext;
  let second: TestContext;
  beforeAll(async () => {
    first = await buildTestApp({ REDIS_URL: process.env.REDIS_URL });
    second = await buildTestApp({ REDIS_URL: process.env.REDIS_URL });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("counts attempts across server instances", async () => {
    expect(first.app.redis).toBeDefined();
    const email = uniqueEmail("cluster");
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      expect((await post(app, "/api/auth/login/", wrongLogin(email))).statusCode).toBe(400);
    }
    expectRateLimited(await post(second.app, "/api/auth/login/", wrongLogin(email)));
    expectRateLimited(await post(first.app, "/api/auth/login/", wrongLogin(email)));
  });
});

describe("auth rate limits with Redis unreachable", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ REDIS_URL: "redis://127.0.0.1:1" });
  });
  afterAll(async () => ctx.close());

  it("still serves sign-ins (fails open) instead of erroring", async () => {
    const email = uniqueEmail("noredis");
    for (let i = 0; i < 12; i++) {
      expect((await post(ctx.app, "/api/auth/login/", wrongLogin(email))).statusCode).toBe(400);
    }
  });
});
