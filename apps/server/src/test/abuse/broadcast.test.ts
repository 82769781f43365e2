import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationTexts } from "@fba/contract";
import { notifications, users } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../factories.js";
import { postShipment } from "../shipment-factories.js";

/** Creations that notify many users: each account has an hourly cap, answered like the others. */
describe("broadcast rate limits", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({
      ANNOUNCEMENTS_PER_HOUR: 3,
      SAMPLE_REQUESTS_PER_HOUR: 3,
      BOOKINGS_PER_HOUR: 3,
    });
  });
  afterAll(async () => ctx.close());

  const post = (user: TestUser, url: string, payload: unknown) =>
    ctx.app.inject({ method: "POST", url, headers: user.auth, payload: payload as object });

  const expectLimited = (res: Awaited<ReturnType<typeof post>>) => {
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({
      status: "error",
      status_code: 429,
      errors: [{ message: expect.any(String) }],
    });
  };

  it("caps announcements per account across both paths, and stores nothing past the cap", async () => {
    const seller = await createSeller(ctx.app);
    const admin = await createAdmin(ctx.app);
    const message = { title: "Notice", message: "Warehouses close early" };
    // A rejected form does not count.
    expect((await post(seller, "/api/v1/announcement/", { title: "x" })).statusCode).toBe(400);
    expect((await post(seller, "/api/v1/announcement/", message)).statusCode).toBe(201);
    expect((await post(seller, "/api/announcement/", message)).statusCode).toBe(201);
    expect((await post(seller, "/api/v1/announcement/", message)).statusCode).toBe(201);
    const before = await ctx.app.inject({ url: "/api/v1/announcement/", headers: seller.auth });
    expectLimited(await post(seller, "/api/announcement/", message));
    expectLimited(await post(seller, "/api/v1/announcement/", message));
    const after = await ctx.app.inject({ url: "/api/v1/announcement/", headers: seller.auth });
    expect(after.json().data.pagination_option).toEqual(before.json().data.pagination_option);
    // Someone else still can.
    expect((await post(admin, "/api/v1/announcement/", message)).statusCode).toBe(201);
  });

  it("caps sample requests per account", async () => {
    const seller = await createSeller(ctx.app);
    const sample = { product_name: "Mugs", quantity: 2, address: "1 Way" };
    for (let i = 0; i < 3; i++) {
      expect((await post(seller, "/api/sample-shipments/", sample)).statusCode).toBe(201);
    }
    expectLimited(await post(seller, "/api/sample-shipments/", sample));
  });

  it("caps bookings per account", async () => {
    const seller = await createSeller(ctx.app);
    for (let i = 0; i < 3; i++) await postShipment(ctx.app, seller);
    await expect(postShipment(ctx.app, seller)).rejects.toThrow(/429/);
    expect((await postShipment(ctx.app, await createSeller(ctx.app))) > 0).toBe(true);
  });
});

describe("broadcast limits with RATE_LIMIT_DISABLED", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({ RATE_LIMIT_DISABLED: true, ANNOUNCEMENTS_PER_HOUR: 1 });
  });
  afterAll(async () => ctx.close());

  it("never answers 429", async () => {
    const seller = await createSeller(ctx.app);
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/announcement/",
        headers: seller.auth,
        payload: { message: `Notice ${i}` },
      });
      expect(res.statusCode).toBe(201);
    }
  });
});

describe("announcement fan-out to many users", () => {
  let ctx: TestContext;
  // More recipients than one statement could carry as bound values (6 per row, 65,535 at most).
  const EXTRA_USERS = 11_000;

  beforeAll(async () => {
    ctx = await buildTestApp();
    await ctx.database.db.execute(sql`
      insert into ${users} (first_name, last_name, email, password_hash, "group")
      select 'Bulk', 'User', 'bulk' || n || '@example.test', 'x', 'Shipper'
      from generate_series(1, ${EXTRA_USERS}) as n`);
  }, 120_000);
  afterAll(async () => ctx.close());

  it("gives every other active user one notification, the sender none", async () => {
    const seller = await createSeller(ctx.app);
    const agent = await createShipper(ctx.app);
    const disabled = await createShipper(ctx.app);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.id));
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/announcement/",
      headers: seller.auth,
      payload: { title: "Holiday", message: "Closed on Friday" },
    });
    expect(res.statusCode).toBe(201);
    const announcementId = res.json().data.id as number;
    await ctx.app.events.settle();

    const countFor = async (userId?: number) => {
      const [row] = await ctx.database.db
        .select({ value: sql<number>`count(*)::int` })
        .from(notifications)
        .where(
          and(
            eq(notifications.announcementId, announcementId),
            userId === undefined ? undefined : eq(notifications.userId, userId),
          ),
        );
      return Number(row?.value ?? 0);
    };
    const [active] = await ctx.database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.isActive, true));
    expect(await countFor()).toBe(Number(active?.value) - 1);
    expect(await countFor(seller.id)).toBe(0);
    expect(await countFor(disabled.id)).toBe(0);

    const list = await ctx.app.inject({ url: "/api/chat/notifications/", headers: agent.auth });
    expect(list.json().data[0]).toMatchObject({
      notification_type: "Announcement",
      content: notificationTexts.announcement("Holiday", "Closed on Friday"),
      is_read: false,
    });
  }, 120_000);
});

describe.runIf(process.env.REDIS_URL)("broadcast rate limits shared through Redis", () => {
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    const config = { REDIS_URL: process.env.REDIS_URL, ANNOUNCEMENTS_PER_HOUR: 2 };
    first = await buildTestApp(config);
    second = await buildTestApp(config);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("counts one account's announcements across server instances", async () => {
    expect(first.app.redis).toBeDefined();
    // The same account id on both instances' databases, unused by earlier runs sharing Redis.
    const id = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
    const sellerOn = async (ctx: TestContext) => {
      await ctx.database.db.execute(sql`select setval('users_id_seq', ${id})`);
      return createSeller(ctx.app);
    };
    const [a, b] = [await sellerOn(first), await sellerOn(second)];
    expect(a.id).toBe(b.id);
    const post = (ctx: TestContext, user: TestUser) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/v1/announcement/",
        headers: user.auth,
        payload: { message: "Notice" },
      });
    expect((await post(first, a)).statusCode).toBe(201);
    expect((await post(second, b)).statusCode).toBe(201);
    const refused = await post(first, a);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});
