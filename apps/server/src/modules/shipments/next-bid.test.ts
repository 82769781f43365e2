import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  comparisonMessages,
  notificationTexts,
  quotationMessages,
  type Notification,
  type ShipmentDetail,
} from "@fba/contract";
import { shipments } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";
import { closeDueBidding } from "./bidding-window.js";

describe("POST /api/shipments/:id/next-bid/: the seller passes over the winning estimate", () => {
  let ctx: TestContext;
  let seller: TestUser;
  let otherSeller: TestUser;
  let agents: TestUser[];

  beforeAll(async () => {
    ctx = await buildTestApp();
    seller = await createSeller(ctx.app);
    otherSeller = await createSeller(ctx.app);
    agents = await Promise.all([0, 1, 2].map(() => createShipper(ctx.app)));
  });
  afterAll(async () => ctx.close());

  const call = (method: "POST" | "PATCH", url: string, user: TestUser, payload: object) =>
    ctx.app.inject({
      method,
      url,
      headers: user.auth,
      payload: payload as Record<string, unknown>,
    });
  const nextBid = (shipmentId: number, user: TestUser, reason: unknown) =>
    call("POST", `/api/shipments/${shipmentId}/next-bid/`, user, { reason });
  const notificationsOf = async (user: TestUser, shipmentId: number) => {
    await ctx.app.events.settle();
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/chat/notifications/?per_page=100",
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Notification[])
      .filter((n) => n.shipment_id === shipmentId)
      .map((n) => n.content);
  };
  const productOf = async (shipmentId: number) => {
    const [row] = await ctx.app.database.db
      .select({ name: shipments.productName })
      .from(shipments)
      .where(eq(shipments.id, shipmentId));
    return row!.name;
  };

  it("declines the estimate telling its agent why, makes the next lowest bid the estimate and tells its agent, until none is left", async () => {
    const id = await postShipment(ctx.app, seller);
    // Totals: 400 (the automatic winner), 1,000 and 700.
    const lowest = await placeBid(ctx.app, agents[0]!, id, { pickup: 100, fast: 300 });
    const dearest = await placeBid(ctx.app, agents[1]!, id, { pickup: 100, fast: 900 });
    const middle = await placeBid(ctx.app, agents[2]!, id, { pickup: 100, fast: 600 });
    // Refused while bids are still taken.
    expect((await nextBid(id, seller, "Too early")).statusCode).toBe(409);
    await endBiddingWindow(ctx.app, id);
    await closeDueBidding(ctx.app.database.db, ctx.app.events, new Date(), { shipmentId: id });
    await ctx.app.events.settle();
    const product = await productOf(id);

    // Only the shipment's seller, with a reason.
    expect((await nextBid(id, otherSeller, "Not mine")).statusCode).toBe(403);
    const blank = await nextBid(id, seller, "   ");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([
      { field: "reason", message: quotationMessages.cancelReasonRequired },
    ]);

    const first = await nextBid(id, seller, "Pickup date does not work for us");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(quotationMessages.nextBidTaken);
    const detail = first.json().data as ShipmentDetail;
    expect(detail.status).toBe("Quotation Approved");
    expect(detail.quotation).toMatchObject({ id: middle, is_accepted: null });
    expect(await notificationsOf(agents[0]!, id)).toContain(
      notificationTexts.quotationDeclined(id, product, "Pickup date does not work for us"),
    );
    expect(await notificationsOf(agents[2]!, id)).toContain(
      notificationTexts.biddingWon(id, product),
    );
    // The agent passed over no longer reads the order; the new winner does.
    const passedOver = await ctx.app.inject({
      method: "GET",
      url: `/api/shipments/${id}/`,
      headers: agents[0]!.auth,
    });
    expect((passedOver.json().data as ShipmentDetail).outcome).toBe("lost");

    const second = await nextBid(id, seller, "Transit too long");
    expect((second.json().data as ShipmentDetail).quotation).toMatchObject({ id: dearest });
    const none = await nextBid(id, seller, "Still no");
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(quotationMessages.noNextBid);

    // A bid passed over cannot be picked back with a reason either.
    const pickBack = await call("POST", `/api/shipments/${id}/award/`, seller, {
      quotation_id: lowest,
      reason: "better_record",
    });
    expect(pickBack.statusCode).toBe(400);
    expect(pickBack.json().errors).toEqual([
      { field: "quotation_id", message: comparisonMessages.quotationPassedOver },
    ]);

    // The estimate taken is accepted as the spec's accept does; the declined one cannot be.
    expect(
      (
        await call("PATCH", `/api/quotations/${lowest}/`, seller, {
          shipment_status: "Quotation Accepted",
        })
      ).statusCode,
    ).not.toBe(200);
    const accepted = await call("PATCH", `/api/quotations/${dearest}/`, seller, {
      shipment_status: "Quotation Accepted",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json().data as ShipmentDetail).status).toBe("Quotation Accepted");
    // Once accepted, there is no estimate left to pass over.
    expect((await nextBid(id, seller, "Too late")).statusCode).toBe(409);
  });
});
