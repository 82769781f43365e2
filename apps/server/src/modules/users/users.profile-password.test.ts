import { describe, expect, it } from "vitest";
import { profileMessages } from "@fba/contract";
import { TEST_PASSWORD, createSeller } from "../../test/factories.js";
import { profileHarness } from "../../test/profile-harness.js";

describe("profile", () => {
  const { ctx, patchJson, patchForm, login } = profileHarness();

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
