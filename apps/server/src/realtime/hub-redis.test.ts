import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { testConfig, type Config } from "../config.js";
import { openTestDatabase } from "../test/app.js";
import {
  createAdmin,
  createSeller,
  createShipper,
  TEST_PASSWORD,
  type TestUser,
} from "../test/factories.js";
import { insertSample, insertShipment, TestSocket } from "../test/realtime-factories.js";

const redisUrl = process.env.REDIS_URL;

/** The contents of the chat messages a socket received, in order. */
const sent = (socket: TestSocket) =>
  socket.events.flatMap((e) => (e.event_type === "message_sent" ? [e.data.content] : []));

/** Waits until a token has expired (and a moment more: timers due at its expiry have run). */
async function pastExpiry(token: string): Promise<void> {
  const ms = decodeJwt(token).exp! * 1000 + 50 - Date.now();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Two server instances on one database, optionally sharing a Redis hub. */
async function twoInstances(redis: string | undefined, overrides: Partial<Config> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fba-hub-"));
  const { database, drop } = await openTestDatabase();
  const config = testConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString("hex"),
    REDIS_URL: redis,
    ...overrides,
  });
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];
  for (let i = 0; i < 2; i++) {
    const app = await buildApp(config, { database });
    urls.push(await app.listen({ port: 0, host: "127.0.0.1" }));
    apps.push(app);
  }
  return {
    apps,
    urls,
    close: async () => {
      for (const app of apps) await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!redisUrl)("two instances sharing a Redis hub", () => {
  let cluster: Awaited<ReturnType<typeof twoInstances>>;
  let seller: TestUser;
  let agent: TestUser;
  let shipmentId: number;

  beforeAll(async () => {
    cluster = await twoInstances(redisUrl);
    const [first] = cluster.apps;
    seller = await createSeller(first!);
    agent = await createShipper(first!);
    shipmentId = (await insertShipment(first!, { sellerId: seller.id, agentId: agent.id })).id;
  }, 180_000);
  afterAll(async () => cluster?.close());

  it("delivers a message sent on one instance to a socket on the other, exactly once", async () => {
    const path = `/ws/group-chat/${shipmentId}/`;
    const onA = await TestSocket.connect(cluster.urls[0]!, path, { token: seller.token });
    const onB = await TestSocket.connect(cluster.urls[1]!, path, { token: agent.token });
    // Each socket joined its rooms before its handshake's answer, and each instance subscribed
    // to Redis as it started: nothing to wait for.
    onA.send({ action: "send_message", message: "across instances" });
    const received = await onB.next("message_sent");
    expect(received.data.content).toBe("across instances");
    await onA.next("message_sent");
    onB.send({ action: "send_message", message: "and back" });
    await onA.until(() => onA.count("message_sent") >= 2);
    // A marker from each side: messages reach an instance in the order Redis took them, so once
    // each socket has the other side's marker, a second copy of an earlier message would have
    // arrived.
    onA.send({ action: "send_message", message: "marker from A" });
    onB.send({ action: "send_message", message: "marker from B" });
    await onA.until(() => sent(onA).includes("marker from B"));
    await onB.until(() => sent(onB).includes("marker from A"));
    const everyMessageOnce = ["across instances", "and back", "marker from A", "marker from B"];
    expect(sent(onA).sort()).toEqual(everyMessageOnce);
    expect(sent(onB).sort()).toEqual(everyMessageOnce);
    onA.close();
    onB.close();
  });

  it("delivers notifications to the user's socket on the other instance", async () => {
    const bell = await TestSocket.connect(cluster.urls[1]!, `/ws/notifications/${agent.id}/`, {
      token: agent.token,
    });
    await bell.next("unread_count");
    const chat = await TestSocket.connect(cluster.urls[0]!, `/ws/group-chat/${shipmentId}/`, {
      token: seller.token,
    });
    chat.send({ action: "send_message", message: "ring" });
    const notification = await bell.until(() =>
      bell.events.find(
        (e) => e.event_type === "send_notification" && e.data.content.endsWith("ring"),
      ),
    );
    expect(notification.event_type).toBe("send_notification");
    bell.close();
    chat.close();
  });

  it("closes a disabled user's sockets on the other instance with 4401", async () => {
    const [first] = cluster.apps;
    const admin = await createAdmin(first!);
    const doomed = await createShipper(first!);
    const order = await insertShipment(first!, { sellerId: seller.id, agentId: doomed.id });
    const path = `/ws/group-chat/${order.id}/`;
    const onA = await TestSocket.connect(cluster.urls[0]!, path, { token: doomed.token });
    const onB = await TestSocket.connect(cluster.urls[1]!, path, { token: doomed.token });
    const bellOnB = await TestSocket.connect(cluster.urls[1]!, `/ws/notifications/${doomed.id}/`, {
      token: doomed.token,
    });
    const sellerOnB = await TestSocket.connect(cluster.urls[1]!, path, { token: seller.token });
    await bellOnB.next("unread_count");

    const disable = await first!.inject({
      method: "PATCH",
      url: `/api/admin/users/${doomed.id}/`,
      headers: admin.auth,
      payload: { is_active: false },
    });
    expect(disable.statusCode).toBe(200);
    expect(await onA.closed()).toBe(4401);
    expect(await onB.closed()).toBe(4401);
    expect(await bellOnB.closed()).toBe(4401);
    // The other instance forgot the account too: its token no longer opens a socket there.
    const again = await TestSocket.connect(cluster.urls[1]!, path, { token: doomed.token });
    expect(await again.closed()).toBe(4401);
    expect(sellerOnB.ws.readyState).toBe(sellerOnB.ws.OPEN);
    sellerOnB.close();
  });

  it("closes a logged-out session's sockets on the other instance, past their token's expiry too", async () => {
    const [first, second] = cluster.apps;
    const user = await createSeller(first!);
    const signIn = async () => {
      const response = await first!.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { email: user.email, password: TEST_PASSWORD, group: "Seller" },
      });
      const pair = response.json().data as { access_token: string; refresh_token: string };
      return { ...pair, sessionId: String(decodeJwt(pair.access_token).sid) };
    };
    const leaving = await signIn();
    const staying = await signIn();
    // The leaving session's socket on B has a token that already expired: it stays open anyway.
    const expiring = await second!.tokens.signAccess(
      { userId: user.id, group: "Seller", sessionId: leaving.sessionId },
      1,
    );
    const bell = `/ws/notifications/${user.id}/`;
    const leavingOnB = await TestSocket.connect(cluster.urls[1]!, bell, { token: expiring });
    const stayingOnB = await TestSocket.connect(cluster.urls[1]!, bell, {
      token: staying.access_token,
    });
    // Past its expiry, and past a ping's answer: a close sent at the expiry would have come first.
    await pastExpiry(expiring);
    await leavingOnB.roundTrip();
    expect(leavingOnB.closeCode).toBeNull();

    const logout = await first!.inject({
      method: "POST",
      url: "/api/auth/logout/",
      payload: { refresh: leaving.refresh_token },
    });
    expect(logout.statusCode).toBe(200);
    expect(await leavingOnB.closed()).toBe(4401);
    // The instance closes a session's sockets together: a close of this one would come before
    // the answer to a ping sent now.
    await stayingOnB.roundTrip();
    expect(stayingOnB.ws.readyState).toBe(stayingOnB.ws.OPEN);
    stayingOnB.close();
  });

  it("closes, on the other instance, the socket of an agent whose sample another agent claimed", async () => {
    const [first] = cluster.apps;
    const claimer = await createShipper(first!);
    const rival = await createShipper(first!);
    const { id } = await insertSample(first!, seller.id);
    const path = `/ws/sample-shipment-chat/${id}/`;
    const rivalOnB = await TestSocket.connect(cluster.urls[1]!, path, { token: rival.token });
    const sellerOnB = await TestSocket.connect(cluster.urls[1]!, path, { token: seller.token });
    const claimerOnA = await TestSocket.connect(cluster.urls[0]!, path, { token: claimer.token });
    claimerOnA.send({ action: "send_message", message: "Mine" });
    expect(await rivalOnB.closed()).toBe(4403);
    expect((await sellerOnB.next("message_sent")).data.content).toBe("Mine");
    expect(rivalOnB.count("message_sent")).toBe(0);
    claimerOnA.close();
    sellerOnB.close();
  });
});

describe("an instance whose Redis is unreachable", () => {
  let cluster: Awaited<ReturnType<typeof twoInstances>>;

  beforeAll(async () => {
    // Nothing listens on port 1: the hub starts anyway and keeps retrying in the background.
    cluster = await twoInstances("redis://127.0.0.1:1", { SOCKET_RECHECK_INTERVAL_MS: 200 });
  }, 180_000);
  afterAll(async () => cluster?.close());

  it("keeps serving its own sockets", async () => {
    const [app] = cluster.apps;
    const seller = await createSeller(app!);
    const agent = await createShipper(app!);
    const { id } = await insertShipment(app!, { sellerId: seller.id, agentId: agent.id });
    const path = `/ws/group-chat/${id}/`;
    const a = await TestSocket.connect(cluster.urls[0]!, path, { token: seller.token });
    const b = await TestSocket.connect(cluster.urls[0]!, path, { token: agent.token });
    a.send({ action: "send_message", message: "local only" });
    expect((await b.next("message_sent")).data.content).toBe("local only");
    a.close();
    b.close();
  });

  it("still closes, on the other instance, the sockets of an account disabled on this one", async () => {
    const [first] = cluster.apps;
    const admin = await createAdmin(first!);
    const seller = await createSeller(first!);
    const doomed = await createShipper(first!);
    const { id } = await insertShipment(first!, { sellerId: seller.id, agentId: doomed.id });
    const path = `/ws/group-chat/${id}/`;
    const onB = await TestSocket.connect(cluster.urls[1]!, path, { token: doomed.token });
    const bellOnB = await TestSocket.connect(cluster.urls[1]!, `/ws/notifications/${doomed.id}/`, {
      token: doomed.token,
    });
    const sellerOnB = await TestSocket.connect(cluster.urls[1]!, path, { token: seller.token });
    await bellOnB.next("unread_count");

    const disable = await first!.inject({
      method: "PATCH",
      url: `/api/admin/users/${doomed.id}/`,
      headers: admin.auth,
      payload: { is_active: false },
    });
    expect(disable.statusCode).toBe(200);
    // The hub could not tell instance B; its own re-check of socket owners does.
    expect(await onB.closed()).toBe(4401);
    expect(await bellOnB.closed()).toBe(4401);
    const again = await TestSocket.connect(cluster.urls[1]!, path, { token: doomed.token });
    expect(await again.closed()).toBe(4401);
    expect(sellerOnB.ws.readyState).toBe(sellerOnB.ws.OPEN);
    sellerOnB.close();
  });
});
