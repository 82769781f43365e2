import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import {
  legMessages,
  legSchema,
  type CreateShipmentInput,
  type Leg,
  type Notification,
  type ShipmentListRow,
} from "@fba/contract";
import { emailOutbox, legEvents, shipmentLegs } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { TestSocket } from "../../test/realtime-factories.js";
import {
  endBiddingWindow,
  placeBid,
  postShipment,
  validShipmentInput,
} from "../../test/shipment-factories.js";

let ctx: TestContext;
let baseUrl: string;
let agent: TestUser;
let loser: TestUser;
let admin: TestUser;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  baseUrl = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  [agent, loser, admin] = await Promise.all([
    createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" }),
    createShipper(ctx.app),
    createAdmin(ctx.app),
  ]);
}, 180_000);
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => ctx?.close());

const inject = (method: "GET" | "POST" | "PATCH", url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

const carton = (location: string, fbaShipmentId?: string) => ({
  ...validShipmentInput().packages[0]!,
  delivery_location: location,
  ...(fbaShipmentId === undefined ? {} : { fba_shipment_id: fbaShipmentId }),
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** The winning agent completes the order (the final amount and tracking number first). */
async function complete(id: number) {
  const info = await inject("PATCH", `/api/shipments/${id}/`, agent, {
    final_amount: "800",
    tracking_number: "123456789012",
  });
  expect(info.statusCode, info.body).toBe(200);
  const completed = await inject("PATCH", `/api/shipment-status-update/${id}/`, agent, {
    status: "Shipment Completed",
  });
  expect(completed.statusCode, completed.body).toBe(200);
}

/** A booking with cartons for ONT8 and FTW1, won by `agent` and accepted by its seller. */
async function acceptedOrder(
  seller: TestUser,
  packages: CreateShipmentInput["packages"] = [
    carton("ONT8 - Moreno Valley, CA"),
    carton("FTW1 - Dallas, TX"),
  ],
): Promise<number> {
  const id = await postShipment(ctx.app, seller, { packages });
  const winning = await placeBid(ctx.app, agent, id, { pickup: 100, normal: 700 });
  await placeBid(ctx.app, loser, id, { pickup: 100, normal: 900 });
  await endBiddingWindow(ctx.app, id);
  const accepted = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
    shipment_status: "Quotation Accepted",
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await ctx.app.events.settle();
  // Booked ten days ago, so the milestones below can fall in the past after it.
  const legIds = ctx.app.database.db
    .select({ id: shipmentLegs.id })
    .from(shipmentLegs)
    .where(eq(shipmentLegs.shipmentId, id));
  await ctx.app.database.db
    .update(legEvents)
    .set({ occurredAt: new Date(Date.now() - 10 * 86_400_000) })
    .where(inArray(legEvents.legId, legIds));
  return id;
}

async function legsOf(id: number, user: TestUser): Promise<Leg[]> {
  const response = await inject("GET", `/api/shipments/${id}/legs/`, user);
  expect(response.statusCode, response.body).toBe(200);
  return legSchema.array().parse(response.json().data);
}

async function rowOf(path: string, user: TestUser, id: number): Promise<ShipmentListRow> {
  const response = await inject("GET", `${path}?search=${id}&per_page=50`, user);
  expect(response.statusCode, response.body).toBe(200);
  const row = (response.json().data as ShipmentListRow[]).find((item) => item.id === id);
  expect(row, `${path} lists #${id}`).toBeDefined();
  return row!;
}

const emailsTo = (user: TestUser) =>
  ctx.app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));

async function notificationsOf(user: TestUser): Promise<Notification[]> {
  const response = await inject("GET", "/api/chat/notifications/", user);
  return response.json().data as Notification[];
}

describe("FBA shipment IDs entered at booking", () => {
  it("reach the legs when the seller accepts, and only the order's parties see them", async () => {
    const seller = await createSeller(ctx.app);
    const bad = await inject("POST", "/api/shipments/", seller, {
      ...validShipmentInput({ packages: [carton("ONT8 - Moreno Valley, CA", "FBA12")] }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: "packages.0.fba_shipment_id", message: legMessages.fbaShipmentIdFormat },
    ]);

    const packages = [
      carton("ONT8 - Moreno Valley, CA", "fba17abc9xyz"),
      carton("FTW1 - Dallas, TX", ""),
      carton("ONT8 - Moreno Valley, CA", "FBA999999999"),
    ];
    const id = await postShipment(ctx.app, seller, { packages });
    const detail = await inject("GET", `/api/shipments/${id}/`, seller);
    expect(
      detail.json().data.packages.map((p: { fba_shipment_id: string }) => p.fba_shipment_id),
    ).toEqual(["FBA17ABC9XYZ", null, "FBA999999999"]);
    // A bidding agent reads the booking without the seller's Amazon references.
    const bidding = await inject("GET", `/api/shipments/${id}/`, agent);
    expect(
      bidding.json().data.packages.map((p: { fba_shipment_id: string }) => p.fba_shipment_id),
    ).toEqual([null, null, null]);

    const order = await acceptedOrder(seller, packages);
    const legs = await legsOf(order, seller);
    expect(legs.map((leg) => [leg.fc_code, leg.fba_shipment_id])).toEqual([
      ["ONT8", "FBA17ABC9XYZ"],
      ["FTW1", null],
    ]);
    const won = await inject("GET", `/api/shipments/${order}/`, agent);
    expect(won.json().data.packages[0].fba_shipment_id).toBe("FBA17ABC9XYZ");
    const lost = await inject("GET", `/api/shipments/${order}/`, loser);
    expect(lost.json().data.packages[0].fba_shipment_id).toBeNull();
  });
});

describe("a winning bid the seller declined", () => {
  it("never gets legs, not even on a read", async () => {
    const seller = await createSeller(ctx.app);
    const id = await postShipment(ctx.app, seller);
    const winning = await placeBid(ctx.app, agent, id, { pickup: 100, normal: 700 });
    await endBiddingWindow(ctx.app, id);
    const declined = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
      shipment_status: "Shipment Cancelled",
      is_accepted: false,
      cancel_reason: "Too slow",
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await legsOf(id, seller)).toEqual([]);
    expect(await legsOf(id, agent)).toEqual([]);
    const rows = await ctx.app.database.db
      .select()
      .from(shipmentLegs)
      .where(eq(shipmentLegs.shipmentId, id));
    expect(rows).toEqual([]);
  });
});

describe("late and quiet legs in the order lists", () => {
  it("counts them on the seller's, the winning agent's and the admin's rows", async () => {
    const seller = await createSeller(ctx.app);
    const pending = await postShipment(ctx.app, seller);
    const id = await acceptedOrder(seller);
    const [first, second] = await legsOf(id, seller);

    const calm = { late: 0, stale: 0 };
    expect((await rowOf("/api/seller/shipments/", seller, id)).legs_attention).toEqual(calm);
    expect((await rowOf("/api/seller/shipments/", seller, pending)).legs_attention).toBeNull();

    // One leg past its ETA, the other picked up a week ago and quiet since.
    await inject("PATCH", `/api/shipments/${id}/legs/${first!.id}/`, agent, { eta: "2020-01-01" });
    const picked = await inject("POST", `/api/shipments/${id}/legs/${second!.id}/events/`, agent, {
      milestone: "picked_up",
      occurred_at: hoursAgo(24 * 7),
    });
    expect(picked.statusCode, picked.body).toBe(201);
    const [late, quiet] = await legsOf(id, seller);
    expect([late!.late, quiet!.stale_days]).toEqual([true, 7]);

    const flagged = { late: 1, stale: 1 };
    for (const [path, user] of [
      ["/api/seller/shipments/", seller],
      ["/api/seller/recent-orders/", seller],
      ["/api/shipper/recent-orders/", agent],
      ["/api/admin/shipments/", admin],
    ] as const) {
      expect((await rowOf(path, user, id)).legs_attention, path).toEqual(flagged);
    }
    // Bid lists carry none: a losing bidder learns nothing of the order.
    const history = await inject("GET", `/api/shipper/quotation-history?search=${id}`, loser);
    expect(history.json().data[0].legs_attention).toBeNull();

    // A correction that moves the pickup to yesterday makes the leg current again.
    const pickedId = picked.json().data.events[1].id as number;
    await inject("POST", `/api/shipments/${id}/legs/${second!.id}/events/`, admin, {
      milestone: "picked_up",
      occurred_at: hoursAgo(24),
      supersedes: pickedId,
    });
    expect((await rowOf("/api/seller/recent-orders/", seller, id)).legs_attention).toEqual({
      late: 1,
      stale: 0,
    });

    // Once completed, nothing is late any more, in the list or on the legs.
    await complete(id);
    expect((await rowOf("/api/seller/past-orders/", seller, id)).legs_attention).toBeNull();
    expect((await legsOf(id, seller)).map((leg) => [leg.late, leg.stale_days])).toEqual([
      [false, null],
      [false, null],
    ]);
  });
});

describe("milestone notifications and emails", () => {
  it("tell the other parties live, in the bell and by email, and a correction says so", async () => {
    const seller = await createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" });
    const id = await acceptedOrder(seller);
    const [leg] = await legsOf(id, seller);
    const bell = await TestSocket.connect(baseUrl, `/ws/notifications/${seller.id}/`, {
      token: seller.token,
    });
    sockets.push(bell);
    await bell.next("unread_count");
    const agentEmailsBefore = (await emailsTo(agent)).length;

    const url = `/api/shipments/${id}/legs/${leg!.id}/events/`;
    const picked = await inject("POST", url, agent, {
      milestone: "picked_up",
      occurred_at: hoursAgo(5),
      location: "Shenzhen",
    });
    expect(picked.statusCode, picked.body).toBe(201);
    const live = (await bell.next("send_notification")).data;
    expect(live).toMatchObject({
      notification_type: "Shipment",
      shipment_id: id,
      content: `Shipment #${id} (Bamboo Cutting Board) to ONT8: Picked up`,
      is_read: false,
    });
    await ctx.app.events.settle();
    expect((await notificationsOf(seller))[0]).toEqual(live);
    const mails = await emailsTo(seller);
    expect(mails.map((mail) => mail.subject)).toContain(
      `FBA Freight: Shipment #${id} to ONT8: Picked up`,
    );
    expect(mails.find((mail) => mail.subject.endsWith("Picked up"))!.textBody).toContain(
      `/shipments/${id}`,
    );
    // The agent who recorded it hears nothing of their own milestone.
    expect((await emailsTo(agent)).length).toBe(agentEmailsBefore);
    const ownNews = (await notificationsOf(agent)).filter((n) => n.content.includes(`#${id} `));
    expect(ownNews.some((n) => n.content.includes("Picked up"))).toBe(false);

    // An admin's correction goes to both parties.
    const pickedId = picked.json().data.events[1].id as number;
    const fixed = await inject("POST", url, admin, {
      milestone: "picked_up",
      occurred_at: hoursAgo(4),
      supersedes: pickedId,
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    await ctx.app.events.settle();
    const corrected = `Shipment #${id} (Bamboo Cutting Board) to ONT8: Picked up (corrected)`;
    expect((await notificationsOf(seller))[0]?.content).toBe(corrected);
    expect((await notificationsOf(agent))[0]?.content).toBe(corrected);
    expect((await emailsTo(agent)).map((mail) => mail.subject)).toContain(
      `FBA Freight: Shipment #${id} to ONT8: Picked up corrected`,
    );
  });

  it("skips the email of a user who turned milestone emails off; every other email still goes", async () => {
    const seller = await createSeller(ctx.app);
    const optOut = await inject("PATCH", "/api/auth/update-profile/", seller, {
      milestone_emails: false,
    });
    expect(optOut.statusCode, optOut.body).toBe(200);
    expect(optOut.json().data).toMatchObject({
      milestone_emails: false,
      email_notifications: true,
    });
    const id = await acceptedOrder(seller);
    const [leg] = await legsOf(id, seller);

    const recorded = await inject("POST", `/api/shipments/${id}/legs/${leg!.id}/events/`, agent, {
      milestone: "departed_origin",
      occurred_at: hoursAgo(2),
      mode: "sea",
      vessel_or_flight: "MSC Anna",
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    await ctx.app.events.settle();
    expect((await notificationsOf(seller))[0]?.content).toBe(
      `Shipment #${id} (Bamboo Cutting Board) to ONT8: Departed origin`,
    );
    expect((await emailsTo(seller)).some((mail) => mail.subject.includes("Departed"))).toBe(false);

    // The order's other news still arrives by email.
    await complete(id);
    await ctx.app.events.settle();
    expect((await emailsTo(seller)).map((mail) => mail.subject)).toContain(
      `FBA Freight: Shipment #${id} is now Shipment Completed`,
    );
  });

  it("sends no milestone email to a user who turned every email off", async () => {
    const seller = await createSeller(ctx.app);
    await inject("PATCH", "/api/auth/update-profile/", seller, { email_notifications: false });
    const id = await acceptedOrder(seller);
    const [leg] = await legsOf(id, seller);
    await inject("POST", `/api/shipments/${id}/legs/${leg!.id}/events/`, agent, {
      milestone: "picked_up",
      occurred_at: hoursAgo(1),
    });
    await ctx.app.events.settle();
    expect((await notificationsOf(seller))[0]?.content).toContain("Picked up");
    expect(await emailsTo(seller)).toHaveLength(0);
  });
});
