import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { buildTestApp, type TestContext } from "./app.js";
import type { TestUser } from "./factories.js";
import { multipartBody } from "./profile-factories.js";

/**
 * One app per test file for the profile tests: boots it before the file's tests, closes it after,
 * and gives the requests they share. `ctx` is filled in when the app is up.
 */
export function profileHarness() {
  const ctx = {} as TestContext;
  const updates: number[] = [];

  beforeAll(async () => {
    Object.assign(ctx, await buildTestApp({ PUBLIC_URL: "https://freight.example" }));
    ctx.app.events.on("user.updated", ({ userId }) => {
      updates.push(userId);
    });
  });
  afterAll(async () => ctx.close?.());

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

  return { ctx, updates, patchJson, patchForm, login, avatarFiles };
}
