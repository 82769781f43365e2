import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "@fba/contract";
import { refreshTokens } from "../../db/schema/index.js";
import { buildTestApp, servicesOf, type TestContext } from "../../test/app.js";
import { createSeller } from "../../test/factories.js";
import {
  STRONG_PASSWORD,
  expireRefreshTokens,
  post,
  registerViaApi,
} from "../../test/auth-factories.js";
import { hashRefreshToken } from "./auth.secrets.js";
import { issueSession, revokeAllSessions } from "./auth.sessions.js";

describe("auth: sessions", () => {
  let ctx: TestContext;
  const sessionDeps = () => ({ db: ctx.app.database.db, tokens: ctx.app.tokens });
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  const refresh = (token: string, headers: Record<string, string> = {}) =>
    post(ctx.app, "/api/auth/refresh-token/", { refresh: token }, headers);
  const familyOf = async (token: string) => {
    const [row] = await ctx.app.database.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
    return row?.familyId;
  };
  /** Moves every rotation of the user's tokens past the reuse grace period. */
  const ageRotations = (userId: number) =>
    ctx.app.database.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.userId, userId));

  describe("POST /api/auth/refresh-token/", () => {
    it("returns a new pair every time and the old refresh token stops working", async () => {
      const account = await registerViaApi(ctx.app);
      const first = await refresh(account.refresh_token);
      expect(first.statusCode).toBe(200);
      const pair = first.json().data;
      expect(Object.keys(pair).sort()).toEqual(["access_token", "refresh_token"]);
      expect(pair.refresh_token).not.toBe(account.refresh_token);
      const me = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/v1/me/",
        headers: { authorization: `Bearer ${pair.access_token}` },
      });
      expect(me.json().data.id).toBe(account.user.id);
      const second = await refresh(pair.refresh_token);
      expect(second.statusCode).toBe(200);
      expect(second.json().data.refresh_token).not.toBe(pair.refresh_token);
    });

    it("revokes the whole family when a rotated token is used again", async () => {
      const account = await registerViaApi(ctx.app);
      const rotated = (await refresh(account.refresh_token)).json().data;
      const newest = (await refresh(rotated.refresh_token)).json().data;
      await ageRotations(account.user.id);

      const replay = await refresh(account.refresh_token);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({
        status: "error",
        status_code: 401,
        message: messages.refreshInvalid,
        errors: [{ message: messages.refreshInvalid }],
      });
      // The legitimate holder's newest token is dead too: the thief's copy cannot be told apart.
      expect((await refresh(newest.refresh_token)).statusCode).toBe(401);
      const live = await ctx.app.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, account.user.id));
      expect(live.every((row) => row.revokedAt !== null)).toBe(true);
    });

    it("does not touch the user's other sessions when one family is revoked", async () => {
      const account = await registerViaApi(ctx.app);
      const other = await post(ctx.app, "/api/auth/login/", {
        email: account.email,
        password: account.password,
        group: "Seller",
      });
      const otherRefresh = other.json().data.refresh_token as string;
      await refresh(account.refresh_token);
      await ctx.app.database.db
        .update(refreshTokens)
        .set({ rotatedAt: new Date(Date.now() - 60_000) })
        .where(eq(refreshTokens.familyId, (await familyOf(account.refresh_token))!));
      expect((await refresh(account.refresh_token)).statusCode).toBe(401); // reuse: this family dies
      expect((await refresh(otherRefresh)).statusCode).toBe(200);
    });

    it("lets two tabs refresh with one token at the same moment without ending the session", async () => {
      const account = await registerViaApi(ctx.app);
      const results = await Promise.all([
        refresh(account.refresh_token),
        refresh(account.refresh_token),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const [a, b] = results.map((r) => r.json().data.refresh_token as string);
      // Both tabs hold the one successor: the session goes on as one line, not two.
      expect(a).toBe(b);
      expect((await refresh(a!)).statusCode).toBe(200);
    });

    it("answers a repeat within the grace period with the same successor, never a new branch", async () => {
      const account = await registerViaApi(ctx.app);
      const first = (await refresh(account.refresh_token)).json().data;
      const repeats = [];
      for (let i = 0; i < 3; i++) repeats.push(await refresh(account.refresh_token));
      for (const repeat of repeats) {
        expect(repeat.statusCode).toBe(200);
        expect(repeat.json().data.refresh_token).toBe(first.refresh_token);
        const me = await ctx.app.inject({
          method: "GET",
          url: "/api/auth/v1/me/",
          headers: { authorization: `Bearer ${repeat.json().data.access_token}` },
        });
        expect(me.json().data.id).toBe(account.user.id);
      }
      const family = await ctx.app.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, (await familyOf(account.refresh_token))!));
      expect(family).toHaveLength(2);
      // The successor rotates as usual, and a replay of the first token after the grace ends it.
      const next = await refresh(first.refresh_token);
      expect(next.statusCode).toBe(200);
      await ageRotations(account.user.id);
      expect((await refresh(account.refresh_token)).statusCode).toBe(401);
      expect((await refresh(next.json().data.refresh_token)).statusCode).toBe(401);
    });

    it("follows a successor that was itself refreshed within the grace period", async () => {
      const account = await registerViaApi(ctx.app);
      const first = (await refresh(account.refresh_token)).json().data;
      const second = (await refresh(first.refresh_token)).json().data;
      const late = await refresh(account.refresh_token);
      expect(late.statusCode).toBe(200);
      expect(late.json().data.refresh_token).toBe(second.refresh_token);
    });

    it("treats a reuse after the grace period as theft", async () => {
      const account = await registerViaApi(ctx.app);
      expect((await refresh(account.refresh_token)).statusCode).toBe(200);
      await ageRotations(account.user.id);
      expect((await refresh(account.refresh_token)).statusCode).toBe(401);
    });

    it("ignores an expired or bogus Authorization header", async () => {
      const account = await registerViaApi(ctx.app);
      const expired = await ctx.app.tokens.signAccess(
        { userId: account.user.id, group: "Seller" },
        -60,
      );
      const res = await refresh(account.refresh_token, { authorization: `Bearer ${expired}` });
      expect(res.statusCode).toBe(200);
      const bogus = await refresh(res.json().data.refresh_token, { authorization: "Bearer nope" });
      expect(bogus.statusCode).toBe(200);
    });

    it("refuses unknown, expired and missing tokens", async () => {
      expect((await refresh("x".repeat(43))).statusCode).toBe(401);
      const account = await registerViaApi(ctx.app);
      await expireRefreshTokens(ctx.app, account.user.id);
      expect((await refresh(account.refresh_token)).statusCode).toBe(401);
      const missing = await post(ctx.app, "/api/auth/refresh-token/", {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([
        { field: "refresh", message: messages.refreshRequired },
      ]);
    });

    it("refuses a disabled user's refresh token", async () => {
      const seller = await createSeller(ctx.app, { isActive: false });
      const pair = await issueSession(sessionDeps(), seller.id);
      expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    });
  });

  describe("POST /api/auth/logout/", () => {
    it("revokes the refresh token and is idempotent", async () => {
      const account = await registerViaApi(ctx.app);
      const res = await post(ctx.app, "/api/auth/logout/", { refresh: account.refresh_token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: "success",
        status_code: 200,
        message: messages.loggedOut,
        data: null,
      });
      expect((await refresh(account.refresh_token)).statusCode).toBe(401);
      const again = await post(ctx.app, "/api/auth/logout", { refresh: account.refresh_token });
      expect(again.statusCode).toBe(200);
      const unknown = await post(ctx.app, "/api/auth/logout/", { refresh: "unknown-token" });
      expect(unknown.statusCode).toBe(200);
    });

    it("validates its body", async () => {
      const res = await post(ctx.app, "/api/auth/logout/", { refresh: "" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: "refresh", message: messages.refreshRequired }]);
    });
  });

  describe("POST /api/auth/change-password/", () => {
    const change = (auth: Record<string, string>, body: unknown) =>
      post(ctx.app, "/api/auth/change-password/", body, auth);

    it("needs a signed-in user, before looking at the body", async () => {
      const res = await post(ctx.app, "/api/auth/change-password/", {});
      expect(res.statusCode).toBe(401);
    });

    it("refuses a wrong current password as a field error", async () => {
      const seller = await createSeller(ctx.app);
      const res = await change(seller.auth, {
        old_password: "Wr0ng!Password",
        new_password: "N3w!Password",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: "old_password", message: messages.currentPasswordWrong },
      ]);
    });

    it("applies the password rule and reports all errors at once", async () => {
      const seller = await createSeller(ctx.app);
      const res = await change(seller.auth, { old_password: "", new_password: "alllowercase1!" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: "old_password", message: "Password is required" },
        { field: "new_password", message: "Atleast one capital letter" },
      ]);
      const same = await change(seller.auth, {
        old_password: seller.password,
        new_password: seller.password,
      });
      expect(same.json().errors).toEqual([
        { field: "new_password", message: messages.passwordsMustDiffer },
      ]);
    });

    it("sets the password, ends the other sessions and returns a fresh pair", async () => {
      const account = await registerViaApi(ctx.app);
      const auth = { authorization: `Bearer ${account.access_token}` };
      const res = await change(auth, {
        old_password: STRONG_PASSWORD,
        new_password: "An0ther!Secret",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(messages.passwordChanged);
      const pair = res.json().data;
      expect((await refresh(account.refresh_token)).statusCode).toBe(401);
      expect((await refresh(pair.refresh_token)).statusCode).toBe(200);
      const oldLogin = await post(ctx.app, "/api/auth/login/", {
        email: account.email,
        password: STRONG_PASSWORD,
        group: "Seller",
      });
      expect(oldLogin.statusCode).toBe(400);
      const newLogin = await post(ctx.app, "/api/auth/login/", {
        email: account.email,
        password: "An0ther!Secret",
        group: "Seller",
      });
      expect(newLogin.statusCode).toBe(200);
    });
  });

  describe("housekeeping", () => {
    it("drops refresh tokens past their expiry and leaves live ones", async () => {
      const expired = await registerViaApi(ctx.app);
      const live = await registerViaApi(ctx.app);
      await expireRefreshTokens(ctx.app, expired.user.id);
      await servicesOf(ctx.app).auth.pruneExpired();
      const rows = await ctx.app.database.db.select().from(refreshTokens);
      expect(rows.some((row) => row.userId === expired.user.id)).toBe(false);
      expect(rows.some((row) => row.userId === live.user.id)).toBe(true);
    });
  });

  describe("session helpers for other modules", () => {
    it("issueSession opens a working session and revokeAllSessions ends them all", async () => {
      const seller = await createSeller(ctx.app);
      const a = await issueSession(sessionDeps(), seller.id, { remember: true });
      const b = await issueSession(sessionDeps(), seller.id);
      expect(await revokeAllSessions(ctx.app.database.db, seller.id)).toBe(2);
      expect((await refresh(a.refresh_token)).statusCode).toBe(401);
      expect((await refresh(b.refresh_token)).statusCode).toBe(401);
    });
  });
});
