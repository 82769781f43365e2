import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  notificationTexts as t,
  type Notification,
  type ServerEventData,
  type ShipmentListRow,
} from "@fba/contract";
import { emailOutbox } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { TestSocket } from "../../test/realtime-factories.js";
import { endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";
import { closeDueBidding } from "./bidding-window.js";

/** What every party hears when a bid window ends, and the lists that follow from it. */
describe("the end of a bid window", () => {
  let ctx: TestContext;
  let baseUrl: string;
  let seller: TestUser;
  let admin: TestUser;
  let agents: TestUser[];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp();
    baseUrl = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    seller = await createSeller(ctx.app);
    admin = await createAdmin(ctx.app);
    agents = await Promise.all([0, 1, 2].map(() => createShipper(ctx.app)));
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => ctx.close());

  const notificationsOf = async (user: TestUser, shipmentId: number) => {
    await ctx.app.events.settle();
    const res = await ctx.app.inject({ url: "/api/chat/notifications/", headers: user.auth });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Notification[]).filter((n) => n.shipment_id === shipmentId);
  };
  const closeWindow = async (shipmentId: number) => {
    await endBiddingWindow(ctx.app, shipmentId);
    await closeDueBidding(ctx.app.database.db, ctx.app.events, new Date(), { shipmentId });
    await ctx.app.events.settle();
  };
  const bell = async (user: TestUser) => {
    const socket = await TestSocket.connect(baseUrl, `/ws/notifications/${user.id}/`, {
      token: user.token,
    });
    sockets.push(socket);
    await socket.next("unread_count");
    return socket;
  };
  const listOf = async (user: TestUser, path: string) => {
    const res = await ctx.app.inject({ url: path, headers: user.auth });
    expect(res.statusCode).toBe(200);
    return (res.json().data as ShipmentListRow[]).map((row) => row.id);
  };

  it("tells every bidder who did not win, stored and live, once", async () => {
    const [winner, second, third] = agents as [TestUser, TestUser, TestUser];
    const id = await postShipment(ctx.app, seller, { product_name: "Oak chairs" });
    await placeBid(ctx.app, winner, id, { pickup: 100, fast: 500 });
    await placeBid(ctx.app, second, id, { pickup: 300, fast: 900 });
    const thirdBid = await placeBid(ctx.app, third, id, { pickup: 200, fast: 900 });
    const secondBell = await bell(second);

    await closeWindow(id);
    // Closing again (the loop, another reader) judges nothing twice.
    await closeWindow(id);

    const lost = { kind: "bid_lost", content: t.bidLost(id, "Oak chairs") };
    for (const loser of [second, third]) {
      const mine = await notificationsOf(loser, id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ ...lost, notification_type: "Shipment", is_read: false });
    }
    const live = (await secondBell.next("send_notification"))
      .data as ServerEventData<"send_notification">;
    expect(live).toMatchObject({ ...lost, shipment_id: id });

    const won = await notificationsOf(winner, id);
    expect(won.map((n) => [n.content, n.kind])).toEqual([
      [t.biddingWon(id, "Oak chairs"), undefined],
    ]);
    const toSeller = await notificationsOf(seller, id);
    expect(toSeller.map((n) => n.content)).toContain(t.biddingClosedSeller(id, "Oak chairs"));
    expect(toSeller.some((n) => n.kind !== undefined)).toBe(false);

    // An admin gives the order to another bid: only the replaced winner newly lost.
    const change = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/shipments/${id}/winner/`,
      headers: admin.auth,
      payload: { quotation_id: thirdBid },
    });
    expect(change.statusCode).toBe(200);
    expect((await notificationsOf(winner, id)).filter((n) => n.kind === "bid_lost")).toHaveLength(
      1,
    );
    expect((await notificationsOf(second, id)).filter((n) => n.kind === "bid_lost")).toHaveLength(
      1,
    );
    expect((await notificationsOf(third, id)).map((n) => n.content)).toContain(
      t.biddingWon(id, "Oak chairs"),
    );
  });

  it("tells every other bidder when an admin approves a bid before the window ends", async () => {
    const [first, second] = agents as [TestUser, TestUser];
    const id = await postShipment(ctx.app, seller, { product_name: "Early rugs" });
    const chosen = await placeBid(ctx.app, first, id, { pickup: 400, fast: 900 });
    await placeBid(ctx.app, second, id, { pickup: 100, fast: 200 });
    const approve = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/shipments/${id}/winner/`,
      headers: admin.auth,
      payload: { quotation_id: chosen },
    });
    expect(approve.statusCode).toBe(200);
    expect((await notificationsOf(second, id)).map((n) => n.kind)).toEqual(["bid_lost"]);
    expect((await notificationsOf(first, id)).map((n) => n.kind)).toEqual([undefined]);
  });

  it("tells the seller once that nobody bid, and again after a reopened window ends bidless", async () => {
    const id = await postShipment(ctx.app, seller, { product_name: "Lonely lamps" });
    const sellerBell = await bell(seller);
    await closeWindow(id);
    await closeWindow(id);

    const noBids = { kind: "no_bids", content: t.biddingClosedNoBids(id, "Lonely lamps") };
    expect(await notificationsOf(seller, id)).toEqual([expect.objectContaining(noBids)]);
    expect((await sellerBell.next("send_notification")).data).toMatchObject(noBids);
    const emails = await ctx.app.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, seller.email));
    expect(emails.filter((mail) => mail.textBody.includes(noBids.content))).toHaveLength(1);

    // The shipment itself still reads Shipment Pending, with its window closed.
    const detail = await ctx.app.inject({ url: `/api/shipments/${id}/`, headers: seller.auth });
    expect(detail.json().data).toMatchObject({
      status: "Shipment Pending",
      is_bidding_open: false,
    });

    const reopen = await ctx.app.inject({
      method: "POST",
      url: `/api/shipments/${id}/reopen/`,
      headers: seller.auth,
    });
    expect(reopen.statusCode).toBe(200);
    await closeDueBidding(ctx.app.database.db, ctx.app.events, new Date(), { shipmentId: id });
    expect(await notificationsOf(seller, id)).toHaveLength(1);
    await closeWindow(id);
    expect(await notificationsOf(seller, id)).toHaveLength(2);
  });

  it("lists the won bid that waits for the seller's decision to its agent alone", async () => {
    const [winner, loser] = agents as [TestUser, TestUser];
    const id = await postShipment(ctx.app, seller, { product_name: "Waiting desks" });
    const win = await placeBid(ctx.app, winner, id, { pickup: 100, fast: 500 });
    await placeBid(ctx.app, loser, id, { pickup: 300, fast: 900 });
    // The list itself judges a window that has just passed.
    await endBiddingWindow(ctx.app, id);

    const awaiting = "/api/shipper/awaiting-decision/";
    expect(await listOf(winner, awaiting)).toContain(id);
    expect(await listOf(winner, "/api/shipper/recent-orders/")).not.toContain(id);
    expect(await listOf(loser, awaiting)).not.toContain(id);
    const detail = await ctx.app.inject({ url: `/api/shipments/${id}/`, headers: winner.auth });
    expect(detail.json().data).toMatchObject({ status: "Quotation Approved", outcome: "won" });

    const accept = await ctx.app.inject({
      method: "PATCH",
      url: `/api/quotations/${win}/`,
      headers: seller.auth,
      payload: { shipment_status: "Quotation Accepted" },
    });
    expect(accept.statusCode).toBe(200);
    expect(await listOf(winner, awaiting)).not.toContain(id);
    expect(await listOf(winner, "/api/shipper/recent-orders/")).toContain(id);
  });
});
