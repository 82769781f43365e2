import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { completionTexts, type Notification } from "@fba/contract";
import { notifications, shipmentLegs, shipments } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { carton, endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";

let ctx: TestContext;
let seller: TestUser;
let agent: TestUser;
let admins: TestUser[];

beforeAll(async () => {
  ctx = await buildTestApp();
  [seller, agent, ...admins] = await Promise.all([
    createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" }),
    createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" }),
    createAdmin(ctx.app),
    createAdmin(ctx.app),
  ]);
}, 180_000);
afterAll(async () => ctx?.close());

const inject = (method: "GET" | "POST" | "PATCH", url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

/** An accepted order to ONT8 and FTW1 with its tracking number and final amount set. */
async function readyOrder(): Promise<number> {
  const id = await postShipment(ctx.app, seller, {
    packages: [carton("ONT8 - Moreno Valley, CA", 10), carton("FTW1 - Dallas, TX", 4)],
  });
  const winning = await placeBid(ctx.app, agent, id, { pickup: 100, normal: 700 });
  await endBiddingWindow(ctx.app, id);
  const accepted = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
    shipment_status: "Quotation Accepted",
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const info = await inject("PATCH", `/api/shipments/${id}/`, agent, {
    tracking_number: "1Z999AA10123456784",
    final_amount: "800",
  });
  expect(info.statusCode, info.body).toBe(200);
  await ctx.app.events.settle();
  return id;
}

/** A leg's latest milestone, as recording events through the legs' own calls would leave it. */
async function setMilestone(shipmentId: number, fcCode: string, milestone: string) {
  await ctx.app.database.db
    .update(shipmentLegs)
    .set({ milestone })
    .where(and(eq(shipmentLegs.shipmentId, shipmentId), eq(shipmentLegs.fcCode, fcCode)));
}

const complete = async (id: number, extra: object = {}) => {
  const response = await inject("PATCH", `/api/shipment-status-update/${id}/`, agent, {
    status: "Shipment Completed",
    ...extra,
  });
  await ctx.app.events.settle();
  return response;
};

async function notificationsAbout(id: number, user: TestUser): Promise<string[]> {
  const response = await inject("GET", "/api/chat/notifications/", user);
  expect(response.statusCode).toBe(200);
  return (response.json().data as Notification[])
    .filter((n) => n.shipment_id === id)
    .map((n) => n.content);
}

const record = async (id: number) => {
  const [row] = await ctx.app.database.db
    .select({
      status: shipments.status,
      undelivered: shipments.completionUndelivered,
      reason: shipments.completionReason,
    })
    .from(shipments)
    .where(eq(shipments.id, id));
  return row!;
};

describe("completing an order whose destinations are not all delivered", () => {
  it("our app must give a reason; it is kept and the seller and every admin are told once", async () => {
    const id = await readyOrder();
    await setMilestone(id, "FTW1", "departed_origin");
    const destinations = "ONT8 (Booked), FTW1 (Departed origin)";

    for (const reason of [null, "", "   "]) {
      const refused = await complete(id, { undelivered_reason: reason });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        { field: "undelivered_reason", message: completionTexts.reasonRequired(destinations) },
      ]);
    }
    expect((await record(id)).status).toBe("Quotation Accepted");

    const done = await complete(id, { undelivered_reason: "Carrier lost the FTW1 pallet" });
    expect(done.statusCode, done.body).toBe(200);
    expect(await record(id)).toEqual({
      status: "Shipment Completed",
      undelivered: [
        { fc_code: "ONT8", milestone: "Booked" },
        { fc_code: "FTW1", milestone: "Departed origin" },
      ],
      reason: "Carrier lost the FTW1 pallet",
    });

    const told = completionTexts.undelivered(
      id,
      "Bamboo Cutting Board",
      destinations,
      "Carrier lost the FTW1 pallet",
    );
    for (const user of [seller, ...admins]) {
      const mine = await notificationsAbout(id, user);
      expect(
        mine.filter((content) => content === told),
        `user ${user.id}`,
      ).toHaveLength(1);
    }
    // The agent who completed it is not told what they did.
    expect(await notificationsAbout(id, agent)).not.toContain(told);

    // The final statement and the agent's scorecard show it.
    const statement = await inject("GET", `/api/shipments/${id}/statement.pdf`, seller);
    expect(statement.statusCode).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(statement.rawPayload));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, " ");
    expect(text).toContain(`Completed with destinations not delivered: ${destinations}`);
    expect(text).toContain("Reason given by the agent: Carrier lost the FTW1 pallet");
    const profile = await inject("GET", `/api/agents/${agent.id}/`, seller);
    expect(profile.json().data.scorecard.completed_undelivered).toBe(1);
  });

  it("the spec's call without the field completes as before; the seller and admins are still told", async () => {
    const id = await readyOrder();
    const done = await complete(id);
    expect(done.statusCode, done.body).toBe(200);
    expect(await record(id)).toMatchObject({
      status: "Shipment Completed",
      undelivered: [
        { fc_code: "ONT8", milestone: "Booked" },
        { fc_code: "FTW1", milestone: "Booked" },
      ],
      reason: null,
    });
    const told = completionTexts.undelivered(
      id,
      "Bamboo Cutting Board",
      "ONT8 (Booked), FTW1 (Booked)",
      null,
    );
    expect(told).toContain("No reason was given.");
    for (const user of [seller, ...admins]) {
      expect((await notificationsAbout(id, user)).filter((c) => c === told)).toHaveLength(1);
    }
  });

  it("needs no reason when every destination is delivered, and tells nobody about it", async () => {
    const id = await readyOrder();
    await setMilestone(id, "ONT8", "delivered");
    await setMilestone(id, "FTW1", "delivered");
    const done = await complete(id, { undelivered_reason: null });
    expect(done.statusCode, done.body).toBe(200);
    expect(await record(id)).toEqual({
      status: "Shipment Completed",
      undelivered: null,
      reason: null,
    });
    const rows = await ctx.app.database.db
      .select({ content: notifications.content })
      .from(notifications)
      .where(eq(notifications.shipmentId, id));
    expect(rows.filter((r) => r.content.includes("not delivered"))).toEqual([]);
  });

  it("refuses a reason over 500 characters", async () => {
    const id = await readyOrder();
    const refused = await complete(id, { undelivered_reason: "x".repeat(501) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: "undelivered_reason", message: completionTexts.reasonMax },
    ]);
    expect((await record(id)).status).toBe("Quotation Accepted");
  });
});
