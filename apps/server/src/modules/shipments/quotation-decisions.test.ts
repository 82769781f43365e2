import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notificationTexts } from "@fba/contract";
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
