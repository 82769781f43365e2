import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../app.js";
import { registerViaApi, uniqueEmail } from "../auth-factories.js";

const TOO_MANY = "Too many requests, please try again later";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

function login(email: string, remoteAddress: string) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/auth/login/",
    remoteAddress,
    payload: { email, password: "Wr0ng!Password", group: "Seller" },
  });
}

describe("login flood", () => {
  it(
    "one account guessed from many addresses: 200 tries per 15 min, then 429 with Retry-After",
    { timeout: 180_000 },
    async () => {
      const email = uniqueEmail("target");
      for (let i = 0; i < 200; i += 1) {
        const res = await login(email, `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`);
        expect(res.statusCode).toBe(400);
      }
      const limited = await login(email, "10.9.9.9");
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(60);
      expect(limited.json()).toEqual({
        status: "error",
        status_code: 429,
        message: TOO_MANY,
        errors: [{ message: TOO_MANY }],
      });
      // The limit is the account's: another account from that same fresh address is served.
      expect((await login(uniqueEmail("bystander"), "10.9.9.9")).statusCode).toBe(400);
    },
  );

  it(
    "hammering someone's email from many addresses does not lock the owner out",
    { timeout: 180_000 },
    async () => {
      const owner = await registerViaApi(ctx.app);
      for (let i = 0; i < 60; i += 1) {
        const res = await login(owner.email, `10.5.${Math.floor(i / 250)}.${(i % 250) + 1}`);
        expect(res.statusCode).toBe(400);
      }
      const own = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        remoteAddress: "192.0.2.77",
        payload: { email: owner.email, password: owner.password, group: "Seller" },
      });
      expect(own.statusCode).toBe(200);
    },
  );

  it(
    "one address spraying many accounts: 100 tries per 15 min, then 429",
    { timeout: 180_000 },
    async () => {
      const address = "10.2.0.1";
      for (let i = 0; i < 100; i += 1) {
        expect((await login(uniqueEmail(`spray${i}`), address)).statusCode).toBe(400);
      }
      const limited = await login(uniqueEmail("spray-last"), address);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      // Other clients are unaffected.
      expect((await login(uniqueEmail("elsewhere"), "10.3.0.1")).statusCode).toBe(400);
    },
  );

  it("answers wrong passwords and unknown accounts alike, so a flood learns nothing", async () => {
    const unknown = await login(uniqueEmail("nobody"), "10.4.0.1");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().status_code).toBe(400);
  });
});
