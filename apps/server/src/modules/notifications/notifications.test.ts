import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notificationTexts, type Notification } from "@fba/contract";
import { chatMessages, emailOutbox, notifications, users } from "../../db/schema/index.js";
import { notificationText } from "../../lib/i18n/notifications.js";
import { buildTestApp, servicesOf, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { insertSample, insertShipment, TestSocket } from "../../test/realtime-factories.js";

describe("notifications", () => {
  let ctx: TestContext;
  let baseUrl: string;
  let seller: TestUser;
  let agent: TestUser;
  let otherAgent: TestUser;
  let admin: TestUser;
  const sockets: TestSocket[] = [];

  const open = async (path: string, token?: string) => {
    const socket = await TestSocket.connect(baseUrl, path, { token });
    sockets.push(socket);
    return socket;
  };
  const list = async (user: TestUser) => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/chat/notifications/",
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as Notification[];
  };
  const emailsTo = async (user: TestUser) =>
    ctx.app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));

  beforeAll(async () => {
    ctx = await buildTestApp();
    baseUrl = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    seller = await createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" });
    agent = await createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" });
    otherAgent = await createShipper(ctx.app);
    admin = await createAdmin(ctx.app);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => ctx.close());

  it("GET /api/chat/notifications/ needs a token", async () => {
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/chat/notifications" })).statusCode,
    ).toBe(401);
  });

  it("only the user themself may open their notification socket", async () => {
    expect(await (await open(`/ws/notifications/${seller.id}/`)).closed()).toBe(4401);
    expect(await (await open(`/ws/notifications/${seller.id}/`, agent.token)).closed()).toBe(4403);
    const own = await open(`/ws/notifications/${seller.id}/`, seller.token);
    expect((await own.next("unread_count")).data).toEqual({ count: 0 });
  });

  it("notifies the other parties of a chat message live and in the list, and emails nobody", async () => {
    const shipment = await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id });
    const agentBell = await open(`/ws/notifications/${agent.id}/`, agent.token);
    const sellerBell = await open(`/ws/notifications/${seller.id}/`, seller.token);
    await agentBell.next("unread_count");
    const chat = await open(`/ws/group-chat/${shipment.id}/`, seller.token);
    chat.send({ action: "send_message", message: "Pickup is ready" });

    const live = (await agentBell.next("send_notification")).data;
    expect(live).toMatchObject({
      notification_type: "Shipment",
      shipment_id: shipment.id,
      sample_shipment_id: 0,
      content: "New message from Sally Seller: Pickup is ready",
      is_read: false,
      user: { id: seller.id, first_name: "Sally" },
    });
    await agentBell.until(() =>
      agentBell.events.some((e) => e.event_type === "unread_count" && e.data.count === 1),
    );
    expect((await list(agent))[0]).toEqual(live);
    expect((await list(seller)).some((n) => n.id === live.id)).toBe(false);
    expect(sellerBell.count("send_notification")).toBe(0);
    expect(await emailsTo(agent)).toHaveLength(0);

    // Read over the socket: the event goes to every one of the user's notification sockets.
    const secondTab = await open(`/ws/notifications/${agent.id}/`, agent.token);
    agentBell.send({
      action: "mark_notification_read",
      notification_id: String(live.id),
      user_id: String(agent.id),
    });
    expect((await secondTab.next("notification_read")).data).toEqual({ id: live.id });
    expect((await list(agent))[0]?.is_read).toBe(true);

    // Someone else's notification looks like a missing one.
    sellerBell.send({ action: "mark_notification_read", notification_id: live.id });
    expect((await sellerBell.next("error")).data.message).toBe("Notification not found");
  });

  it("removes a deleted message's text from the notifications that quoted it, stored and live", async () => {
    const shipment = await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id });
    const agentBell = await open(`/ws/notifications/${agent.id}/`, agent.token);
    await agentBell.next("unread_count");
    const chat = await open(`/ws/group-chat/${shipment.id}/`, seller.token);
    chat.send({ action: "send_message", message: "Door code is 4711" });
    const created = (await agentBell.next("send_notification")).data;
    expect(created.content).toBe("New message from Sally Seller: Door code is 4711");

    // An edit before anyone read it: the notification quotes the new text.
    const sent = (await chat.next("message_sent")).data;
    chat.send({ action: "edit_message", message_id: sent.id, new_content: "Door code is 1234" });
    const edited = (await agentBell.next("notification_updated")).data;
    expect(edited).toEqual({
      ...created,
      content: "New message from Sally Seller: Door code is 1234",
    });

    chat.send({ action: "delete_message", message_id: sent.id });
    await agentBell.until(() => agentBell.count("notification_updated") >= 2);
    const deleted = agentBell.events.at(-1);
    expect(deleted).toEqual({
      event_type: "notification_updated",
      data: { ...created, content: notificationTexts.chatMessageDeleted("Sally Seller") },
    });
    expect((await list(agent)).find((n) => n.id === created.id)?.content).toBe(
      "New message from Sally Seller: (message deleted)",
    );
    const stored = await ctx.app.database.db
      .select({ content: notifications.content })
      .from(notifications)
      .where(eq(notifications.shipmentId, shipment.id));
    expect(stored).toHaveLength(1);
    expect(stored.some((row) => row.content.includes("Door code"))).toBe(false);
    // Only the deleted message's notifications changed, and no new one was added.
    expect(agentBell.count("send_notification")).toBe(1);
  });

  it("stores no notification quoting a message deleted before the notification was written", async () => {
    // A seller of its own: sixteen chat actions fit in a fresh chat budget.
    const writer = await createSeller(ctx.app);
    const shipment = await insertShipment(ctx.app, { sellerId: writer.id, agentId: agent.id });
    const chat = await open(`/ws/group-chat/${shipment.id}/`, writer.token);
    for (let i = 0; i < 8; i++) {
      const from = chat.events.length;
      chat.send({ action: "send_message", message: `Oops ${i}` });
      const sent = (await chat.next("message_sent", from)).data;
      chat.send({ action: "delete_message", message_id: sent.id });
      await chat.next("message_deleted", from);
    }
    await ctx.app.events.settle();
    const stored = await ctx.app.database.db
      .select({ content: notifications.content })
      .from(notifications)
      .where(eq(notifications.shipmentId, shipment.id));
    expect(stored.filter((row) => row.content.includes("Oops"))).toEqual([]);
  });

  it("marks read over HTTP, refuses other users' notifications with 404", async () => {
    ctx.app.events.emit("quotation.created", {
      quotationId: 1,
      shipmentId: (await insertShipment(ctx.app, { sellerId: seller.id, productName: "Kettles" }))
        .id,
      agentId: agent.id,
      sellerId: seller.id,
    });
    const notification = await afterEvents(ctx, async () =>
      (await list(seller)).find((n) => n.content.includes("Kettles")),
    );
    expect(notification.content).toBe(
      notificationTexts.newBid(notification.shipment_id ?? 0, "Kettles"),
    );
    const url = `/api/chat/notifications/${notification.id}/read/`;
    expect((await ctx.app.inject({ method: "PATCH", url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: "PATCH", url, headers: agent.auth })).statusCode).toBe(
      404,
    );
    const bad = await ctx.app.inject({
      method: "PATCH",
      url: "/api/chat/notifications/x/read",
      headers: seller.auth,
    });
    expect(bad.statusCode).toBe(400);
    const res = await ctx.app.inject({
      method: "PATCH",
      url: url.slice(0, -1),
      headers: seller.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: notification.id });
    expect((await list(seller)).find((n) => n.id === notification.id)?.is_read).toBe(true);
  });

  it("emails order changes unless the user turned emails off", async () => {
    const shipment = await insertShipment(ctx.app, {
      sellerId: seller.id,
      agentId: agent.id,
      productName: "Chairs",
    });
    ctx.app.events.emit("quotation.accepted", {
      shipmentId: shipment.id,
      sellerId: seller.id,
      agentId: agent.id,
      quotationId: shipment.quotationId ?? 0,
    });
    await afterEvents(ctx, async () =>
      (await list(agent)).find((n) => n.content.includes("Chairs")),
    );
    const mails = await emailsTo(agent);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(
      notificationTexts.quotationAccepted(shipment.id, "Chairs"),
    );

    await ctx.app.database.db
      .update(users)
      .set({ emailNotifications: false })
      .where(eq(users.id, agent.id));
    ctx.app.events.emit("quotation.cancelled", {
      shipmentId: shipment.id,
      sellerId: seller.id,
      agentId: agent.id,
      quotationId: shipment.quotationId ?? 0,
      reason: "Found cheaper",
    });
    const cancelled = await afterEvents(ctx, async () =>
      (await list(agent)).find((n) => n.content.includes("Found cheaper")),
    );
    expect(cancelled.content).toBe(
      notificationTexts.quotationCancelled(shipment.id, "Chairs", "Found cheaper"),
    );
    expect(await emailsTo(agent)).toHaveLength(1);
  });

  it("tells every agent about a new sample and the seller about its completion", async () => {
    const sample = await insertSample(ctx.app, seller.id, "Mugs");
    ctx.app.events.emit("sample.created", { sampleId: sample.id, sellerId: seller.id });
    for (const user of [agent, otherAgent]) {
      const found = await afterEvents(ctx, async () =>
        (await list(user)).find((n) => n.sample_shipment_id === sample.id),
      );
      // Caused by the seller; shipment_id 0 keeps samples apart from announcements (null).
      expect(found).toMatchObject({
        notification_type: "Sample Shipment",
        shipment_id: 0,
        user: { id: seller.id, first_name: "Sally" },
      });
    }
    expect((await list(admin)).some((n) => n.sample_shipment_id === sample.id)).toBe(false);
    ctx.app.events.emit("sample.completed", {
      sampleId: sample.id,
      sellerId: seller.id,
      byUserId: agent.id,
    });
    const done = await afterEvents(ctx, async () =>
      (await list(seller)).find((n) => n.sample_shipment_id === sample.id),
    );
    expect(done.content).toBe(notificationTexts.sampleCompleted(sample.id, "Mugs"));
    expect(done.user).toEqual({ id: agent.id, first_name: "Andy" });
  });

  it("writes a subscriber's notification in its recipient's stored language", async () => {
    const chinese = await createSeller(ctx.app);
    await ctx.app.database.db
      .update(users)
      .set({ locale: "zh-CN" })
      .where(eq(users.id, chinese.id));
    const shipment = await insertShipment(ctx.app, {
      sellerId: chinese.id,
      productName: "竹制砧板",
    });
    ctx.app.events.emit("quotation.created", {
      quotationId: 1,
      shipmentId: shipment.id,
      agentId: agent.id,
      sellerId: chinese.id,
    });
    await ctx.app.events.settle();
    expect((await list(chinese)).map((n) => n.content)).toEqual([
      `货件 #${shipment.id}（竹制砧板）收到新报价`,
    ]);
  });

  it("writes a broadcast and a chat message's rewrite in each reader's stored language", async () => {
    const service = servicesOf(ctx.app).notifications;
    const english = await createSeller(ctx.app);
    const chinese = await createSeller(ctx.app);
    await ctx.app.database.db
      .update(users)
      .set({ locale: "zh-CN" })
      .where(eq(users.id, chinese.id));
    const shipment = await insertShipment(ctx.app, { sellerId: english.id });
    await service.notifyActiveUsers(
      { group: "Seller" },
      {
        actorId: null,
        notificationType: "Announcement",
        content: notificationText("announcementCapReached", { max: 7 }),
      },
    );
    const capRows = await ctx.app.database.db
      .select({ userId: notifications.userId, content: notifications.content })
      .from(notifications)
      .where(inArray(notifications.userId, [english.id, chinese.id]));
    expect(capRows.find((r) => r.userId === english.id && r.content.includes(" 7 "))?.content).toBe(
      "Announcements from sellers reached the platform's cap of 7 in an hour: further ones are refused until the hour is over. Review the latest in Announcements.",
    );
    expect(
      capRows.some((r) => r.userId === chinese.id && r.content.startsWith("卖家发布的公告")),
    ).toBe(true);
    // A chat notification to both, then its message deleted: each reads it in their language.
    const [message] = await ctx.app.database.db
      .insert(chatMessages)
      .values({
        shipmentId: shipment.id,
        senderId: agent.id,
        senderType: "Shipper",
        content: "货好了",
      })
      .returning({ id: chatMessages.id });
    await service.notify(
      [english, chinese].map((user) => ({
        userId: user.id,
        actorId: agent.id,
        notificationType: "Shipment" as const,
        shipmentId: shipment.id,
        chatMessageId: message!.id,
        content: notificationText("chatMessage", { name: "李伟", text: "货好了" }),
      })),
    );
    const chatRows = async () =>
      Object.fromEntries(
        (
          await ctx.app.database.db
            .select({ userId: notifications.userId, content: notifications.content })
            .from(notifications)
            .where(eq(notifications.chatMessageId, message!.id))
        ).map((row) => [row.userId, row.content]),
      );
    expect(await chatRows()).toEqual({
      [english.id]: "New message from 李伟: 货好了",
      [chinese.id]: "【新消息】李伟：货好了",
    });
    await service.rewriteChatMessage(
      message!.id,
      notificationText("chatMessageDeleted", { name: "李伟" }),
    );
    expect(await chatRows()).toEqual({
      [english.id]: "New message from 李伟: (message deleted)",
      [chinese.id]: "【新消息】李伟：（消息已删除）",
    });
  });

  it("caps the list at 100, newest first", async () => {
    const many = await createSeller(ctx.app);
    const shipment = await insertShipment(ctx.app, { sellerId: many.id });
    for (let i = 0; i < 105; i++) {
      ctx.app.events.emit("quotation.created", {
        quotationId: i,
        shipmentId: shipment.id,
        agentId: agent.id,
        sellerId: many.id,
      });
    }
    await ctx.app.events.settle();
    expect(await ctx.app.database.db.$count(notifications, eq(notifications.userId, many.id))).toBe(
      105,
    );
    const rows = await list(many);
    expect(rows).toHaveLength(100);
    expect(rows[0]!.id).toBeGreaterThan(rows[99]!.id);
  });
});

/** What `probe` finds once every listener and subscriber of the events emitted so far has run. */
async function afterEvents<T>(ctx: TestContext, probe: () => Promise<T | undefined>): Promise<T> {
  await ctx.app.events.settle();
  const value = await probe();
  expect(value).toBeDefined();
  return value!;
}
