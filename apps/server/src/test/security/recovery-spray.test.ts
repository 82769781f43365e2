import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, type RecoveryFailures } from "@fba/contract";
import { buildApp } from "../../app.js";
import { testConfig } from "../../config.js";
import { buildTestApp, openTestDatabase, type TestContext } from "../app.js";
import { ageOtpCodes, latestCodeFor, registerViaApi, uniqueEmail } from "../auth-factories.js";
import { createAdmin, createSeller, type TestUser } from "../factories.js";

/**
 * One address spraying recovery codes across many accounts (one or two guesses each, under every
 * account's own cap) is stopped by a budget of wrong codes per address and hour; admins see the
 * wrong codes per hour; an admin can open a paused recovery again for its owner.
 */

const NEW_PASSWORD = "Fresh!Start9";
/** An address of its own per call site, so counters of other tests and runs never meet. */
const randomAddress = () => `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

function call(app: FastifyInstance, url: string, payload: object, remoteAddress: string) {
  return app.inject({ method: "POST", url, payload, remoteAddress });
}
const init = (app: FastifyInstance, email: string, from = randomAddress()) =>
  call(app, "/api/auth/password-init/", { email, channel: "EMAIL" }, from);
const verify = (app: FastifyInstance, email: string, otp: string, from: string) =>
  call(app, "/api/auth/verify-otp/", { email, otp, channel: "EMAIL" }, from);
const reset = (app: FastifyInstance, email: string, otp: string, from: string) =>
  call(
    app,
    "/api/auth/password-reset/",
    { email, otp, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    from,
  );
const wrong = (code: string, offset = 1) =>
  String((Number(code) + offset) % 10_000).padStart(4, "0");

describe("a budget of wrong recovery codes per client address, across accounts", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it("refuses the 31st wrong code of an hour from one address with 429, the right code too", async () => {
    const owner = await registerViaApi(ctx.app);
    expect((await init(ctx.app, owner.email)).statusCode).toBe(200);
    const code = await latestCodeFor(ctx.app, owner.email);

    // 4 wrong guesses at the owner's code (one try left of 5) and one at each of 26 other
    // addresses: no account's own cap comes near.
    const spray = randomAddress();
    for (let i = 1; i <= 4; i++) {
      const res = await (i % 2 === 0
        ? reset(ctx.app, owner.email, wrong(code, i), spray)
        : verify(ctx.app, owner.email, wrong(code, i), spray));
      expect(res.statusCode, `guess ${i}`).toBe(400);
    }
    for (let i = 0; i < 26; i++) {
      const res = await (i % 3 === 0
        ? reset(ctx.app, uniqueEmail("sprayed"), "1234", spray)
        : verify(ctx.app, uniqueEmail("sprayed"), "1234", spray));
      expect(res.statusCode, `guess ${i + 5}`).toBe(400);
    }

    const refused = await verify(ctx.app, uniqueEmail("sprayed"), "1111", spray);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({
      status: "error",
      status_code: 429,
      message: expect.any(String),
      errors: [{ message: refused.json().message }],
    });
    // Spent means spent: not even the right code is looked at from that address this hour.
    expect((await verify(ctx.app, owner.email, code, spray)).statusCode).toBe(429);
    expect((await reset(ctx.app, owner.email, code, spray)).statusCode).toBe(429);

    // Any other address is unaffected: the owner goes on from their own.
    const home = randomAddress();
    expect((await verify(ctx.app, owner.email, code, home)).statusCode).toBe(200);
    expect((await reset(ctx.app, owner.email, code, home)).statusCode).toBe(200);
  });

  it("spends the budget only on wrong codes", async () => {
    const from = randomAddress();
    for (let i = 0; i < 31; i++) {
      const owner = await createSeller(ctx.app);
      expect((await init(ctx.app, owner.email)).statusCode).toBe(200);
      const code = await latestCodeFor(ctx.app, owner.email);
      expect((await verify(ctx.app, owner.email, code, from)).statusCode).toBe(200);
    }
  }, 120_000);

  it("counts wrong codes per hour for admins, every account and address together", async () => {
    const admin = await createAdmin(ctx.app);
    const read = async (user: TestUser) =>
      ctx.app.inject({
        method: "GET",
        url: "/api/admin/recovery-failures/",
        headers: user.auth,
      });
    const before = (await read(admin)).json().data as RecoveryFailures;
    expect(before.hours).toHaveLength(24);
    const starts = before.hours.map((row) => Date.parse(row.hour));
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBe(3_600_000);
    expect(starts.at(-1)! % 3_600_000).toBe(0);
    expect(Date.now() - starts.at(-1)!).toBeLessThan(3_600_000);

    for (let i = 0; i < 3; i++) {
      await verify(ctx.app, uniqueEmail("counted"), "0000", randomAddress());
    }
    const after = (await read(admin)).json().data as RecoveryFailures;
    expect(after.hours.at(-1)!.failures - before.hours.at(-1)!.failures).toBe(3);
    expect(after.total - before.total).toBe(3);

    const seller = await createSeller(ctx.app);
    expect((await read(seller)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/admin/recovery-failures/" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("an admin opens a paused recovery again", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it("lifts the pause: the owner gets a new code and resets the password", async () => {
    const owner = await registerViaApi(ctx.app);
    // 10 wrong codes in a day (from addresses of their own): recovery pauses for 24 hours.
    expect((await init(ctx.app, owner.email)).statusCode).toBe(200);
    let code = await latestCodeFor(ctx.app, owner.email);
    for (let i = 1; i <= 5; i++)
      await verify(ctx.app, owner.email, wrong(code, i), randomAddress());
    await ageOtpCodes(ctx.app, owner.email, 3600 + 1);
    expect((await init(ctx.app, owner.email)).statusCode).toBe(200);
    code = await latestCodeFor(ctx.app, owner.email);
    for (let i = 1; i <= 5; i++)
      await verify(ctx.app, owner.email, wrong(code, i), randomAddress());
    const paused = await init(ctx.app, owner.email);
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toBe(messages.recoveryPaused);

    const admin = await createAdmin(ctx.app);
    const seller = await createSeller(ctx.app);
    const lift = (user: TestUser) =>
      ctx.app.inject({
        method: "DELETE",
        url: `/api/admin/users/${owner.user.id}/recovery-pause/`,
        headers: user.auth,
      });
    expect((await lift(seller)).statusCode).toBe(403);
    const lifted = await lift(admin);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().data).toEqual({ lifted: true });

    // The owner starts afresh: a new code at once, and it works.
    const from = randomAddress();
    expect((await init(ctx.app, owner.email, from)).statusCode).toBe(200);
    const fresh = await latestCodeFor(ctx.app, owner.email);
    expect((await reset(ctx.app, owner.email, fresh, from)).statusCode).toBe(200);
    const login = await call(
      ctx.app,
      "/api/auth/login/",
      { email: owner.email, password: NEW_PASSWORD, group: "Seller" },
      from,
    );
    expect(login.statusCode).toBe(200);

    const again = await lift(admin);
    expect(again.json().data).toEqual({ lifted: false });
    const missing = await ctx.app.inject({
      method: "DELETE",
      url: "/api/admin/users/999999/recovery-pause/",
      headers: admin.auth,
    });
    expect(missing.statusCode).toBe(404);
  }, 120_000);
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("the budget on two instances sharing Redis", () => {
  const apps: FastifyInstance[] = [];
  let done: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fba-spray-"));
    const { database, drop } = await openTestDatabase();
    const config = testConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString("hex"),
      REDIS_URL: redisUrl,
    });
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(config, { database });
      await app.ready();
      apps.push(app);
    }
    done = async () => {
      for (const app of apps) await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }, 180_000);
  afterAll(async () => done?.());

  it("is one budget: 15 wrong codes on each instance spend it on both", async () => {
    const [first, second] = apps;
    const spray = randomAddress();
    for (let i = 0; i < 15; i++) {
      expect((await verify(first!, uniqueEmail("a"), "0000", spray)).statusCode).toBe(400);
      expect((await verify(second!, uniqueEmail("b"), "0000", spray)).statusCode).toBe(400);
    }
    expect((await verify(first!, uniqueEmail("a"), "0000", spray)).statusCode).toBe(429);
    expect((await verify(second!, uniqueEmail("b"), "0000", spray)).statusCode).toBe(429);
  });
});
