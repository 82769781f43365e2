import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROFILE_IMAGE_MAX_BYTES, profileMessages } from "@fba/contract";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { TEST_PASSWORD, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { multipartBody, testImage } from "../../test/profile-factories.js";

describe("profile", () => {
  let ctx: TestContext;
  const updates: number[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp({ PUBLIC_URL: "https://freight.example" });
    ctx.app.events.on("user.updated", ({ userId }) => {
      updates.push(userId);
    });
  });
  afterAll(async () => ctx.close());

  const patchJson = (
    user: TestUser | undefined,
    payload: unknown,
    url = "/api/auth/update-profile/",
  ) =>
    ctx.app.inject({
      method: "PATCH",
      url,
      headers: user?.auth,
      payload: payload as Record<string, unknown>,
    });

  const patchForm = (
    user: TestUser | undefined,
    fields: Record<string, string>,
    files?: Parameters<typeof multipartBody>[1],
  ) => {
    const body = multipartBody(fields, files);
    return ctx.app.inject({
      method: "PATCH",
      url: "/api/auth/v1/update-profile/",
      headers: { ...user?.auth, ...body.headers },
      payload: body.payload,
    });
  };

  const login = async (user: TestUser) => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { email: user.email, password: user.password, group: user.group },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { access_token: string; refresh_token: string };
  };

  const avatarFiles = async () => {
    try {
      return await readdir(path.join(ctx.config.DATA_DIR, "uploads", "avatars"));
    } catch {
      return [];
    }
  };

  describe("PATCH update-profile: access and input", () => {
    it("refuses anonymous callers on both paths", async () => {
      expect((await patchJson(undefined, { first_name: "Ann" })).statusCode).toBe(401);
      expect((await patchForm(undefined, { first_name: "Ann" })).statusCode).toBe(401);
    });

    it("updates names and phone over JSON and multipart, with and without the slash", async () => {
      const user = await createSeller(ctx.app);
      updates.length = 0;
      const res = await patchJson(user, {
        first_name: " Mary Ann ",
        last_name: "Lee",
        phone: "+1 (555) 123-4567",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: "success",
        message: profileMessages.updated,
        data: {
          id: user.id,
          first_name: "Mary Ann",
          last_name: "Lee",
          email: user.email,
          groups: "Seller",
          image: null,
          profile: { phone: "+15551234567" },
        },
      });
      expect(res.json().data.access_token).toBeUndefined();
      expect(updates).toEqual([user.id]);

      const consistent = await patchForm(user, { first_name: "Maria", phone: "" });
      expect(consistent.statusCode).toBe(200);
      expect(consistent.json().data).toMatchObject({
        first_name: "Maria",
        last_name: "Lee",
        profile: { phone: null },
      });
      const me = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/v1/me/",
        headers: user.auth,
      });
      expect(me.json().data.first_name).toBe("Maria");
    });

    it("reports every invalid field with the spec's messages", async () => {
      const user = await createSeller(ctx.app);
      const res = await patchForm(user, {
        first_name: "",
        last_name: "L",
        phone: "12345",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: "error",
        status_code: 400,
        message: "Bad Request",
        errors: [
          { field: "first_name", message: profileMessages.firstNameRequired },
          { field: "last_name", message: profileMessages.nameMin },
          { field: "phone", message: profileMessages.phoneMin },
        ],
      });
      const letters = await patchJson(user, {
        first_name: "R2D2",
        last_name: "x".repeat(51),
        phone: "555-abc-12345",
      });
      expect(letters.json().errors).toEqual([
        { field: "first_name", message: profileMessages.nameLetters },
        { field: "last_name", message: profileMessages.nameMax },
        { field: "phone", message: profileMessages.phoneDigits },
      ]);
      const long = await patchJson(user, { phone: "+1234567890123456" });
      expect(long.json().errors).toEqual([{ field: "phone", message: profileMessages.phoneMax }]);
      const unchanged = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/v1/me/",
        headers: user.auth,
      });
      expect(unchanged.json().data.first_name).toBe("Seller");
    });

    it("ignores unknown keys: id, groups, email, profile", async () => {
      const user = await createSeller(ctx.app);
      const other = await createShipper(ctx.app);
      const res = await patchJson(user, {
        id: other.id,
        groups: "Admin",
        email: "taken@example.com",
        profile: { phone: "+19999999999", company_name: "Evil" },
        is_active: false,
        last_name: "Kept",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: user.id,
        groups: "Seller",
        email: user.email,
        last_name: "Kept",
        is_active: true,
        profile: { phone: null, company_name: null },
      });
      const otherMe = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/v1/me/",
        headers: other.auth,
      });
      expect(otherMe.json().data.last_name).toBe("Tester");
    });

    it("answers 400, not 500, for a malformed multipart body", async () => {
      const user = await createSeller(ctx.app);
      const res = await ctx.app.inject({
        method: "PATCH",
        url: "/api/auth/v1/update-profile",
        headers: { ...user.auth, ...multipartBody({ first_name: "Maria" }).headers },
        payload: multipartBody({ first_name: "Maria" }).payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe("error");
    });

    it("caps profile saves per user with 429 and Retry-After", async () => {
      const user = await createSeller(ctx.app);
      for (let i = 0; i < 20; i += 1) {
        expect((await patchJson(user, { email_notifications: i % 2 === 0 })).statusCode).toBe(200);
      }
      const limited = await patchJson(user, { first_name: "Late" });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      const other = await createSeller(ctx.app);
      expect((await patchJson(other, { first_name: "Fine" })).statusCode).toBe(200);
    });

    it("stores the email notification preference", async () => {
      const user = await createSeller(ctx.app);
      const off = await patchForm(user, { email_notifications: "off" });
      expect(off.json().data.email_notifications).toBe(false);
      const on = await patchJson(user, { email_notifications: true });
      expect(on.json().data.email_notifications).toBe(true);
    });

    it("stores the milestone email preference apart from the other emails", async () => {
      const user = await createSeller(ctx.app);
      const off = await patchForm(user, { milestone_emails: "off" });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().data).toMatchObject({ milestone_emails: false, email_notifications: true });
      const me = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/v1/me/",
        headers: user.auth,
      });
      expect(me.json().data.milestone_emails).toBe(false);
      const on = await patchJson(user, { milestone_emails: true });
      expect(on.json().data.milestone_emails).toBe(true);
      const bad = await patchJson(user, { milestone_emails: "maybe" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe("milestone_emails");
    });
  });

  describe("PATCH update-profile: language", () => {
    it("keeps the account's language and answers it with the user; null until chosen", async () => {
      const user = await createSeller(ctx.app);
      const me = () =>
        ctx.app.inject({ method: "GET", url: "/api/auth/v1/me/", headers: user.auth });
      expect((await me()).json().data.locale).toBeNull();
      const zh = await patchForm(user, { locale: "zh-CN" });
      expect(zh.statusCode, zh.body).toBe(200);
      expect(zh.json().data.locale).toBe("zh-CN");
      expect((await me()).json().data.locale).toBe("zh-CN");
      // A change without the field (the existing client's) leaves it as it is.
      expect((await patchJson(user, { first_name: "Mei" })).json().data.locale).toBe("zh-CN");
      expect((await patchJson(user, { locale: "en" })).json().data.locale).toBe("en");
      const bad = await patchJson(user, { locale: "fr" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({
        field: "locale",
        message: "Language must be en or zh-CN",
      });
    });
  });

  describe("PATCH update-profile: image", () => {
    it("resizes an uploaded image to a 256 px avatar and serves it", async () => {
      const user = await createSeller(ctx.app);
      const viewer = await createShipper(ctx.app);
      const res = await patchForm(
        user,
        { first_name: "Pic" },
        { image: { filename: "me.png", contentType: "image/png", bytes: await testImage("png") } },
      );
      expect(res.statusCode).toBe(200);
      const image = res.json().data.image as string;
      expect(image).toMatch(
        new RegExp(`^https://freight\\.example/api/users/${user.id}/avatar/\\?v=[0-9a-f]{32}$`),
      );

      const url = new URL(image);
      // An <img> sends no token: the unguessable URL is the permission.
      const served = await ctx.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["cache-control"]).toContain("immutable");
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });

      const withoutVersion = await ctx.app.inject({
        method: "GET",
        url: `/api/users/${user.id}/avatar/`,
        headers: viewer.auth,
      });
      expect(withoutVersion.statusCode).toBe(404);
      const guessed = await ctx.app.inject({
        method: "GET",
        url: `/api/users/${user.id}/avatar/?v=${"0".repeat(32)}`,
      });
      expect(guessed.statusCode).toBe(404);
    });

    it("replaces the previous file and removes it on remove_image", async () => {
      const user = await createSeller(ctx.app);
      const before = new Set(await avatarFiles());
      await patchForm(
        user,
        {},
        {
          image: { filename: "a.jpg", contentType: "image/jpeg", bytes: await testImage("jpeg") },
        },
      );
      const first = (await avatarFiles()).filter((f) => !before.has(f));
      expect(first).toHaveLength(1);
      await patchForm(
        user,
        {},
        {
          image: {
            filename: "b.gif",
            contentType: "image/gif",
            bytes: await testImage("gif", 40, 40),
          },
        },
      );
      const second = (await avatarFiles()).filter((f) => !before.has(f));
      expect(second).toHaveLength(1);
      expect(second[0]).not.toBe(first[0]);

      const removed = await patchForm(user, { remove_image: "true" });
      expect(removed.json().data.image).toBeNull();
      expect((await avatarFiles()).filter((f) => !before.has(f))).toHaveLength(0);
      const gone = await ctx.app.inject({
        method: "GET",
        url: `/api/users/${user.id}/avatar/`,
        headers: user.auth,
      });
      expect(gone.statusCode).toBe(404);
    });

    it("refuses a disguised file: a .png name with non-image bytes", async () => {
      const user = await createSeller(ctx.app);
      const before = await avatarFiles();
      const res = await patchForm(
        user,
        { first_name: "Sneaky" },
        {
          image: {
            filename: "photo.png",
            contentType: "image/png",
            bytes: Buffer.from("<script>alert(1)</script>".repeat(20)),
          },
        },
      );
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        status: "error",
        status_code: 415,
        errors: [{ field: "image", message: profileMessages.imageUnsupported }],
      });
      expect(await avatarFiles()).toEqual(before);
      const me = await ctx.app.inject({
        method: "GET",
        url: "/api/auth/v1/me/",
        headers: user.auth,
      });
      expect(me.json().data.first_name).toBe("Seller");
    });

    it("refuses a PDF and an image truncated after its magic bytes", async () => {
      const user = await createSeller(ctx.app);
      const pdf = await patchForm(
        user,
        {},
        {
          image: {
            filename: "doc.png",
            contentType: "image/png",
            bytes: Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"),
          },
        },
      );
      expect(pdf.statusCode).toBe(415);
      const png = await testImage("png");
      const broken = await patchForm(
        user,
        {},
        {
          image: { filename: "x.png", contentType: "image/png", bytes: png.subarray(0, 60) },
        },
      );
      expect(broken.statusCode).toBe(415);
      expect(broken.json().errors[0]).toEqual({
        field: "image",
        message: profileMessages.imageUnsupported,
      });
    });

    it("refuses a file over 50,000,000 bytes", async () => {
      const user = await createSeller(ctx.app);
      const png = await testImage("png");
      const big = Buffer.concat([png, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1 - png.length)]);
      const res = await patchForm(
        user,
        {},
        {
          image: { filename: "big.png", contentType: "image/png", bytes: big },
        },
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().errors).toEqual([
        { field: "image", message: profileMessages.imageTooLarge },
      ]);
    });

    it("answers 404 for a user without an avatar or an unknown user", async () => {
      const user = await createSeller(ctx.app);
      const none = await ctx.app.inject({
        method: "GET",
        url: `/api/users/${user.id}/avatar/`,
        headers: user.auth,
      });
      expect(none.statusCode).toBe(404);
      const unknown = await ctx.app.inject({
        method: "GET",
        url: `/api/users/99999999/avatar/`,
        headers: user.auth,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe("PATCH update-profile: password change", () => {
    const next = "Fresh#Pass9";

    it("needs the current password, a different and strong new one, and a matching confirm", async () => {
      const user = await createSeller(ctx.app);
      const missing = await patchJson(user, { new_password: next });
      expect(missing.json().errors).toEqual([
        { field: "current_password", message: profileMessages.currentPasswordRequired },
        { field: "confirm_password", message: profileMessages.confirmRequired },
      ]);
      const same = await patchJson(user, {
        current_password: TEST_PASSWORD,
        new_password: TEST_PASSWORD,
        confirm_password: TEST_PASSWORD,
      });
      expect(same.json().errors).toEqual([
        { field: "new_password", message: profileMessages.passwordsSame },
      ]);
      const weak = await patchForm(user, {
        old_password: TEST_PASSWORD,
        new_password: "password",
        confirm_password: "different",
      });
      expect(weak.json().errors).toEqual([
        { field: "new_password", message: profileMessages.passwordRule },
        { field: "confirm_password", message: profileMessages.passwordsMustMatch },
      ]);
    });

    it("refuses a wrong current password on the field the client used", async () => {
      const user = await createSeller(ctx.app);
      const res = await patchForm(user, {
        old_password: "Wrong#Pass1",
        new_password: next,
        confirm_password: next,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: "old_password", message: profileMessages.currentPasswordWrong },
      ]);
      const json = await patchJson(user, {
        current_password: "Wrong#Pass1",
        new_password: next,
        confirm_password: next,
      });
      expect(json.json().errors).toEqual([
        { field: "current_password", message: profileMessages.currentPasswordWrong },
      ]);
      // Still the old password.
      await login(user);
    });

    it("changes the password, ends other sessions and returns a fresh pair", async () => {
      const user = await createSeller(ctx.app);
      const otherDevice = await login(user);
      const res = await patchJson(user, {
        current_password: TEST_PASSWORD,
        new_password: next,
        confirm_password: next,
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.id).toBe(user.id);
      expect(typeof data.access_token).toBe("string");
      expect(typeof data.refresh_token).toBe("string");

      const oldRefresh = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/refresh-token/",
        payload: { refresh: otherDevice.refresh_token },
      });
      expect(oldRefresh.statusCode).toBe(401);

      const newRefresh = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/refresh-token/",
        payload: { refresh: data.refresh_token },
      });
      expect(newRefresh.statusCode).toBe(200);

      const oldLogin = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { email: user.email, password: TEST_PASSWORD, group: "Seller" },
      });
      expect(oldLogin.statusCode).toBe(400);
      await login({ ...user, password: next });
    });
  });
});
