import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, shipments } from "../db/schema/index.js";
import { buildTestApp, type TestContext } from "../test/app.js";
import { createSeller, createShipper, type TestUser } from "../test/factories.js";
import { placeBid, postShipment } from "../test/shipment-factories.js";

const DASHBOARD = "/api/seller/seller-dashboard/";
const BELL = "/api/chat/notifications?page=1&per_page=10";

async function read<T>(app: FastifyInstance, user: TestUser, url: string): Promise<T> {
  const response = await app.inject({ method: "GET", url, headers: user.auth });
  expect(response.statusCode).toBe(200);
  return response.json().data as T;
}

const activeCount = async (app: FastifyInstance, seller: TestUser) =>
  (await read<{ active_shipments: number }>(app, seller, DASHBOARD)).active_shipments;

const bell = (app: FastifyInstance, user: TestUser) =>
  read<Array<{ id: number; content: string; is_read: boolean }>>(app, user, BELL);

/** Changes rows behind the app's back, as nothing in the product does: no event, no request. */
async function cancelQuietly(app: FastifyInstance, shipmentId: number) {
  await app.database.db
    .update(shipments)
    .set({ status: "Shipment Cancelled" })
    .where(eq(shipments.id, shipmentId));
}

async function notifyQuietly(app: FastifyInstance, userId: number, content: string) {
  await app.database.db
    .insert(notifications)
    .values({ userId, notificationType: "Shipment", content });
}

describe("the seller's dashboard and the bell's list served from memory", () => {
  let ctx: TestContext;
  let seller: TestUser;
  let agent: TestUser;

  beforeAll(async () => {
    // A time to live far longer than the test: only a change can refresh an answer.
    ctx = await buildTestApp({ LIST_CACHE_MS: 10_000 });
    [seller, agent] = await Promise.all([createSeller(ctx.app), createShipper(ctx.app)]);
  }, 180_000);
  afterAll(async () => ctx?.close());

  it("keeps the dashboard until the seller writes, then counts afresh", async () => {
    const first = await postShipment(ctx.app, seller);
    expect(await activeCount(ctx.app, seller)).toBe(1);
    await cancelQuietly(ctx.app, first);
    expect(await activeCount(ctx.app, seller)).toBe(1);
    // Any write of theirs, whatever it changed.
    const write = await ctx.app.inject({
      method: "PATCH",
      url: "/api/chat/notifications/read-all",
      headers: seller.auth,
    });
    expect(write.statusCode).toBe(200);
    expect(await activeCount(ctx.app, seller)).toBe(0);
  });

  it("counts the dashboard afresh when an event names the seller, and only then", async () => {
    const id = await postShipment(ctx.app, seller);
    const before = await activeCount(ctx.app, seller);
    await cancelQuietly(ctx.app, id);
    ctx.app.events.emit("notification.read", { userId: agent.id, notificationId: 0 });
    expect(await activeCount(ctx.app, seller)).toBe(before);
    ctx.app.events.emit("notification.read", { userId: seller.id, notificationId: 0 });
    expect(await activeCount(ctx.app, seller)).toBe(before - 1);
  });

  it("shows a new notification at once: an agent's bid reaches the seller's bell", async () => {
    const id = await postShipment(ctx.app, seller, { product_name: "Walnut trays" });
    const before = await bell(ctx.app, seller);
    await notifyQuietly(ctx.app, seller.id, "Written behind the app's back");
    expect(await bell(ctx.app, seller)).toEqual(before);

    await placeBid(ctx.app, agent, id);
    await ctx.app.events.settle();
    const after = await bell(ctx.app, seller);
    expect(after.length).toBe(before.length + 2);
    expect(after.map((row) => row.content)).toContain("Written behind the app's back");
  });

  it("shows the reader's own mark-as-read on their next read", async () => {
    const [latest] = await bell(ctx.app, seller);
    expect(latest?.is_read).toBe(false);
    const marked = await ctx.app.inject({
      method: "PATCH",
      url: "/api/chat/notifications/read-all",
      headers: seller.auth,
    });
    expect(marked.statusCode).toBe(200);
    expect((await bell(ctx.app, seller)).every((row) => row.is_read)).toBe(true);
  });

  it("keeps one user's answers from another: each reads their own bell", async () => {
    await notifyQuietly(ctx.app, agent.id, "Only for the agent");
    ctx.app.events.emit("notification.read", { userId: agent.id, notificationId: 0 });
    const agentBell = await bell(ctx.app, agent);
    expect(agentBell.map((row) => row.content)).toContain("Only for the agent");
    expect((await bell(ctx.app, seller)).map((row) => row.content)).not.toContain(
      "Only for the agent",
    );
  });
});
