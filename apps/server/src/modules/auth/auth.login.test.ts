import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "@fba/contract";
import { refreshTokens, users } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper } from "../../test/factories.js";
import { STRONG_PASSWORD, post, registerViaApi, uniqueEmail } from "../../test/auth-factories.js";

describe("auth: sign-up, login and me", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  describe("POST /api/auth/register/", () => {
    it("creates a Seller and returns the user with a working session", async () => {
      const email = uniqueEmail("Mixed.Case");
      const res = await post(ctx.app, "/api/auth/register/", {
        first_name: "Ada",
        last_name: "Lovelace",
        email: `  ${email.toUpperCase()} `,
        password: STRONG_PASSWORD,
        groups: "Seller",
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        status: "success",
        status_code: 201,
        message: messages.registered,
      });
      expect(body.data.user).toEqual({
        id: expect.any(Number),
        first_name: "Ada",
        last_name: "Lovelace",
        email: email.toLowerCase(),
        groups: "Seller",
        image: null,
        profile: { phone: null, company_name: null },
        email_notifications: true,
        milestone_emails: true,
        locale: null,
        is_active: true,
      });
      expect(body.data.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const me = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/v1/me/",
        headers: { authorization: `Bearer ${body.data.access_token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.email).toBe(email.toLowerCase());
      // The password is stored as an argon2id hash, never as given.
      const [row] = await ctx.app.database.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, body.data.user.id));
      expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      // Only the SHA-256 of the refresh token is kept.
      const tokens = await ctx.app.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, body.data.user.id));
      expect(tokens).toHaveLength(1);
      expect(tokens[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(tokens[0]?.tokenHash).not.toContain(body.data.refresh_token);
    });

    it("creates a Shipper", async () => {
      const result = await registerViaApi(ctx.app, { groups: "Shipper" });
      expect(result.user).toMatchObject({ groups: "Shipper" });
    });

    it("answers every field error at once with the spec's messages", async () => {
      const res = await post(ctx.app, "/api/auth/register", {
        first_name: "",
        last_name: "O'Brien 2",
        email: "not-an-email",
        password: "short",
        groups: "Admin",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: "error",
        status_code: 400,
        message: "Bad Request",
        errors: [
          { field: "first_name", message: "First name is required" },
          { field: "last_name", message: "Last name can only contain alphabets" },
          { field: "email", message: "Invalid email format" },
          { field: "password", message: "Password must be at least 8 characters" },
          { field: "groups", message: messages.groupInvalid },
        ],
      });
    });

    it("reports a missing body's fields as required", async () => {
      const res = await post(ctx.app, "/api/auth/register/", {});
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: "first_name", message: "First name is required" },
        { field: "last_name", message: "Last name is required" },
        { field: "email", message: "Email is required" },
        { field: "password", message: "Password is required" },
        { field: "groups", message: messages.groupInvalid },
      ]);
    });

    it("refuses a taken email whatever its case, as a field error", async () => {
      const first = await registerViaApi(ctx.app);
      const res = await post(ctx.app, "/api/auth/register/", {
        first_name: "Other",
        last_name: "Person",
        email: first.email.toUpperCase(),
        password: STRONG_PASSWORD,
        groups: "Shipper",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: "email", message: messages.emailTaken }]);
    });

    it("gives one account to two simultaneous sign-ups with the same email", async () => {
      const email = uniqueEmail("race");
      const body = {
        first_name: "Race",
        last_name: "Condition",
        email,
        password: STRONG_PASSWORD,
        groups: "Seller",
      };
      const results = await Promise.all([
        post(ctx.app, "/api/auth/register/", body),
        post(ctx.app, "/api/auth/register/", body),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      const rows = await ctx.app.database.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
    });

    it("ignores keys it does not know (no self-made admins or active flags)", async () => {
      const email = uniqueEmail("extra");
      const res = await post(ctx.app, "/api/auth/register/", {
        first_name: "Sneaky",
        last_name: "User",
        email,
        password: STRONG_PASSWORD,
        groups: "Seller",
        group: "Admin",
        is_active: false,
        id: 1,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.user).toMatchObject({ groups: "Seller", is_active: true });
    });

    it("answers malformed JSON with 400 and an oversized body with 413", async () => {
      const malformed = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/register/",
        headers: { "content-type": "application/json" },
        payload: '{"first_name": "Ada",',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({
        status: "error",
        status_code: 400,
        message: "Malformed JSON body",
      });
      const huge = await post(ctx.app, "/api/auth/register/", {
        first_name: "A".repeat(20_000),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ status: "error", status_code: 413 });
    });
  });

  describe("POST /api/auth/login/", () => {
    it("signs a Seller in on the Customer tab and a Shipper on the Agent tab", async () => {
      const seller = await registerViaApi(ctx.app, { groups: "Seller" });
      const shipper = await registerViaApi(ctx.app, { groups: "Shipper" });
      for (const account of [seller, shipper]) {
        const res = await post(ctx.app, "/api/auth/login/", {
          email: account.email.toUpperCase(),
          password: account.password,
          group: account.group,
        });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({ status: "success", message: messages.loggedIn });
        expect(body.data.user).toMatchObject({ id: account.user.id, groups: account.group });
        expect(typeof body.data.access_token).toBe("string");
        expect(typeof body.data.refresh_token).toBe("string");
      }
    });

    it("keeps a remembered session 30 days and an ordinary one 24 hours", async () => {
      const account = await registerViaApi(ctx.app);
      const lifetimes: number[] = [];
      for (const remember of [true, false]) {
        const res = await post(ctx.app, "/api/auth/login/", {
          email: account.email,
          password: account.password,
          group: "Seller",
          remember,
        });
        expect(res.statusCode).toBe(200);
        const rows = await ctx.app.database.db
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.userId, account.user.id));
        const newest = rows.sort((a, b) => b.id - a.id)[0]!;
        lifetimes.push(newest.expiresAt.getTime() - newest.createdAt.getTime());
      }
      const hours = lifetimes.map((ms) => Math.round(ms / 3_600_000));
      expect(hours).toEqual([30 * 24, 24]);
    });

    it("answers a wrong password and an unknown email identically, without naming a field", async () => {
      const account = await registerViaApi(ctx.app);
      const wrongPassword = await post(ctx.app, "/api/auth/login/", {
        email: account.email,
        password: "Wr0ng!Password",
        group: "Seller",
      });
      const unknownEmail = await post(ctx.app, "/api/auth/login/", {
        email: uniqueEmail("nobody"),
        password: "Wr0ng!Password",
        group: "Seller",
      });
      expect(wrongPassword.statusCode).toBe(400);
      expect(wrongPassword.json()).toEqual({
        status: "error",
        status_code: 400,
        message: messages.invalidCredentials,
        errors: [{ message: messages.invalidCredentials }],
      });
      expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
      expect(unknownEmail.body).toBe(wrongPassword.body);
    });

    it("refuses the wrong tab as a wrong password, so the answer does not confirm the account", async () => {
      const seller = await registerViaApi(ctx.app, { groups: "Seller" });
      const res = await post(ctx.app, "/api/auth/login/", {
        email: seller.email,
        password: seller.password,
        group: "Shipper",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ message: messages.invalidCredentials }]);
      const guess = await post(ctx.app, "/api/auth/login/", {
        email: seller.email,
        password: "Wr0ng!Password",
        group: "Shipper",
      });
      expect(guess.statusCode).toBe(res.statusCode);
      expect(guess.body).toBe(res.body);
    });

    it("lets an admin in from either tab", async () => {
      const admin = await createAdmin(ctx.app);
      for (const group of ["Seller", "Shipper"]) {
        const res = await post(ctx.app, "/api/auth/login/", {
          email: admin.email,
          password: admin.password,
          group,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().data.user.groups).toBe("Admin");
      }
    });

    it("refuses a disabled account once the password is right", async () => {
      const disabled = await createShipper(ctx.app, { isActive: false });
      const res = await post(ctx.app, "/api/auth/login/", {
        email: disabled.email,
        password: disabled.password,
        group: "Shipper",
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: messages.accountDisabled });
      const wrong = await post(ctx.app, "/api/auth/login/", {
        email: disabled.email,
        password: "Wr0ng!Password",
        group: "Shipper",
      });
      expect(wrong.json().message).toBe(messages.invalidCredentials);
    });

    it("uses the login screen's messages for bad input", async () => {
      const res = await post(ctx.app, "/api/auth/login/", {
        email: "bad@",
        password: "",
        group: "Nobody",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: "email", message: "Invalid email address" },
        { field: "password", message: "Password is required" },
        { field: "group", message: messages.groupInvalid },
      ]);
      const missing = await post(ctx.app, "/api/auth/login/", { group: "Seller" });
      expect(missing.json().errors).toEqual([
        { field: "email", message: "Email is required" },
        { field: "password", message: "Password is required" },
      ]);
    });
  });

  describe("GET /api/auth/v1/me/ (alias /api/auth/me/)", () => {
    it("needs a valid token", async () => {
      const none = await ctx.app.inject({ method: "GET", url: "/api/auth/v1/me/" });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ status: "error", status_code: 401 });
      const forged = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/me",
        headers: { authorization: "Bearer not.a.jwt" },
      });
      expect(forged.statusCode).toBe(401);
    });

    it("returns the caller on both paths, with and without the trailing slash", async () => {
      const seller = await createSeller(ctx.app, { firstName: "Mia", lastName: "Stone" });
      for (const url of ["/api/auth/v1/me/", "/api/auth/v1/me", "/api/auth/me/", "/api/auth/me"]) {
        const res = await ctx.app.inject({ method: "GET", url, headers: seller.auth });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({
          id: seller.id,
          first_name: "Mia",
          last_name: "Stone",
          email: seller.email,
          groups: "Seller",
          image: null,
        });
      }
    });

    it("links the avatar by its stored file's random name", async () => {
      const shipper = await createShipper(ctx.app);
      await ctx.app.database.db
        .update(users)
        .set({ imageKey: "avatars/abc123.webp", phone: "5551234567", companyName: "Acme" })
        .where(eq(users.id, shipper.id));
      const res = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/v1/me/",
        headers: shipper.auth,
      });
      expect(res.json().data).toMatchObject({
        image: `${ctx.config.PUBLIC_URL}/api/users/${shipper.id}/avatar/?v=abc123`,
        profile: { phone: "5551234567", company_name: "Acme" },
      });
    });

    it("refuses a disabled user's token", async () => {
      const disabled = await createSeller(ctx.app, { isActive: false });
      const res = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/v1/me/",
        headers: disabled.auth,
      });
      expect(res.statusCode).toBe(401);
    });
  });

  it("documents every auth route in the OpenAPI document", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    for (const path of [
      "/api/auth/register/",
      "/api/auth/login/",
      "/api/auth/v1/me/",
      "/api/auth/me/",
      "/api/auth/refresh-token/",
      "/api/auth/logout/",
      "/api/auth/password-init/",
      "/api/auth/send-otp/",
      "/api/auth/verify-otp/",
      "/api/auth/password-reset/",
      "/api/auth/change-password/",
    ]) {
      expect(paths).toContain(path);
    }
  });
});
