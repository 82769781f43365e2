import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notificationTexts, quotationSchema } from "@fba/contract";
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

describe("PATCH /api/quotations/{id}/", () => {
  async function approved(): Promise<{ id: number; winning: number; losing: number }> {
    const id = await postShipment(ctx.app, seller);
    const winning = await placeBid(ctx.app, agent, id, { pickup: 1, normal: 1 });
    const losing = await placeBid(ctx.app, otherAgent, id, { pickup: 1, normal: 2 });
    await endBiddingWindow(ctx.app, id);
    return { id, winning, losing };
  }

  it("accepts the winning quotation (extra keys ignored)", async () => {
    const { id, winning, losing } = await approved();
    const accept = { shipment_status: "Quotation Accepted", user_id: otherSeller.id };
    expect(
      (await inject("PATCH", `/api/quotations/${winning}/`, undefined, accept)).statusCode,
    ).toBe(401);
    expect((await inject("PATCH", `/api/quotations/${winning}/`, agent, accept)).statusCode).toBe(
      403,
    );
    expect(
      (await inject("PATCH", `/api/quotations/${winning}/`, otherSeller, accept)).statusCode,
    ).toBe(403);
    expect((await inject("PATCH", `/api/quotations/${losing}/`, seller, accept)).statusCode).toBe(
      409,
    );
    expect((await inject("PATCH", "/api/quotations/999999/", seller, accept)).statusCode).toBe(404);
    events.length = 0;
    const response = await inject("PATCH", `/api/quotations/${winning}`, seller, accept);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("Quotation accepted successfully");
    expect(response.json().data).toMatchObject({
      id,
      status: "Quotation Accepted",
      quotation: { id: winning, is_accepted: true },
    });
    expect(events.map((e) => e.name)).toEqual(["quotation.accepted", "shipment.status_changed"]);
    expect((await inject("PATCH", `/api/quotations/${winning}/`, seller, accept)).statusCode).toBe(
      409,
    );
  });

  /** A closed window whose winner offers both services: pickup 100, fast 900, normal 700. */
  async function approvedWithBoth(): Promise<{ id: number; winning: number }> {
    const id = await postShipment(ctx.app, seller, { product_name: "Oak Stools" });
    const winning = await placeBid(ctx.app, agent, id, { pickup: 100, fast: 900, normal: 700 });
    await endBiddingWindow(ctx.app, id);
    return { id, winning };
  }

  it("accepts the fast service when the seller chooses it, and every side sees it", async () => {
    const { id, winning } = await approvedWithBoth();
    events.length = 0;
    const response = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
      shipment_status: "Quotation Accepted",
      accepted_service: "fast",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("Quotation accepted successfully");
    // The bid's total (pickup + the cheaper service) is unchanged; the choice is named beside it.
    expect(response.json().data).toMatchObject({
      status: "Quotation Accepted",
      quotation: {
        id: winning,
        is_accepted: true,
        accepted_service: "fast",
        total_amount: "800.00",
      },
    });
    expect(events.find((e) => e.name === "quotation.accepted")?.payload).toEqual({
      shipmentId: id,
      sellerId: seller.id,
      agentId: agent.id,
      quotationId: winning,
      service: "fast",
      awardReason: "lowest total of 1 bid",
    });
    // The agent is told once which service was bought and why the bid won.
    await vi.waitFor(async () => {
      const notifications = await inject("GET", "/api/chat/notifications/", agent);
      const accepted = notifications
        .json()
        .data.map((n: { content: string }) => n.content)
        .filter((content: string) => content.includes(`#${id} (Oak Stools) was accepted`));
      expect(accepted).toEqual([
        `Your quotation for shipment #${id} (Oak Stools) was accepted for the fast service. Reason: lowest total of 1 bid`,
      ]);
    });
    expect(notificationTexts.quotationAccepted(id, "Oak Stools")).toBe(
      `Your quotation for shipment #${id} (Oak Stools) was accepted`,
    );
    const forAgent = await inject("GET", `/api/shipments/${id}/`, agent);
    expect(forAgent.json().data.quotation.accepted_service).toBe("fast");
    const forAdmin = await inject("GET", `/api/quotations/?shipment_id=${id}`, admin);
    expect(forAdmin.json().data[0]).toMatchObject({ id: winning, accepted_service: "fast" });
    const orders = await inject("GET", "/api/shipper/recent-orders/", agent);
    expect(
      orders.json().data.find((row: { id: number }) => row.id === id)?.quotation.accepted_service,
    ).toBe("fast");
  });

  it("accepts the normal service when the seller chooses it", async () => {
    const { winning } = await approvedWithBoth();
    const response = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
      shipment_status: "Quotation Accepted",
      accepted_service: "normal",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.quotation).toMatchObject({
      is_accepted: true,
      accepted_service: "normal",
    });
  });

  it("keeps the spec's acceptance without a choice: no service is recorded", async () => {
    const { id, winning } = await approvedWithBoth();
    events.length = 0;
    const response = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
      shipment_status: "Quotation Accepted",
      accepted_service: null,
    });
    expect(response.statusCode).toBe(200);
    expect(events.find((e) => e.name === "quotation.accepted")?.payload).toEqual({
      shipmentId: id,
      sellerId: seller.id,
      agentId: agent.id,
      quotationId: winning,
      awardReason: "lowest total of 1 bid",
    });
    expect(response.json().data).toMatchObject({
      status: "Quotation Accepted",
      quotation: { is_accepted: true, accepted_service: null, total_amount: "800.00" },
    });
  });

  it("refuses a service the quotation does not offer, and changes nothing", async () => {
    const { id, winning } = await approved(); // pickup 1, normal 1: no fast service
    // Who may decide is judged first: a stranger learns nothing of what the quotation offers.
    const stranger = await inject("PATCH", `/api/quotations/${winning}/`, otherSeller, {
      shipment_status: "Quotation Accepted",
      accepted_service: "fast",
    });
    expect(stranger.statusCode).toBe(403);
    const response = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
      shipment_status: "Quotation Accepted",
      accepted_service: "fast",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: "accepted_service", message: "This quotation does not offer the fast service" },
    ]);
    const unknown = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
      shipment_status: "Quotation Accepted",
      accepted_service: "overnight",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: "accepted_service", message: "Service must be fast or normal" },
    ]);
    const onDecline = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
      shipment_status: "Shipment Cancelled",
      is_accepted: false,
      cancel_reason: "Too slow",
      accepted_service: "normal",
    });
    expect(onDecline.statusCode).toBe(400);
    const shipment = await inject("GET", `/api/shipments/${id}/`, seller);
    expect(shipment.json().data).toMatchObject({
      status: "Quotation Approved",
      quotation: { is_accepted: null, accepted_service: null },
    });
  });

  it("lets only the owning seller choose the service", async () => {
    const { id, winning } = await approvedWithBoth();
    const choose = { shipment_status: "Quotation Accepted", accepted_service: "fast" };
    expect(
      (await inject("PATCH", `/api/quotations/${winning}/`, otherSeller, choose)).statusCode,
    ).toBe(403);
    expect((await inject("PATCH", `/api/quotations/${winning}/`, agent, choose)).statusCode).toBe(
      403,
    );
    expect((await inject("PATCH", `/api/quotations/${winning}/`, admin, choose)).statusCode).toBe(
      403,
    );
    const shipment = await inject("GET", `/api/shipments/${id}/`, seller);
    expect(shipment.json().data.quotation).toMatchObject({
      is_accepted: null,
      accepted_service: null,
    });
  });

  it("declines with a reason", async () => {
    const { winning } = await approved();
    const response = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
      shipment_status: "Shipment Cancelled",
      is_accepted: false,
      cancel_reason: "Too slow",
    });
    expect(response.json().data).toMatchObject({
      status: "Shipment Cancelled",
      cancel_reason: "Too slow",
      quotation: { is_accepted: false, cancel_reason: "Too slow" },
    });
  });

  it("cancels the winning bid of an accepted order", async () => {
    const { winning } = await approved();
    await inject("PATCH", `/api/quotations/${winning}/`, seller, {
      shipment_status: "Quotation Accepted",
    });
    events.length = 0;
    const response = await inject("PATCH", `/api/quotations/${winning}/`, seller, {
      is_accepted: false,
      cancel_reason: "Found another way",
      user_id: agent.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("Winning bid cancelled successfully");
    expect(response.json().data.status).toBe("Shipment Cancelled");
    expect(events[0]).toMatchObject({
      name: "quotation.cancelled",
      payload: { reason: "Found another way" },
    });
  });

  it("refuses a decision while bidding is open and a malformed body", async () => {
    const id = await postShipment(ctx.app, seller);
    const bid = await placeBid(ctx.app, agent, id);
    const open = await inject("PATCH", `/api/quotations/${bid}/`, seller, {
      shipment_status: "Quotation Accepted",
    });
    expect(open.statusCode).toBe(409);
    const malformed = await inject("PATCH", `/api/quotations/${bid}/`, seller, {
      shipment_status: "Nope",
    });
    expect(malformed.statusCode).toBe(400);
  });
});
