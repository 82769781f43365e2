import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { announcementMessages, type Announcement, type Notification } from "@fba/contract";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { TestSocket } from "../../test/realtime-factories.js";

describe("announcements", () => {
  let ctx: TestContext;
  let baseUrl: string;
  let seller: TestUser;
  let agent: TestUser;
  let admin: TestUser;
  const sockets: TestSocket[] = [];

  const post = (user: TestUser | null, payload: unknown, url = "/api/v1/announcement/") =>
    ctx.app.inject({
      method: "POST",
      url,
      payload: payload as object,
      headers: user ? user.auth : {},
    });

  beforeAll(async () => {
    ctx = await buildTestApp();
    baseUrl = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    seller = await createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" });
    agent = await createShipper(ctx.app);
    admin = await createAdmin(ctx.app);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => ctx.close());

  it("refuses anonymous (401) and shipping agents (403)", async () => {
    expect((await post(null, { message: "Hi" })).statusCode).toBe(401);
    const res = await post(agent, { message: "Hi" });
    expect(res.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/announcement/" })).statusCode).toBe(
      401,
    );
  });

  it("validates: message required and not blank, lengths bounded, unknown keys ignored", async () => {
    const blank = await post(seller, { title: "T", message: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([
      { field: "message", message: announcementMessages.messageRequired },
    ]);
    const missing = await post(seller, { title: "x".repeat(201) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { field: "message", message: announcementMessages.messageRequired },
        { field: "title", message: announcementMessages.titleMax },
      ]),
    );
    const res = await post(admin, { message: " Hello ", title: "", sender: { id: 1 }, id: 99 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      title: null,
      message: "Hello",
      sender: { id: admin.id, groups: "Admin" },
    });
  });

  it("broadcasts to every open announcement socket except the sender's, and notifies everyone else", async () => {
    const senderSocket = await TestSocket.connect(baseUrl, "/ws/announcement/", {
      token: seller.token,
    });
    const agentSocket = await TestSocket.connect(baseUrl, "/ws/announcement/", {
      token: agent.token,
    });
    const anonymous = await TestSocket.connect(baseUrl, "/ws/announcement/");
    const agentBell = await TestSocket.connect(baseUrl, `/ws/notifications/${agent.id}/`, {
      token: agent.token,
    });
    sockets.push(senderSocket, agentSocket, anonymous, agentBell);

    const res = await post(seller, { title: "Holiday hours", message: "Closed on Friday" });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(announcementMessages.created);
    const created = res.json().data as Announcement;
    expect(created).toMatchObject({
      title: "Holiday hours",
      message: "Closed on Friday",
      sender: { id: seller.id, first_name: "Sally", last_name: "Seller", groups: "Seller" },
    });

    // The previous test's broadcast goes out after its response and may land here first.
    const broadcastOf = (socket: TestSocket) =>
      socket.until(() =>
        socket.events.find(
          (e) => e.event_type === "announcement_created" && e.data.id === created.id,
        ),
      );
    expect((await broadcastOf(agentSocket)).data).toEqual(created);
    expect((await broadcastOf(anonymous)).data).toEqual(created);
    const notification = (
      await agentBell.until(() =>
        agentBell.events.find(
          (e) => e.event_type === "send_notification" && e.data.content.includes("Holiday hours"),
        ),
      )
    ).data as Notification;
    expect(notification).toMatchObject({
      notification_type: "Announcement",
      content: "New announcement: Holiday hours",
    });
    // The hub wrote the frame to every member at once, so one to the sender would already be on
    // its way: frames keep their order on a socket, and the answer to a ping written after it
    // arriving without it shows that none came.
    await senderSocket.roundTrip();
    // Only this announcement counts: an earlier test's broadcast may still be in flight.
    expect(
      senderSocket.events.filter(
        (e) => e.event_type === "announcement_created" && e.data.id === created.id,
      ),
    ).toHaveLength(0);

    const sellerList = await ctx.app.inject({
      method: "GET",
      url: "/api/chat/notifications",
      headers: seller.auth,
    });
    expect(
      sellerList.json().data.some((n: Notification) => n.content.includes("Holiday hours")),
    ).toBe(false);
  });

  it("lists newest first in the nested envelope, on both paths, with paging", async () => {
    for (let i = 0; i < 3; i++) await post(admin, { title: `N${i}`, message: `Body ${i}` });
    for (const url of [
      "/api/v1/announcement/?page=1&per_page=2",
      "/api/announcement?per_page=2&page=1",
    ]) {
      const res = await ctx.app.inject({ method: "GET", url, headers: agent.auth });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.data).toHaveLength(2);
      expect(body.data.data[0].title).toBe("N2");
      expect(body.data.pagination_option).toMatchObject({ page: 1, per_page: 2 });
      expect(body.data.pagination_option.count).toBeGreaterThanOrEqual(4);
    }
    const garbage = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/announcement/?per_page=abc&page=-1",
      headers: agent.auth,
    });
    expect(garbage.json().data.pagination_option).toMatchObject({ page: 1, per_page: 50 });
  });

  it("shows one announcement, 404 for an unknown one", async () => {
    const created = (await post(admin, { message: "Only body" })).json().data as Announcement;
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/v1/announcement/${created.id}`,
      headers: seller.auth,
    });
    expect(res.json().data).toEqual(created);
    const missing = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/announcement/999999/",
      headers: seller.auth,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("anonymous announcement sockets behind a trusted proxy", () => {
  let ctx: TestContext;
  let baseUrl: string;
  const sockets: TestSocket[] = [];

  const open = async (forwardedFor: string) => {
    const socket = await TestSocket.connect(baseUrl, "/ws/announcement/", {
      headers: { "x-forwarded-for": forwardedFor },
    });
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    ctx = await buildTestApp({ TRUST_PROXY: true });
    baseUrl = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await ctx.close();
  });

  it("caps each forwarded client IP at 20, not the proxy's own address", async () => {
    const first: TestSocket[] = [];
    for (let i = 0; i < 20; i++) first.push(await open("198.51.100.1"));
    expect(first.every((socket) => socket.ws.readyState === socket.ws.OPEN)).toBe(true);
    expect(await (await open("198.51.100.1")).closed()).toBe(1008);
    const other = await open("198.51.100.2");
    expect(other.ws.readyState).toBe(other.ws.OPEN);
  });
});
