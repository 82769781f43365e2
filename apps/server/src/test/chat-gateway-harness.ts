import { afterEach, expect, vi } from "vitest";
import { buildTestApp, type TestContext } from "./app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "./factories.js";
import { insertShipment, TestSocket } from "./realtime-factories.js";
import type { Room } from "../realtime/hub.js";

export interface ChatApp {
  ctx: TestContext;
  baseUrl: string;
  seller: TestUser;
  agent: TestUser;
  otherAgent: TestUser;
  otherSeller: TestUser;
  admin: TestUser;
  shipmentId: number;
}

/** The app listening on a port, its users, and an order between `seller` and `agent`. */
export async function bootChatApp(): Promise<ChatApp> {
  const ctx = await buildTestApp();
  const baseUrl = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const seller = await createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" });
  const agent = await createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" });
  const otherAgent = await createShipper(ctx.app);
  const otherSeller = await createSeller(ctx.app);
  const admin = await createAdmin(ctx.app, { firstName: "Ada", lastName: "Admin" });
  const shipmentId = (await insertShipment(ctx.app, { sellerId: seller.id, agentId: agent.id })).id;
  return { ctx, baseUrl, seller, agent, otherAgent, otherSeller, admin, shipmentId };
}

/** Opens test sockets on the app `current` gives, closing those a test opened after it. */
export function chatSockets(current: () => { ctx: TestContext; baseUrl: string }) {
  const sockets: TestSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  const open = async (path: string, user?: TestUser | string, headers?: Record<string, string>) => {
    const token = typeof user === "string" ? user : user?.token;
    const socket = await TestSocket.connect(current().baseUrl, path, { token, headers });
    sockets.push(socket);
    return socket;
  };
  const chatPath = (id: number) => `/ws/group-chat/${id}/`;
  /** Waits until the server holds fewer than `cap` of the user's sockets (null: anonymous) in a room. */
  const fewerThan = async (cap: number, room: Room, userId: number | null) => {
    const held = () =>
      current()
        .ctx.app.hub.membersOf(room)
        .filter((m) => m.userId === userId).length;
    await vi.waitFor(() => expect(held()).toBeLessThan(cap), { interval: 5 });
  };
  return { open, chatPath, fewerThan };
}
