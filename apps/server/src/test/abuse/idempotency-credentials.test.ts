import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { idempotencyKeys } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../app.js";
import { STRONG_PASSWORD, registerViaApi } from "../auth-factories.js";
import { TEST_PASSWORD, createSeller } from "../factories.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

const storedFor = (userId: number) =>
  ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));

function send(method: "POST" | "PATCH", url: string, token: string, key: string, payload: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, "idempotency-key": key },
    payload,
  });
}

describe("Idempotency-Key never keeps an answer that carries credentials", () => {
  it("does not store sign-in, sign-up, refresh or logout answers", async () => {
    const account = await registerViaApi(ctx.app);
    const bearer = account.access_token;
    const calls: [string, object][] = [
      ["/api/auth/login/", { email: account.email, password: account.password, group: "Seller" }],
      [
        "/api/auth/register/",
        {
          first_name: "Ada",
          last_name: "Lovelace",
          email: `idem-${account.user.id}@example.com`,
          password: STRONG_PASSWORD,
          groups: "Seller",
        },
      ],
      ["/api/auth/refresh-token/", { refresh: account.refresh_token }],
      ["/api/auth/logout/", { refresh: account.refresh_token }],
    ];
    for (const [url, payload] of calls) {
      const first = await send("POST", url, bearer, `key-${url}`, payload);
      expect(first.statusCode, url).toBeLessThan(300);
      const again = await send("POST", url, bearer, `key-${url}`, payload);
      expect(again.headers["idempotent-replayed"], url).toBeUndefined();
    }
    expect(await storedFor(account.user.id)).toEqual([]);
  });

  it("does not store the fresh pair of a password change", async () => {
    const seller = await createSeller(ctx.app);
    const res = await send("POST", "/api/auth/change-password/", seller.token, "change-1", {
      old_password: TEST_PASSWORD,
      new_password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.refresh_token).toEqual(expect.any(String));
    expect(await storedFor(seller.id)).toEqual([]);
  });

  it("does not store a profile save that returns a fresh pair", async () => {
    const seller = await createSeller(ctx.app);
    const res = await send("PATCH", "/api/auth/v1/update-profile/", seller.token, "profile-1", {
      current_password: TEST_PASSWORD,
      new_password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.refresh_token).toEqual(expect.any(String));
    const rows = await storedFor(seller.id);
    expect(rows.map((row) => row.responseBody ?? "").join("")).not.toContain("token");
  });

  it("still keeps ordinary profile saves for replay", async () => {
    const seller = await createSeller(ctx.app);
    const save = () =>
      send("PATCH", "/api/auth/v1/update-profile/", seller.token, "profile-2", {
        first_name: "Renamed",
      });
    expect((await save()).statusCode).toBe(200);
    const replay = await save();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
  });
});
