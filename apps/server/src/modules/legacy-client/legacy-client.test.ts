// The existing web client (FBA-Boss-Logistics/new-fbalogistics-fe) against this server: its calls
// are sent exactly as it sends them (axios with a JSON content type, the API base ending in /api/,
// the same bodies and slashes) and its answers are read the way it reads them.
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification } from "@fba/contract";
import { refreshTokens } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createSeller, createShipper, TEST_PASSWORD, type TestUser } from "../../test/factories.js";
import { insertShipment, TestSocket } from "../../test/realtime-factories.js";
import { endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";

const RECHECK_MS = 100;
let ctx: TestContext;
let baseUrl: string;
let seller: TestUser;
let agent: TestUser;
let otherAgent: TestUser;

beforeAll(async () => {
  // Sockets past their token's expiry are re-checked against the database this often.
  ctx = await buildTestApp({}, { gatewayLimits: { recheckIntervalMs: RECHECK_MS } });
  baseUrl = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  [seller, agent, otherAgent] = await Promise.all([
    createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" }),
    createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" }),
    createShipper(ctx.app, { firstName: "Olga", lastName: "Other" }),
  ]);
}, 180_000);
afterAll(async () => ctx?.close());

/**
 * One call of the client: its axios instance joins the base URL (`…/api/`) with the path, sends
 * JSON with its bearer token, and hands the envelope to the screen.
 */
async function call(
  token: string | null,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
) {
  const response = await ctx.app.inject({
    method,
    url: `/api/${path.replace(/^\//, "")}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, envelope: response.json() };
}

/** The client signs in on its Seller or Shipper tab. */
async function login(user: TestUser) {
  const { status, envelope } = await call(null, "POST", "/auth/login/", {
    email: user.email,
    password: TEST_PASSWORD,
    group: user.group,
  });
  expect(status).toBe(200);
  const data = envelope.data as { access_token: string; refresh_token: string };
  return { ...data, sessionId: String(decodeJwt(data.access_token).sid) };
}

/**
 * Waits until the token has expired and three re-checks of socket owners have run since: a socket
 * that outlives this was neither closed by a timer at the token's expiry nor by a re-check.
 */
async function pastExpiry(token: string): Promise<void> {
  const expiresAt = decodeJwt(token).exp! * 1000;
  const ms = expiresAt + 3 * RECHECK_MS - Date.now();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** An order whose bidding closed with the agent's bid (normal service only) waiting for the seller. */
async function approvedShipment(): Promise<{ shipmentId: number; quotationId: number }> {
  const shipmentId = await postShipment(ctx.app, seller);
  const quotationId = await placeBid(ctx.app, agent, shipmentId, { pickup: 100, normal: 700 });
  await endBiddingWindow(ctx.app, shipmentId);
  return { shipmentId, quotationId };
}

/**
 * How the client merges a live notification into its list: it replaces the first one carrying the
 * same shipment_id, unless the new one is an announcement.
 */
function receive(list: Notification[], incoming: Notification): Notification[] {
  const index = list.findIndex((item) => item.shipment_id === incoming.shipment_id);
  if (index === -1 || incoming.notification_type === "Announcement") return [incoming, ...list];
  return [incoming, ...list.filter((_, i) => i !== index)];
}

describe("the existing client", () => {
  it("declines a winning bid without a cancel reason (stored as none given)", async () => {
    const { shipmentId, quotationId } = await approvedShipment();
    const { status, envelope } = await call(seller.token, "PATCH", `/quotations/${quotationId}/`, {
      shipment_status: "Shipment Cancelled",
      is_accepted: false,
    });
    expect(status).toBe(200);
    expect(envelope.message).toBe("Quotation declined successfully");
    expect(envelope.data).toMatchObject({
      status: "Shipment Cancelled",
      cancel_reason: null,
      quotation: { is_accepted: false, cancel_reason: null },
    });
    await ctx.app.events.settle();
    const bell = await call(agent.token, "GET", "/chat/notifications/");
    const declined = (bell.envelope.data as Notification[]).find(
      (n) => n.shipment_id === shipmentId,
    );
    expect(declined?.content).toMatch(/was declined$/);
    expect(declined?.user).toEqual({ id: seller.id, first_name: "Sally" });
  });

  it("reads .length of fast_amount and normal_amount on every quotation row", async () => {
    const shipmentId = await postShipment(ctx.app, seller);
    await placeBid(ctx.app, agent, shipmentId, { pickup: 100, normal: 700 });
    await placeBid(ctx.app, otherAgent, shipmentId, { pickup: 90, fast: 950 });
    // The agent's open list, with their own bid, and the seller's sealed view while open.
    const open = await call(agent.token, "GET", "/shipper/shipments/?page=1&per_page=50&");
    const row = (
      open.envelope.data as Array<{ id: number; quotation: Record<string, string> }>
    ).find((item) => item.id === shipmentId);
    expect(row?.quotation.fast_amount?.length).toBe(0);
    expect(row?.quotation.normal_amount?.length).toBe("700.00".length);
    const sealed = await call(seller.token, "GET", `/quotations/?shipment_id=${shipmentId}`);
    for (const quotation of sealed.envelope.data as Array<Record<string, string>>) {
      expect(typeof quotation.fast_amount!.length).toBe("number");
      expect(typeof quotation.normal_amount!.length).toBe("number");
    }
    await endBiddingWindow(ctx.app, shipmentId);
    const closed = await call(seller.token, "GET", `/quotations/?shipment_id=${shipmentId}`);
    const amounts = (closed.envelope.data as Array<Record<string, string>>).map((q) => [
      q.fast_amount,
      q.normal_amount,
    ]);
    expect(amounts).toContainEqual(["", "700.00"]);
    for (const [fast, normal] of amounts) {
      expect(typeof fast!.length + typeof normal!.length).toBe("numbernumber");
    }
  });

  it("reads admin.first_name of a chat history before any admin has posted", async () => {
    const order = await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id });
    const { status, envelope } = await call(seller.token, "GET", `/chat/messages/${order.id}/`);
    expect(status).toBe(200);
    expect(envelope.data.admin.first_name).toBe("");
    expect(envelope.data.admin).toEqual({ id: 0, first_name: "", last_name: "", image: null });
  });

  it("shows who caused a notification, live and stored, and keeps samples apart from announcements", async () => {
    const agentSession = await login(agent);
    const bell = await TestSocket.connect(baseUrl, `/ws/notifications/${agent.id}/`, {
      token: agentSession.access_token,
    });
    await bell.next("unread_count");

    // The seller announces: the agent's notification names the seller, so the client shows it.
    const announced = await call(seller.token, "POST", "/v1/announcement/", {
      title: "Holiday hours",
      message: "Warehouses close early on Friday",
    });
    expect(announced.status).toBe(201);
    const announcement = (await bell.next("send_notification")).data;
    expect(announcement).toMatchObject({
      notification_type: "Announcement",
      shipment_id: null,
      user: { id: seller.id, first_name: "Sally" },
    });
    expect(announcement.user.id).not.toBe(agent.id);

    // A new sample is announced to every agent, caused by its seller.
    const sample = await call(seller.token, "POST", "/sample-shipments/", {
      product_name: "Ceramic mugs",
      quantity: 3,
      address: "12 Harbour Road, Austin",
    });
    expect(sample.status).toBe(201);
    const sampleNotification = (
      await bell.until(() =>
        bell.events.find(
          (e) =>
            e.event_type === "send_notification" && e.data.notification_type === "Sample Shipment",
        ),
      )
    ).data as Notification;
    expect(sampleNotification).toMatchObject({
      notification_type: "Sample Shipment",
      shipment_id: 0,
      sample_shipment_id: sample.envelope.data.id,
      user: { id: seller.id, first_name: "Sally" },
    });
    // The client's merge keeps both, in either order.
    expect(receive(receive([], announcement), sampleNotification)).toHaveLength(2);
    expect(receive(receive([], sampleNotification), announcement)).toHaveLength(2);

    // A chat message: the notification names its sender, stored and live alike.
    const order = await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id });
    const chat = await TestSocket.connect(baseUrl, `/ws/group-chat/${order.id}/`, {
      token: seller.token,
    });
    chat.send({ action: "send_message", message: "Cartons are ready", user_id: String(seller.id) });
    // A loaded CI machine can take seconds to carry a chat message on to the bell.
    const live = (
      await bell.until(
        () =>
          bell.events.find(
            (e) => e.event_type === "send_notification" && e.data.shipment_id === order.id,
          ),
        15_000,
      )
    ).data as Notification;
    expect(live.user).toEqual({ id: seller.id, first_name: "Sally" });
    const stored = await call(agent.token, "GET", "/chat/notifications/");
    const list = stored.envelope.data as Notification[];
    expect(list.find((n) => n.id === live.id)?.user).toEqual(live.user);
    expect(list.find((n) => n.id === announcement.id)?.user.first_name.charAt(0)).toBe("S");
    chat.close();
    bell.close();
  });

  it("keeps an open socket past its token's expiry while the session lives; logout closes it", async () => {
    const session = await login(seller);
    // The client never renews a socket's token: open one whose token lasts two seconds.
    const shortLived = await ctx.app.tokens.signAccess(
      { userId: seller.id, group: "Seller", sessionId: session.sessionId },
      2,
    );
    const bell = await TestSocket.connect(baseUrl, `/ws/notifications/${seller.id}/`, {
      token: shortLived,
    });
    await bell.next("unread_count");
    await pastExpiry(shortLived);
    expect(bell.closeCode).toBeNull();

    // Still served after expiry: a notification arrives live.
    const { shipmentId } = await approvedShipment();
    await call(seller.token, "GET", `/shipments/${shipmentId}/`);
    await ctx.app.events.settle();
    await bell.until(() => bell.events.some((e) => e.event_type === "send_notification"));

    // Logging out ends the session and closes its sockets.
    const out = await call(session.access_token, "POST", "/auth/logout/", {
      refresh: session.refresh_token,
    });
    expect(out.status).toBe(200);
    expect(await bell.closed()).toBe(4401);
  }, 30_000);

  it("closes sockets of other sessions on a password change, and of a session revoked unseen", async () => {
    const first = await login(otherAgent);
    const second = await login(otherAgent);
    const bell = await TestSocket.connect(baseUrl, `/ws/notifications/${otherAgent.id}/`, {
      token: first.access_token,
    });
    await bell.next("unread_count");
    const changed = await call(second.access_token, "POST", "/auth/change-password/", {
      old_password: TEST_PASSWORD,
      new_password: "N3w!Passw0rd",
    });
    expect(changed.status).toBe(200);
    expect(await bell.closed()).toBe(4401);

    // A session revoked without any announcement (another instance while Redis was away) is
    // caught by the periodic re-check, even past the token's expiry.
    const session = await login(seller);
    const shortLived = await ctx.app.tokens.signAccess(
      { userId: seller.id, group: "Seller", sessionId: session.sessionId },
      1,
    );
    const other = await TestSocket.connect(baseUrl, "/ws/announcement/", { token: shortLived });
    await pastExpiry(shortLived);
    expect(other.closeCode).toBeNull();
    await ctx.app.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.familyId, session.sessionId));
    expect(await other.closed()).toBe(4401);
  }, 30_000);

  it("still closes a socket at expiry when its token names no session", async () => {
    const legacyToken = await ctx.app.tokens.signAccess({ userId: seller.id, group: "Seller" }, 1);
    const socket = await TestSocket.connect(baseUrl, "/ws/announcement/", { token: legacyToken });
    expect(await socket.closed()).toBe(4401);
  });
});
