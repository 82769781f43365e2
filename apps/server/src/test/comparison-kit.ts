import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Comparison, Notification, Quotation } from "@fba/contract";
import { quotations, shipments } from "../db/schema/index.js";
import { closeDueBidding } from "../modules/shipments/index.js";
import type { TestContext } from "./app.js";
import type { TestUser } from "./factories.js";
import { endBiddingWindow } from "./shipment-factories.js";

/** A validity date far ahead: a bid that never expires on its own. */
export const FAR = "2099-12-31";

/** A bid with every detail, as the web app's bid form sends it. */
export const detailedBid = (
  shipmentId: number,
  amounts: { pickup: number; fast?: number; normal?: number },
  extra: Record<string, unknown> = {},
) => ({
  shipment: shipmentId,
  pickup_amount: String(amounts.pickup),
  ...(amounts.fast !== undefined
    ? {
        fast_amount: String(amounts.fast),
        fast_service_type: "air_express",
        fast_transit_min_days: 4,
        fast_transit_max_days: 6,
      }
    : {}),
  ...(amounts.normal !== undefined
    ? {
        normal_amount: String(amounts.normal),
        normal_service_type: "sea",
        normal_transit_min_days: 30,
        normal_transit_max_days: 35,
      }
    : {}),
  inclusions: ["pickup_origin", "main_freight", "fc_delivery"],
  valid_until: FAR,
  note: "Door to FC",
  ...extra,
});

/**
 * The calls the comparison's tests make of one test app: bids, the window closed, the
 * comparison and notifications read, a quote expired. `ctx` and `seller` are read when called
 * (the suite's beforeAll sets them).
 */
export function comparisonKit(ctx: () => TestContext, seller: () => TestUser) {
  const call = (method: "GET" | "POST" | "PATCH", url: string, user: TestUser, payload?: unknown) =>
    ctx().app.inject({
      method,
      url,
      headers: user.auth,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const bid = async (agent: TestUser, payload: Record<string, unknown>) => {
    const res = await call("POST", "/api/shipper/quotation/", agent, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Quotation;
  };
  const closeWindow = async (shipmentId: number) => {
    await endBiddingWindow(ctx().app, shipmentId);
    await closeDueBidding(ctx().app.database.db, ctx().app.events, new Date(), { shipmentId });
    await ctx().app.events.settle();
  };
  const comparisonOf = async (shipmentId: number, user: TestUser = seller()) => {
    const res = await call("GET", `/api/shipments/${shipmentId}/comparison/`, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Comparison;
  };
  const notificationsOf = async (user: TestUser, shipmentId: number) => {
    await ctx().app.events.settle();
    const res = await call("GET", "/api/chat/notifications/?per_page=100", user);
    expect(res.statusCode).toBe(200);
    return (res.json().data as Notification[])
      .filter((n) => n.shipment_id === shipmentId)
      .map((n) => n.content);
  };
  const expire = (quotationId: number) =>
    ctx()
      .app.database.db.update(quotations)
      .set({ validUntil: new Date("2020-01-01T00:00:00Z") })
      .where(eq(quotations.id, quotationId));
  const fieldsOf = (body: string) =>
    (JSON.parse(body) as { errors: Array<{ field?: string; message: string }> }).errors;
  const productOf = async (shipmentId: number) => {
    const [row] = await ctx()
      .app.database.db.select({ name: shipments.productName })
      .from(shipments)
      .where(eq(shipments.id, shipmentId));
    return row!.name;
  };
  return {
    call,
    bid,
    closeWindow,
    comparisonOf,
    notificationsOf,
    expire,
    fieldsOf,
    productOf,
  };
}
