import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "../app.js";
import { TestSocket } from "../realtime-factories.js";
import { SECRET_PRODUCT, openListeningWorld, type World } from "./fixtures.js";
import { endBiddingWindow, placeBid, postShipment } from "../shipment-factories.js";
import { closeDueBidding } from "../../modules/shipments/index.js";

describe("access-control matrix: what a losing or replaced agent sees", () => {
  let ctx: TestContext;
  let world: World;

  beforeAll(async () => {
    ({ ctx, world } = await openListeningWorld());
  }, 120_000);
  afterAll(async () => ctx?.close());

  it("shows an agent whose bid lost (or whose win an admin replaced) only their bid and the outcome", async () => {
    const { seller, winner, loser, admin } = world.users;
    const call = async (
      method: "GET" | "PATCH" | "POST",
      url: string,
      user: { auth: Record<string, string> },
      payload?: object,
    ) => {
      const response = await ctx.app.inject({ method, url, headers: user.auth, payload });
      if (method !== "GET" && response.statusCode >= 300) {
        throw new Error(`${method} ${url} failed ${response.statusCode}: ${response.body}`);
      }
      return response;
    };
    const closeWindow = async (id: number) => {
      await endBiddingWindow(ctx.app, id);
      await closeDueBidding(ctx.app.database.db, ctx.app.events, new Date(), { shipmentId: id });
    };
    const bidBoth = async (id: number) => ({
      win: await placeBid(ctx.app, winner, id, { pickup: 100, fast: 500 }),
      lose: await placeBid(ctx.app, loser, id, { pickup: 300, fast: 900 }),
    });

    // Completed by the winner, with a tracking number and a final amount.
    const completed = await postShipment(ctx.app, seller, { product_name: "Lost lamps" });
    const completedBids = await bidBoth(completed);
    await closeWindow(completed);
    await call("PATCH", `/api/quotations/${completedBids.win}/`, seller, {
      shipment_status: "Quotation Accepted",
    });
    await call("PATCH", `/api/shipments/${completed}/`, winner, {
      tracking_number: "987654321",
      final_amount: "4321",
    });
    await call("PATCH", `/api/shipment-status-update/${completed}/`, winner, {
      status: "Shipment Completed",
    });
    // Declined by the seller with a reason.
    const declined = await postShipment(ctx.app, seller, { product_name: "Declined desks" });
    const declinedBids = await bidBoth(declined);
    await closeWindow(declined);
    await call("PATCH", `/api/quotations/${declinedBids.win}/`, seller, {
      shipment_status: "Shipment Cancelled",
      is_accepted: false,
      cancel_reason: "Zqx private seller reason",
    });
    // Won by the winner at closing, then given to the other bid by an admin.
    const replaced = await postShipment(ctx.app, seller, { product_name: "Replaced rugs" });
    const replacedBids = await bidBoth(replaced);
    await closeWindow(replaced);
    await call("POST", `/api/admin/shipments/${replaced}/winner/`, admin, {
      quotation_id: replacedBids.lose,
    });

    const historyOf = async (agent: typeof winner) => {
      const response = await call("GET", "/api/shipper/quotation-history?per_page=200", agent);
      expect(response.statusCode).toBe(200);
      const rows = response.json().data as Array<Record<string, unknown> & { id: number }>;
      return new Map(rows.map((row) => [row.id, row]));
    };
    const secrets = [
      seller.email,
      seller.firstName,
      "987654321",
      "4321",
      "Zqx private seller reason",
      "Ningbo Supplies",
      "8613800138000",
      "9400 Wilshire",
    ];
    const lostCases: Array<[typeof winner, number, number]> = [
      [loser, completed, completedBids.lose],
      [loser, declined, declinedBids.lose],
      [winner, replaced, replacedBids.win],
    ];
    for (const [agent, shipmentId, ownQuotation] of lostCases) {
      // The shipment page shows what the history row shows, and no more.
      const detail = await call("GET", `/api/shipments/${shipmentId}/`, agent);
      expect(detail.statusCode).toBe(200);
      const shown = detail.json().data as Record<string, unknown> & {
        packages: Array<{ tracking_number: unknown; tracking_link: unknown }>;
      };
      expect(shown).toMatchObject({
        id: shipmentId,
        outcome: "lost",
        status: "Quotation Approved",
        is_bidding_open: false,
        tracking_number: null,
        final_amount: null,
        cancel_reason: null,
        message_count: 0,
        supplier_contact_name: "",
        user: { id: 0, first_name: "", last_name: "", email: "", profile: { phone: null } },
        contact_information: { first_name: null, last_name: null, email: null },
        quotation: { id: ownQuotation, user: { id: agent.id }, is_winner: false },
      });
      for (const pkg of shown.packages) {
        expect(pkg).toMatchObject({ tracking_number: null, tracking_link: null });
      }
      const shownText = JSON.stringify(shown);
      for (const secret of secrets) {
        expect(shownText, `lost view of ${shipmentId} shows ${secret}`).not.toContain(secret);
      }
      // Nothing of the winning bid either: the only quotation is the agent's own.
      const bids = await call("GET", `/api/quotations/?shipment_id=${shipmentId}`, agent);
      expect(bids.json().data.map((bid: { id: number }) => bid.id)).toEqual([ownQuotation]);

      const row = (await historyOf(agent)).get(shipmentId);
      expect(row, `shipment ${shipmentId} in the history`).toBeDefined();
      expect(row).toMatchObject({
        id: shipmentId,
        outcome: "lost",
        status: "Quotation Approved",
        is_bidding_open: false,
        tracking_number: null,
        tracking_link: null,
        final_amount: null,
        cancel_reason: null,
        message_count: 0,
        supplier_contact_name: "",
        supplier_contact_phone: "",
        user: { id: 0, first_name: "", last_name: "", email: "", profile: { phone: null } },
        quotation: { id: ownQuotation, user: { id: agent.id }, is_winner: false },
      });
      const text = JSON.stringify(row);
      for (const secret of secrets) {
        expect(text, `lost row of ${shipmentId} shows ${secret}`).not.toContain(secret);
      }
    }

    // The winner still sees the whole of what they won.
    const won = (await historyOf(winner)).get(completed);
    expect(won).toMatchObject({
      outcome: "won",
      status: "Shipment Completed",
      tracking_number: "987654321",
      final_amount: "4321.00",
      user: { id: seller.id, email: seller.email },
    });
    const declinedForWinner = (await historyOf(winner)).get(declined);
    expect(declinedForWinner).toMatchObject({ outcome: "won", status: "Shipment Cancelled" });
    const wonDetail = await call("GET", `/api/shipments/${completed}/`, winner);
    expect(wonDetail.json().data).toMatchObject({ outcome: "won", tracking_number: "987654321" });
  }, 60_000);

  it("closes a replaced winner's socket and refuses them the chat; the new winner gets it", async () => {
    const address = ctx.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    const base = `http://127.0.0.1:${address.port}`;
    const { seller, winner, loser, admin } = world.users;
    const id = await postShipment(ctx.app, seller, { product_name: SECRET_PRODUCT });
    await placeBid(ctx.app, winner, id, { pickup: 100, fast: 500 });
    const other = await placeBid(ctx.app, loser, id, { pickup: 300, fast: 900 });
    await endBiddingWindow(ctx.app, id);
    await closeDueBidding(ctx.app.database.db, ctx.app.events, new Date(), { shipmentId: id });
    const path = `/ws/group-chat/${id}/`;
    const history = (user: typeof winner) =>
      ctx.app.inject({ url: `/api/chat/messages/${id}/`, headers: user.auth });

    const before = await TestSocket.connect(base, path, { token: winner.token });
    expect(before.closeCode).toBeNull();
    expect((await history(winner)).statusCode).toBe(200);
    const change = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/shipments/${id}/winner/`,
      headers: admin.auth,
      payload: { quotation_id: other },
    });
    expect(change.statusCode).toBe(200);

    expect(await before.closed()).toBe(4403);
    expect((await history(winner)).statusCode).toBe(403);
    const rejoin = await TestSocket.connect(base, path, { token: winner.token });
    expect(await rejoin.closed()).toBe(4403);
    expect((await history(loser)).statusCode).toBe(200);
    const newWinner = await TestSocket.connect(base, path, { token: loser.token });
    expect(newWinner.closeCode).toBeNull();
    newWinner.close();
    expect(before.events).toEqual([]);
  }, 60_000);
});
