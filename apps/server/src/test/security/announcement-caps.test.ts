import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import {
  adminMessages,
  announcementMessages,
  announcementRemovalSchema,
  notificationTexts,
  type Notification,
} from "@fba/contract";
import { announcements, notifications } from "../../db/schema/index.js";
import { buildTestApp, servicesOf, type TestContext } from "../app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../factories.js";
import { TestSocket } from "../realtime-factories.js";

/**
 * Announcements reach every user, so who may send how many is capped three ways: per account,
 * per client address across its accounts, and for all non-admins together (admins are told when
 * that cap is reached). An admin removes one from every list and bell at once, and may disable
 * its sender in the same call.
 */
const post = (ctx: TestContext, user: TestUser, address: string, message = "Notice") =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/announcement/",
    headers: user.auth,
    remoteAddress: address,
    payload: { title: "Caps", message },
  });

const standingCount = async (ctx: TestContext) => {
  const [row] = await ctx.database.db
    .select({ value: sql<number>`count(*)::int` })
    .from(announcements)
    .where(sql`${announcements.removedAt} is null`);
  return Number(row?.value ?? 0);
};

function expectLimited(response: { statusCode: number; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
}

describe("the per-address announcement cap", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({
      ANNOUNCEMENTS_PER_HOUR: 5,
      ANNOUNCEMENTS_PER_ADDRESS_PER_HOUR: 3,
      ANNOUNCEMENTS_PLATFORM_PER_HOUR: 100,
    });
  }, 120_000);
  afterAll(async () => ctx?.close());

  it("counts every account behind one address together; other addresses and admins go on", async () => {
    const [first, second, third, elsewhere] = await Promise.all(
      [1, 2, 3, 4].map(() => createSeller(ctx.app)),
    );
    const admin = await createAdmin(ctx.app);
    const office = "203.0.113.10";
    expect((await post(ctx, first!, office)).statusCode).toBe(201);
    expect((await post(ctx, first!, office)).statusCode).toBe(201);
    expect((await post(ctx, second!, office)).statusCode).toBe(201);
    const before = await standingCount(ctx);
    // A fresh account from the same address: each account is under its own cap, the address not.
    expectLimited(await post(ctx, third!, office));
    expectLimited(await post(ctx, second!, office));
    expect(await standingCount(ctx)).toBe(before);
    expect((await post(ctx, elsewhere!, "198.51.100.20")).statusCode).toBe(201);
    expect((await post(ctx, admin, office)).statusCode).toBe(201);
  });
});

describe("the platform-wide hourly cap on non-admin announcements", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({
      ANNOUNCEMENTS_PER_HOUR: 5,
      ANNOUNCEMENTS_PER_ADDRESS_PER_HOUR: 5,
      ANNOUNCEMENTS_PLATFORM_PER_HOUR: 3,
    });
  }, 120_000);
  afterAll(async () => ctx?.close());

  const alertsFor = async (user: TestUser) => {
    const response = await ctx.app.inject({ url: "/api/chat/notifications/", headers: user.auth });
    return (response.json().data as Notification[]).filter(
      (n) => n.content === notificationTexts.announcementCapReached(3),
    );
  };

  it("refuses non-admins past it from any address, and tells every admin once", async () => {
    const sellers = await Promise.all([1, 2, 3, 4, 5].map(() => createSeller(ctx.app)));
    const [admin, otherAdmin] = [await createAdmin(ctx.app), await createAdmin(ctx.app)];
    const agent = await createShipper(ctx.app);
    for (let i = 0; i < 3; i++) {
      expect((await post(ctx, sellers[i]!, `192.0.2.${i + 1}`)).statusCode).toBe(201);
    }
    const before = await standingCount(ctx);
    expectLimited(await post(ctx, sellers[3]!, "192.0.2.50"));
    expectLimited(await post(ctx, sellers[4]!, "192.0.2.51"));
    expectLimited(await post(ctx, sellers[3]!, "192.0.2.52"));
    expect(await standingCount(ctx)).toBe(before);
    // Admins are not counted and can still post.
    expect((await post(ctx, admin, "192.0.2.1")).statusCode).toBe(201);
    await ctx.app.events.settle();

    // One alert per admin for the three refusals; nobody else hears of it.
    for (const each of [admin, otherAdmin]) {
      const alerts = await alertsFor(each);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ notification_type: "Announcement", is_read: false });
    }
    expect(await alertsFor(sellers[0]!)).toHaveLength(0);
    expect(await alertsFor(agent)).toHaveLength(0);

    expectLimited(await post(ctx, sellers[4]!, "192.0.2.60"));
    await ctx.app.events.settle();
    expect(await alertsFor(admin)).toHaveLength(1);
  });
});

describe("an admin removes an announcement", () => {
  let ctx: TestContext;
  let baseUrl: string;
  let admin: TestUser;
  let agent: TestUser;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp();
    baseUrl = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await createAdmin(ctx.app);
    agent = await createShipper(ctx.app);
  }, 120_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => ctx?.close());

  const remove = (user: TestUser | null, id: number, query = "") =>
    ctx.app.inject({
      method: "DELETE",
      url: `/api/admin/announcements/${id}/${query}`,
      headers: user ? user.auth : {},
    });

  const announce = async (sender: TestUser, message: string) => {
    const response = await post(ctx, sender, "127.0.0.1", message);
    expect(response.statusCode).toBe(201);
    await ctx.app.events.settle();
    return response.json().data.id as number;
  };

  const bellOf = async (user: TestUser) =>
    (await ctx.app.inject({ url: "/api/chat/notifications/", headers: user.auth })).json()
      .data as Notification[];

  it("takes it off every list and bell, live on open sockets, and keeps its sender", async () => {
    const seller = await createSeller(ctx.app);
    const id = await announce(seller, "Buy my courses");
    // Read once, so the lists and the bell are kept in memory before the removal.
    const listed = await ctx.app.inject({ url: "/api/v1/announcement/", headers: agent.auth });
    expect(listed.json().data.data.map((a: { id: number }) => a.id)).toContain(id);
    const ringing = (await bellOf(agent)).find((n) => n.announcement_id === id);
    expect(ringing).toMatchObject({ notification_type: "Announcement", is_read: false });

    const anonymous = await TestSocket.connect(baseUrl, "/ws/announcement/");
    const bell = await TestSocket.connect(baseUrl, `/ws/notifications/${agent.id}/`, {
      token: agent.token,
    });
    sockets.push(anonymous, bell);

    expect((await remove(null, id)).statusCode).toBe(401);
    expect((await remove(seller, id)).statusCode).toBe(403);
    expect((await remove(agent, id)).statusCode).toBe(403);
    expect((await bellOf(agent)).some((n) => n.announcement_id === id)).toBe(true);

    const response = await remove(admin, id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(announcementMessages.removed);
    expect(announcementRemovalSchema.parse(response.json().data)).toMatchObject({
      id,
      sender: { id: seller.id, is_active: true },
    });

    const removedFrame = (socket: TestSocket) =>
      socket.until(() =>
        socket.events.find((e) => e.event_type === "announcement_removed" && e.data.id === id),
      );
    await removedFrame(anonymous);
    await removedFrame(bell);

    const after = await ctx.app.inject({ url: "/api/v1/announcement/", headers: agent.auth });
    expect(after.json().data.data.map((a: { id: number }) => a.id)).not.toContain(id);
    const detail = await ctx.app.inject({
      url: `/api/v1/announcement/${id}/`,
      headers: agent.auth,
    });
    expect(detail.statusCode).toBe(404);
    expect((await bellOf(agent)).some((n) => n.announcement_id === id)).toBe(false);
    const [left] = await ctx.database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.announcementId, id));
    expect(Number(left?.value)).toBe(0);
    // Gone is gone: a second removal finds nothing.
    expect((await remove(admin, id)).statusCode).toBe(404);
    // The sender still signs in.
    const me = await ctx.app.inject({ url: "/api/auth/v1/me/", headers: seller.auth });
    expect(me.statusCode).toBe(200);
  });

  it("disables its sender in the same call: their sessions end", async () => {
    const seller = await createSeller(ctx.app);
    const id = await announce(seller, "Spam again");
    const response = await remove(admin, id, "?disable_sender=true");
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(announcementMessages.removedAndSenderDisabled);
    expect(response.json().data.sender).toEqual({ id: seller.id, is_active: false });
    const me = await ctx.app.inject({ url: "/api/auth/v1/me/", headers: seller.auth });
    expect(me.statusCode).toBe(401);
    const users = await ctx.app.inject({
      url: `/api/admin/users/?search=${encodeURIComponent(seller.email)}`,
      headers: admin.auth,
    });
    expect(users.json().data[0]).toMatchObject({ id: seller.id, is_active: false });
  });

  it("refuses to disable the admin's own account and then removes nothing", async () => {
    const id = await announce(admin, "Maintenance tonight");
    const response = await remove(admin, id, "?disable_sender=true");
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].message).toBe(adminMessages.cannotDisableSelf);
    const detail = await ctx.app.inject({
      url: `/api/v1/announcement/${id}/`,
      headers: agent.auth,
    });
    expect(detail.statusCode).toBe(200);
    const bad = await remove(admin, id, "?disable_sender=maybe");
    expect(bad.statusCode).toBe(400);
    expect((await remove(admin, id)).statusCode).toBe(200);
  });

  it("gives a removed announcement no more notifications from a broadcast still going out", async () => {
    const seller = await createSeller(ctx.app);
    const id = await announce(seller, "Late batch");
    expect((await remove(admin, id)).statusCode).toBe(200);
    // What the broadcast's next batch would do after the removal committed.
    await servicesOf(ctx.app).notifications.notifyActiveUsers(
      { exceptId: seller.id },
      {
        actorId: seller.id,
        notificationType: "Announcement",
        announcementId: id,
        content: "New announcement: Caps",
      },
    );
    const [left] = await ctx.database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.announcementId, id)));
    expect(Number(left?.value)).toBe(0);
  });
});
