import { describe, expect, it } from "vitest";
import { profileMessages } from "@fba/contract";
import { createSeller, createShipper } from "../../test/factories.js";
import { multipartBody } from "../../test/profile-factories.js";
import { profileHarness } from "../../test/profile-harness.js";

describe("profile", () => {
  const { ctx, updates, patchJson, patchForm } = profileHarness();

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
});
