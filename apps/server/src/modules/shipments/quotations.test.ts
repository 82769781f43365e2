import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotationSchema } from "@fba/contract";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";
import type { DomainEvents } from "../../lib/events.js";

let ctx: TestContext;
let seller: TestUser;
let otherSeller: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let admin: TestUser;
const events: Array<{ name: string; payload: unknown }> = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  [seller, otherSeller, agent, otherAgent, admin] = await Promise.all([
    createSeller(ctx.app),
    createSeller(ctx.app),
    createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" }),
    createShipper(ctx.app, { firstName: "Olga", lastName: "Other" }),
    createAdmin(ctx.app),
  ]);
  const names: Array<keyof DomainEvents> = [
    "quotation.created",
    "quotation.accepted",
    "quotation.declined",
    "quotation.cancelled",
    "bidding.closed",
    "shipment.status_changed",
  ];
  for (const name of names) {
    ctx.app.events.on(name, (payload) => {
      events.push({ name, payload });
    });
  }
}, 180_000);
afterAll(async () => ctx?.close());

const inject = (
  method: "GET" | "POST" | "PATCH",
  url: string,
  user?: TestUser,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url,
    headers: user?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe("POST /api/shipper/quotation/", () => {
  it("records one bid per agent while the window is open", async () => {
    const id = await postShipment(ctx.app, seller);
    const payload = {
      shipment: String(id),
      pickup_amount: "150",
      fast_amount: "",
      normal_amount: 700,
    };
    expect((await inject("POST", "/api/shipper/quotation/", undefined, payload)).statusCode).toBe(
      401,
    );
    expect((await inject("POST", "/api/shipper/quotation/", seller, payload)).statusCode).toBe(403);
    expect((await inject("POST", "/api/shipper/quotation/", admin, payload)).statusCode).toBe(403);
    events.length = 0;
    const response = await inject("POST", "/api/shipper/quotation", agent, payload);
    expect(response.statusCode).toBe(201);
    const quotation = quotationSchema.parse(response.json().data);
    expect(quotation).toMatchObject({
      shipment: id,
      pickup_amount: "150.00",
      fast_amount: "",
      normal_amount: "700.00",
      total_amount: "850.00",
      is_accepted: null,
      user: { id: agent.id, first_name: "Andy" },
    });
    // The answer is the bid as stored: as the agent reads it back.
    const listed = await inject("GET", `/api/quotations/?shipment_id=${id}`, agent);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toContainEqual(quotation);
    expect(events).toContainEqual({
      name: "quotation.created",
      payload: {
        quotationId: quotation.id,
        shipmentId: id,
        agentId: agent.id,
        sellerId: seller.id,
      },
    });
    const again = await inject("POST", "/api/shipper/quotation/", agent, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already submitted a quotation for this shipment");
    const shipment = await inject("GET", `/api/shipments/${id}/`, seller);
    expect(shipment.json().data).toMatchObject({
      status: "Quotation Received",
      quotation_count: 1,
    });
  });

  it("refuses bids after the window (409) and on unknown shipments (404)", async () => {
    const id = await postShipment(ctx.app, seller);
    await endBiddingWindow(ctx.app, id);
    const late = await inject("POST", "/api/shipper/quotation/", agent, {
      shipment: id,
      pickup_amount: 1,
      fast_amount: 1,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Bidding for this shipment has closed");
    const unknown = await inject("POST", "/api/shipper/quotation/", agent, {
      shipment: 987654,
      pickup_amount: 1,
      fast_amount: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("validates amounts with the spec's messages", async () => {
    const missing = await inject("POST", "/api/shipper/quotation/", agent, {
      shipment: "",
      pickup_amount: "",
      fast_amount: "",
      normal_amount: null,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { field: "pickup_amount", message: "Amount is required" },
        { field: "shipment", message: "Shipment is required" },
      ]),
    );
    const bad = await inject("POST", "/api/shipper/quotation/", agent, {
      shipment: 1,
      pickup_amount: "12.555",
      fast_amount: "abc",
      normal_amount: "1,850.50",
    });
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: "pickup_amount", message: "Amount can have at most 2 decimals (cents)" },
        { field: "fast_amount", message: "Amount must contain digits only" },
        { field: "normal_amount", message: "Amount must contain digits only" },
      ]),
    );
    const neither = await inject("POST", "/api/shipper/quotation/", agent, {
      shipment: 1,
      pickup_amount: "12",
    });
    expect(neither.json().errors).toContainEqual({
      field: "fast_amount",
      message: "Enter a fast or a normal amount",
    });
  });

  it("stores cents as typed: 1850.50 is 1850.50, not 185050", async () => {
    const id = await postShipment(ctx.app, seller);
    const response = await inject("POST", "/api/shipper/quotation/", agent, {
      shipment: id,
      pickup_amount: "1850.50",
      fast_amount: 99.5,
      normal_amount: "0.75",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      pickup_amount: "1850.50",
      fast_amount: "99.50",
      normal_amount: "0.75",
      total_amount: "1851.25",
      accepted_service: null,
    });
    const own = await inject("GET", `/api/quotations/?shipment_id=${id}`, agent);
    expect(own.json().data[0]).toMatchObject({ pickup_amount: "1850.50", total_amount: "1851.25" });
  });

  it("refuses zero amounts, so no bid totals 0.00, and records nothing", async () => {
    const id = await postShipment(ctx.app, seller);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ pickup_amount: "0", fast_amount: "0" }, ["pickup_amount", "fast_amount"]],
      [{ pickup_amount: 0, normal_amount: "000" }, ["pickup_amount", "normal_amount"]],
      [{ pickup_amount: "10", fast_amount: "0", normal_amount: "5" }, ["fast_amount"]],
      [{ pickup_amount: "0", normal_amount: "900" }, ["pickup_amount"]],
    ];
    for (const [amounts, fields] of cases) {
      const response = await inject("POST", "/api/shipper/quotation/", agent, {
        shipment: id,
        ...amounts,
      });
      expect(response.statusCode, JSON.stringify(amounts)).toBe(400);
      expect(response.json().errors).toEqual(
        fields.map((field) => ({ field, message: "Amount must be greater than 0" })),
      );
    }
    const shipment = await inject("GET", `/api/shipments/${id}/`, seller);
    expect(shipment.json().data).toMatchObject({ status: "Shipment Pending", quotation_count: 0 });
    const fair = await inject("POST", "/api/shipper/quotation/", agent, {
      shipment: id,
      pickup_amount: "1",
      normal_amount: "1",
    });
    expect(fair.statusCode).toBe(201);
    expect(fair.json().data.total_amount).toBe("2.00");
  });
});

describe("GET /api/quotations/?shipment_id=", () => {
  it("seals bids for the seller while open, then reveals only the winner", async () => {
    const id = await postShipment(ctx.app, seller);
    const winning = await placeBid(ctx.app, agent, id, { pickup: 100, fast: 1150 });
    await placeBid(ctx.app, otherAgent, id, { pickup: 100, fast: 2000 });
    const sealed = await inject("GET", `/api/quotations/?shipment_id=${id}`, seller);
    expect(sealed.statusCode).toBe(200);
    expect(sealed.json().pagination_option).toEqual({ page: 1, pages: 1, per_page: 50, count: 2 });
    const [first] = sealed.json().data;
    expect(first).toMatchObject({
      id: winning,
      pickup_amount: "****",
      fast_amount: "****",
      normal_amount: "",
      total_amount: "****",
      is_masked: true,
      user: { id: 0, first_name: "****", last_name: "****" },
    });
    expect(first.user.email).toBe("****");

    const own = await inject("GET", `/api/quotations?shipment_id=${id}`, agent);
    expect(own.json().data).toHaveLength(1);
    expect(own.json().data[0]).toMatchObject({ id: winning, total_amount: "1250.00" });
    const all = await inject("GET", `/api/quotations/?shipment_id=${id}`, admin);
    expect(all.json().data.map((q: { total_amount: string }) => q.total_amount)).toEqual([
      "1250.00",
      "2100.00",
    ]);
    expect(first.accepted_service).toBeNull();
    const stranger = await inject("GET", `/api/quotations/?shipment_id=${id}`, otherSeller);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors[0].message).toBe("You are not authorised to view this shipment");

    await endBiddingWindow(ctx.app, id);
    const revealed = await inject("GET", `/api/quotations/?shipment_id=${id}`, seller);
    const rows = revealed.json().data as Array<{
      id: number;
      is_masked: boolean;
      is_winner: boolean;
      user: { first_name: string };
    }>;
    const winner = rows.find((row) => row.id === winning);
    expect(winner).toMatchObject({
      is_masked: false,
      is_winner: true,
      user: { first_name: "Andy" },
    });
    expect(rows.filter((row) => row.is_masked)).toHaveLength(1);
  });

  it("requires shipment_id and answers 404 for an unknown shipment", async () => {
    const missing = await inject("GET", "/api/quotations/", seller);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: "shipment_id", message: "Shipment is required" },
    ]);
    expect((await inject("GET", "/api/quotations/?shipment_id=999999", seller)).statusCode).toBe(
      404,
    );
    expect((await inject("GET", "/api/quotations/?shipment_id=1")).statusCode).toBe(401);
  });
});
