import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.js";
import { testConfig, type Config } from "../../config.js";
import { refreshTokens, users } from "../../db/schema/index.js";
import { buildTestApp, openTestDatabase, type TestContext } from "../app.js";
import { latestCodeFor, registerViaApi } from "../auth-factories.js";
import { createAdmin, TEST_PASSWORD } from "../factories.js";

/**
 * An access token works only while its session lives: after a logout, a password change (the
 * other sessions), a password reset (every session), a disabled account or a changed role the old
 * token gets 401 on reads and writes, here and on every other instance.
 */

interface Session {
  access: string;
  refresh: string;
  sessionId: string;
}

const NEW_PASSWORD = "N3w!Passw0rd";

async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/login/",
    payload: { email, password, group: "Seller" },
  });
  expect(res.statusCode).toBe(200);
  const pair = res.json().data as { access_token: string; refresh_token: string };
  return {
    access: pair.access_token,
    refresh: pair.refresh_token,
    sessionId: String(decodeJwt(pair.access_token).sid),
  } satisfies Session;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = async (app: FastifyInstance, token: string) =>
  (await app.inject({ method: "GET", url: "/api/auth/v1/me/", headers: bearer(token) })).statusCode;
/** A write: the announcement post the old token could still make. */
const write = async (app: FastifyInstance, token: string) =>
  (
    await app.inject({
      method: "POST",
      url: "/api/v1/announcement",
      headers: bearer(token),
      payload: { message: "Still here?" },
    })
  ).statusCode;

async function expectRefused(app: FastifyInstance, token: string) {
  expect(await me(app, token)).toBe(401);
  expect(await write(app, token)).toBe(401);
}

describe("an access token dies with its session (one instance)", () => {
  let ctx: TestContext;
  let clock = Date.now();
  beforeAll(async () => {
    ctx = await buildTestApp({}, { now: () => clock });
  });
  afterAll(async () => ctx.close());

  /** A seller signed up through the API, with a second session of its own. */
  async function seller() {
    const account = await registerViaApi(ctx.app);
    const session = await signIn(ctx.app, account.email, account.password);
    expect(await me(ctx.app, session.access)).toBe(200);
    return { account, session };
  }

  it("after a logout", async () => {
    const { account, session } = await seller();
    const other = await signIn(ctx.app, account.email, account.password);
    expect(await write(ctx.app, session.access)).toBe(201);
    const out = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/logout/",
      payload: { refresh: session.refresh },
    });
    expect(out.statusCode).toBe(200);
    await expectRefused(ctx.app, session.access);
    // Only that session ended.
    expect(await me(ctx.app, other.access)).toBe(200);
  });

  it("after a password change, for the other sessions", async () => {
    const { account, session } = await seller();
    const changer = await signIn(ctx.app, account.email, account.password);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/change-password/",
      headers: bearer(changer.access),
      payload: { old_password: account.password, new_password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    await expectRefused(ctx.app, session.access);
    // The caller goes on with the fresh pair it was given.
    expect(await me(ctx.app, res.json().data.access_token as string)).toBe(200);
  });

  it("after a password change on the profile, for the other sessions", async () => {
    const { account, session } = await seller();
    const changer = await signIn(ctx.app, account.email, account.password);
    const res = await ctx.app.inject({
      method: "PATCH",
      url: "/api/auth/v1/update-profile/",
      headers: bearer(changer.access),
      payload: {
        current_password: account.password,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(200);
    await expectRefused(ctx.app, session.access);
    expect(await me(ctx.app, res.json().data.access_token as string)).toBe(200);
  });

  it("after a password reset, for every session", async () => {
    const { account, session } = await seller();
    const init = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/password-init/",
      payload: { email: account.email, channel: "EMAIL" },
    });
    expect(init.statusCode).toBe(200);
    const otp = await latestCodeFor(ctx.app, account.email);
    const reset = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/password-reset/",
      payload: {
        email: account.email,
        otp,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      },
    });
    expect(reset.statusCode).toBe(200);
    await expectRefused(ctx.app, session.access);
    expect(await me(ctx.app, account.access_token)).toBe(401);
  });

  it("after the account is disabled", async () => {
    const { account, session } = await seller();
    const admin = await createAdmin(ctx.app);
    const res = await ctx.app.inject({
      method: "PATCH",
      url: `/api/admin/users/${account.user.id}/`,
      headers: admin.auth,
      payload: { is_active: false },
    });
    expect(res.statusCode).toBe(200);
    await expectRefused(ctx.app, session.access);
  });

  it("after its role changed in the database, once the user cache lapses (5 s)", async () => {
    const { account, session } = await seller();
    await ctx.app.database.db
      .update(users)
      .set({ group: "Shipper" })
      .where(eq(users.id, account.user.id));
    clock += 5_001;
    await expectRefused(ctx.app, session.access);
  });

  it("after its stolen refresh token was used twice", async () => {
    const { session } = await seller();
    const first = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token/",
      payload: { refresh: session.refresh },
    });
    expect(first.statusCode).toBe(200);
    const fresh = first.json().data.access_token as string;
    // Past the reuse grace period, the old refresh token comes back: the family is revoked.
    await ctx.app.database.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.familyId, session.sessionId));
    const reuse = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token/",
      payload: { refresh: session.refresh },
    });
    expect(reuse.statusCode).toBe(401);
    await expectRefused(ctx.app, session.access);
    await expectRefused(ctx.app, fresh);
  });

  it("is checked from memory: a session ended unannounced is refused after the re-check interval", async () => {
    const { session } = await seller();
    // Ended in the database only (as another instance would while Redis is away).
    await ctx.app.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.familyId, session.sessionId));
    // Trusted from memory until the interval passes: no database read per request.
    expect(await me(ctx.app, session.access)).toBe(200);
    clock += ctx.config.SOCKET_RECHECK_INTERVAL_MS;
    await expectRefused(ctx.app, session.access);
  });
});

/** Two instances on one database, with or without a Redis hub. */
async function twoInstances(redis: string | undefined, overrides: Partial<Config> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fba-sessions-"));
  const { database, drop } = await openTestDatabase();
  const config = testConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString("hex"),
    REDIS_URL: redis,
    ...overrides,
  });
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < 2; i++) {
    const app = await buildApp(config, { database });
    await app.ready();
    apps.push(app);
  }
  return {
    first: apps[0]!,
    second: apps[1]!,
    close: async () => {
      for (const app of apps) await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("two instances sharing a Redis hub", () => {
  let cluster: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    // A re-check interval far longer than the test: only the hub can tell the other instance.
    cluster = await twoInstances(redisUrl, { SOCKET_RECHECK_INTERVAL_MS: 600_000 });
  }, 180_000);
  afterAll(async () => cluster?.close());

  /** The old token, known live on the second instance before the session ends on the first. */
  async function liveOnBoth() {
    const account = await registerViaApi(cluster.first);
    const session = await signIn(cluster.first, account.email, account.password);
    // Each instance subscribed to the hub as it started: nothing to wait for.
    expect(await bell(session.access)).toBe(200);
    return { account, session };
  }
  /** A read whose route checks nothing of the account beyond the token. */
  const bell = async (token: string) =>
    (
      await cluster.second.inject({
        method: "GET",
        url: "/api/chat/notifications",
        headers: bearer(token),
      })
    ).statusCode;
  /** Refused on the other instance within a second. */
  const refusedWithinASecond = async (token: string) => {
    const started = Date.now();
    await vi.waitFor(async () => expect(await bell(token)).toBe(401), {
      timeout: 1_000,
      interval: 20,
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    await expectRefused(cluster.second, token);
  };

  it("refuses a logged-out session's token on the other instance within a second", async () => {
    const { session } = await liveOnBoth();
    const out = await cluster.first.inject({
      method: "POST",
      url: "/api/auth/logout/",
      payload: { refresh: session.refresh },
    });
    expect(out.statusCode).toBe(200);
    await refusedWithinASecond(session.access);
  });

  it("refuses the other sessions' tokens after a password change, on the other instance", async () => {
    const { account, session } = await liveOnBoth();
    const changer = await signIn(cluster.first, account.email, account.password);
    const res = await cluster.first.inject({
      method: "POST",
      url: "/api/auth/change-password/",
      headers: bearer(changer.access),
      payload: { old_password: account.password, new_password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    await refusedWithinASecond(session.access);
    expect(await me(cluster.second, res.json().data.access_token as string)).toBe(200);
  });

  it("refuses a disabled account's token on the other instance within a second", async () => {
    const { account, session } = await liveOnBoth();
    const admin = await createAdmin(cluster.first);
    const res = await cluster.first.inject({
      method: "PATCH",
      url: `/api/admin/users/${account.user.id}/`,
      headers: admin.auth,
      payload: { is_active: false },
    });
    expect(res.statusCode).toBe(200);
    await refusedWithinASecond(session.access);
  });
});

describe("two instances whose Redis is unreachable", () => {
  let cluster: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    cluster = await twoInstances("redis://127.0.0.1:1", { SOCKET_RECHECK_INTERVAL_MS: 300 });
  }, 180_000);
  afterAll(async () => cluster?.close());

  it("refuses a logged-out session's token on the other instance within the re-check interval", async () => {
    const account = await registerViaApi(cluster.first);
    const session = await signIn(cluster.first, account.email, account.password);
    expect(await me(cluster.second, session.access)).toBe(200);
    const out = await cluster.first.inject({
      method: "POST",
      url: "/api/auth/logout/",
      payload: { refresh: session.refresh },
    });
    expect(out.statusCode).toBe(200);
    expect(await me(cluster.first, session.access)).toBe(401);
    await vi.waitFor(async () => expect(await me(cluster.second, session.access)).toBe(401), {
      timeout: 3_000,
      interval: 50,
    });
    expect(await write(cluster.second, session.access)).toBe(401);
  });
});
