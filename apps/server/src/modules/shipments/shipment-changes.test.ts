import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipmentListRowSchema } from "@fba/contract";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import {
  endBiddingWindow,
  placeBid,
  postShipment,
  validShipmentInput,
} from "../../test/shipment-factories.js";

let ctx: TestContext;
let seller: TestUser;
let otherSeller: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp({ BID_WINDOW_HOURS: 72 });
  [seller, otherSeller, agent, otherAgent, admin] = await Promise.all([
    createSeller(ctx.app, { firstName: "Sally", lastName: "Seller" }),
    createSeller(ctx.app),
    createShipper(ctx.app, { firstName: "Andy", lastName: "Agent" }),
    createShipper(ctx.app),
    createAdmin(ctx.app),
  ]);
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

/** A shipment whose bidding closed with `agent` winning and the seller having accepted. */
async function acceptedShipment(): Promise<{ id: number; quotationId: number }> {
  const id = await postShipment(ctx.app, seller);
  const quotationId = await placeBid(ctx.app, agent, id, { pickup: 50, fast: 500 });
  await placeBid(ctx.app, otherAgent, id, { pickup: 50, fast: 600 });
  await endBiddingWindow(ctx.app, id);
  const accepted = await inject("PATCH", `/api/quotations/${quotationId}/`, seller, {
    shipment_status: "Quotation Accepted",
  });
  expect(accepted.statusCode).toBe(200);
  return { id, quotationId };
}

describe("PATCH /api/shipments/{id}/ (Add Info)", () => {
  it("lets only the winning agent add the final amount and tracking number", async () => {
    const { id } = await acceptedShipment();
    const payload = { final_amount: "1250", tracking_number: "123456789012" };
    expect((await inject("PATCH", `/api/shipments/${id}/`, undefined, payload)).statusCode).toBe(
      401,
    );
    expect((await inject("PATCH", `/api/shipments/${id}/`, seller, payload)).statusCode).toBe(403);
    expect((await inject("PATCH", `/api/shipments/${id}/`, otherAgent, payload)).statusCode).toBe(
      403,
    );
    const response = await inject("PATCH", `/api/shipments/${id}/`, agent, payload);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      final_amount: "1250.00",
      tracking_number: "123456789012",
      tracking_link: "https://www.fedex.com/fedextrack/?trknbr=123456789012",
      tracking_carrier: "fedex",
    });
  });

  it("takes UPS, DHL, container and plain-digit numbers and links each to its carrier", async () => {
    const { id } = await acceptedShipment();
    const add = (tracking_number: unknown, tracking_carrier?: string) =>
      inject("PATCH", `/api/shipments/${id}/`, agent, {
        final_amount: "950",
        tracking_number,
        ...(tracking_carrier === undefined ? {} : { tracking_carrier }),
      });
    const cases: Array<[unknown, string | undefined, Record<string, unknown>]> = [
      [
        "1z5r 8939 0357 5671 27",
        undefined,
        {
          tracking_number: "1Z5R89390357567127",
          tracking_carrier: "ups",
          tracking_link: "https://www.ups.com/track?tracknum=1Z5R89390357567127",
        },
      ],
      [
        "3318810025",
        undefined,
        {
          tracking_carrier: "dhl",
          tracking_link:
            "https://www.dhl.com/us-en/home/tracking.html?tracking-id=3318810025&submit=1",
        },
      ],
      [
        "MSKU 123456-5",
        undefined,
        {
          tracking_number: "MSKU1234565",
          tracking_carrier: "maersk",
          tracking_link: "https://www.maersk.com/tracking/MSKU1234565",
        },
      ],
      // The existing client's digits: accepted, linked, and no carrier claimed when none matches.
      [
        1234567890,
        undefined,
        {
          tracking_number: "1234567890",
          tracking_carrier: null,
          tracking_link: "https://parcelsapp.com/en/tracking/1234567890",
        },
      ],
      // The agent's pick when detection is unsure (a DHL number or an air waybill).
      [
        "82617809676",
        "air",
        {
          tracking_carrier: "air",
          tracking_link: "https://www.track-trace.com/aircargo?number=826-17809676",
        },
      ],
    ];
    for (const [number, carrier, expected] of cases) {
      const response = await add(number, carrier);
      expect(response.statusCode, JSON.stringify(number)).toBe(200);
      expect(response.json().data).toMatchObject(expected);
    }

    // Lists carry the carrier too.
    const current = await inject("GET", "/api/shipper/recent-orders/", agent);
    expect(
      (current.json().data as Array<{ id: number; tracking_carrier: string | null }>).find(
        (row) => row.id === id,
      ),
    ).toMatchObject({ tracking_carrier: "air" });

    const refused = await add("1Z5R/8939", "royal_mail");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        field: "tracking_number",
        message: "Tracking number can only contain letters, numbers, spaces and dashes",
      },
      { field: "tracking_carrier", message: "Unknown carrier" },
    ]);
  });

  it("validates both fields with 'Required' and 'Must be a number'", async () => {
    const { id } = await acceptedShipment();
    const response = await inject("PATCH", `/api/shipments/${id}/`, agent, {
      final_amount: "",
      tracking_number: "ABCD",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: "final_amount", message: "Required" },
      { field: "tracking_number", message: "Must be a number" },
    ]);
  });

  it("refuses while the order is not accepted (409)", async () => {
    const id = await postShipment(ctx.app, seller);
    await placeBid(ctx.app, agent, id);
    await endBiddingWindow(ctx.app, id);
    const response = await inject("PATCH", `/api/shipments/${id}/`, agent, {
      final_amount: "10",
      tracking_number: "1",
    });
    expect(response.statusCode).toBe(409);
  });
});

describe("PATCH /api/shipment-status-update/{id}/", () => {
  it("completes only with final amount and tracking number", async () => {
    const { id } = await acceptedShipment();
    const url = `/api/shipment-status-update/${id}/`;
    expect((await inject("PATCH", url, seller, { status: "Shipment Completed" })).statusCode).toBe(
      403,
    );
    expect(
      (await inject("PATCH", url, otherAgent, { status: "Shipment Completed" })).statusCode,
    ).toBe(403);
    const bad = await inject("PATCH", url, agent, { status: "Quotation Received" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("status");
    const noop = await inject("PATCH", url, agent, { status: "Quotation Accepted" });
    expect(noop.json().data.status).toBe("Quotation Accepted");
    const early = await inject("PATCH", url, agent, { status: "Shipment Completed" });
    expect(early.statusCode).toBe(409);
    await inject("PATCH", `/api/shipments/${id}/`, agent, {
      final_amount: "99.5",
      tracking_number: "42",
    });
    const done = await inject("PATCH", `/api/shipment-status-update/${id}`, agent, {
      status: "Shipment Completed",
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: "Shipment Completed", final_amount: "99.50" });
    const again = await inject("PATCH", url, agent, { status: "Shipment Cancelled" });
    expect(again.statusCode).toBe(409);
  });

  it("lets the winning agent cancel an accepted order", async () => {
    const { id } = await acceptedShipment();
    const response = await inject("PATCH", `/api/shipment-status-update/${id}/`, agent, {
      status: "Shipment Cancelled",
    });
    expect(response.json().data.status).toBe("Shipment Cancelled");
  });
});

describe("reopen and cancel after an empty window", () => {
  it("reopens a bidless shipment for a new window, only for its seller", async () => {
    const id = await postShipment(ctx.app, seller);
    const early = await inject("POST", `/api/shipments/${id}/reopen/`, seller);
    expect(early.statusCode).toBe(409);
    await endBiddingWindow(ctx.app, id);
    expect((await inject("GET", `/api/shipments/${id}/`, agent)).statusCode).toBe(400);
    expect((await inject("POST", `/api/shipments/${id}/reopen/`, otherSeller)).statusCode).toBe(
      403,
    );
    expect((await inject("POST", `/api/shipments/${id}/reopen/`, agent)).statusCode).toBe(403);
    const response = await inject("POST", `/api/shipments/${id}/reopen`, seller);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.is_bidding_open).toBe(true);
    expect(Date.parse(response.json().data.bidding_ends_at)).toBeGreaterThan(Date.now());
    expect((await inject("GET", `/api/shipments/${id}/`, agent)).statusCode).toBe(200);
  });

  it("cancels a shipment without bids but not one with bids", async () => {
    const id = await postShipment(ctx.app, seller);
    expect((await inject("POST", `/api/shipments/${id}/cancel/`, otherSeller, {})).statusCode).toBe(
      403,
    );
    const response = await inject("POST", `/api/shipments/${id}/cancel/`, seller, {
      cancel_reason: "No longer needed",
    });
    expect(response.json().data).toMatchObject({
      status: "Shipment Cancelled",
      cancel_reason: "No longer needed",
    });
    const withBid = await postShipment(ctx.app, seller);
    await placeBid(ctx.app, agent, withBid);
    expect((await inject("POST", `/api/shipments/${withBid}/cancel/`, seller)).statusCode).toBe(
      409,
    );
  });
});

describe("POST /api/admin/shipments/{id}/winner/", () => {
  it("approves a bid early and can replace the winner", async () => {
    const id = await postShipment(ctx.app, seller);
    const cheap = await placeBid(ctx.app, agent, id, { pickup: 10, fast: 10 });
    const dear = await placeBid(ctx.app, otherAgent, id, { pickup: 10, fast: 90 });
    const url = `/api/admin/shipments/${id}/winner/`;
    expect((await inject("POST", url, seller, { quotation_id: dear })).statusCode).toBe(403);
    expect((await inject("POST", url, admin, {})).json().errors[0].field).toBe("quotation_id");
    const early = await inject("POST", url, admin, { quotation_id: dear });
    expect(early.statusCode).toBe(200);
    expect(early.json().data).toMatchObject({
      status: "Quotation Approved",
      is_bidding_open: false,
    });
    expect(early.json().data.quotation.id).toBe(dear);
    const replaced = await inject("POST", url, admin, { quotation_id: String(cheap) });
    expect(replaced.json().data.quotation.id).toBe(cheap);
    // Agents cannot bid any more, and the replaced winner keeps only the view of a lost bid.
    const replacedView = await inject("GET", `/api/shipments/${id}/`, otherAgent);
    expect(replacedView.json().data).toMatchObject({ outcome: "lost", user: { id: 0 } });
    const other = await postShipment(ctx.app, seller);
    const foreign = await inject("POST", `/api/admin/shipments/${other}/winner/`, admin, {
      quotation_id: cheap,
    });
    expect(foreign.statusCode).toBe(409);
  });
});

describe("shipment lists", () => {
  it("lists open shipments for agents with their own quotation or {}", async () => {
    const listSeller = await createSeller(ctx.app);
    const first = await postShipment(ctx.app, listSeller, { product_name: "Zebra Mugs Unique" });
    const second = await postShipment(ctx.app, listSeller, { product_name: "Zebra Plates Unique" });
    const bid = await placeBid(ctx.app, agent, first);
    const response = await inject(
      "GET",
      "/api/shipper/shipments/?search=zebra&ordering=-undefined&per_page=500&page=",
      agent,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination_option).toEqual({
      page: 1,
      pages: 1,
      per_page: 200,
      count: 2,
      count_is_capped: false,
      has_more: false,
    });
    const rows = body.data.map((row: unknown) => shipmentListRowSchema.parse(row));
    const byId = new Map(rows.map((row: { id: number }) => [row.id, row]));
    expect((byId.get(first) as { quotation: { id: number } }).quotation.id).toBe(bid);
    expect((byId.get(second) as { quotation: object }).quotation).toEqual({});
    const ordered = await inject(
      "GET",
      "/api/shipper/shipments?search=ZEBRA&ordering=-product_name",
      agent,
    );
    expect(ordered.json().data.map((row: { id: number }) => row.id)).toEqual([second, first]);
    expect((await inject("GET", "/api/shipper/shipments/", seller)).statusCode).toBe(403);
    expect((await inject("GET", "/api/shipper/shipments/")).statusCode).toBe(401);
  });

  it("gives the seller their own active, pending, recent, past and cancelled lists", async () => {
    const own = await createSeller(ctx.app);
    const pending = await postShipment(ctx.app, own, { product_name: "Alpha" });
    const approved = await postShipment(ctx.app, own, { product_name: "Beta" });
    const winning = await placeBid(ctx.app, agent, approved, { pickup: 5, normal: 5 });
    await endBiddingWindow(ctx.app, approved);
    const cancelled = await postShipment(ctx.app, own, { product_name: "Gamma" });
    await inject("POST", `/api/shipments/${cancelled}/cancel/`, own, {});
    await postShipment(ctx.app, seller, { product_name: "Not Mine" });

    const ids = async (path: string) =>
      ((await inject("GET", path, own)).json().data as Array<{ id: number }>).map((r) => r.id);
    expect(await ids("/api/seller/shipments/")).toEqual([approved, pending]);
    expect(await ids("/api/seller/pending-shipments/")).toEqual([approved]);
    expect(await ids("/api/seller/cancelled-shipments/")).toEqual([cancelled]);
    expect(await ids("/api/seller/recent-orders/")).toEqual([]);
    const pendingRows = (await inject("GET", "/api/seller/pending-shipments/", own)).json().data;
    expect(pendingRows[0].quotation).toMatchObject({ id: winning, total_amount: "10.00" });
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`/api/seller/shipments/?shipment_ready_date=${today}`)).toHaveLength(2);
    expect(await ids("/api/seller/shipments/?shipment_ready_date=2031-01-01")).toEqual([]);
    expect(await ids(`/api/seller/shipments/?search=${approved}`)).toEqual([approved]);
    expect((await inject("GET", "/api/seller/shipments/", agent)).statusCode).toBe(403);
    const dashboard = await inject("GET", "/api/seller/seller-dashboard/", own);
    expect(dashboard.json().data).toEqual({
      active_shipments: 2,
      sample_shipments: 0,
      completed_shipments: 0,
    });
    expect((await inject("GET", "/api/seller/seller-dashboard/", agent)).statusCode).toBe(403);
  });

  it("searches product name, reference and pickup address together, in any case", async () => {
    const own = await createSeller(ctx.app);
    const base = validShipmentInput();
    const shipment = await postShipment(ctx.app, own, {
      product_name: "Teapot Set",
      freight_booking_reference_number: "QX 7781",
      pickup_location: { ...base.pickup_location, full_address: "12 Harbour Rd, Wollongong NSW" },
    });
    await postShipment(ctx.app, own, { product_name: "Other Thing" });
    const ids = async (user: TestUser, path: string) =>
      ((await inject("GET", path, user)).json().data as Array<{ id: number }>).map((r) => r.id);
    for (const term of ["teapot", "qx 7781", "WOLLONGONG", "set qx 77", "harbour rd"]) {
      const query = `?search=${encodeURIComponent(term)}`;
      expect(await ids(own, `/api/seller/shipments/${query}`), term).toEqual([shipment]);
      expect(await ids(agent, `/api/shipper/shipments/${query}`), term).toEqual([shipment]);
      expect(await ids(admin, `/api/admin/shipments/${query}`), term).toEqual([shipment]);
    }
    expect(await ids(own, "/api/seller/shipments/?search=teapot%20wollongong")).toEqual([]);
  });

  it("binds each caller's own values into the same list and detail queries", async () => {
    const [sellerA, sellerB, agentA, agentB] = await Promise.all([
      createSeller(ctx.app),
      createSeller(ctx.app),
      createShipper(ctx.app),
      createShipper(ctx.app),
    ]);
    const shipmentA = await postShipment(ctx.app, sellerA, { product_name: "Binding Lamp" });
    const shipmentB = await postShipment(ctx.app, sellerB, { product_name: "Binding Lamp" });
    const bidA = await placeBid(ctx.app, agentA, shipmentA, { pickup: 11, fast: 1 });
    const bidB = await placeBid(ctx.app, agentB, shipmentA, { pickup: 22, fast: 2 });

    const rows = async (user: TestUser, path: string) =>
      (await inject("GET", path, user)).json().data as Array<{
        id: number;
        quotation: { id?: number };
      }>;
    const search = "/api/seller/shipments/?search=binding%20lamp";
    expect((await rows(sellerA, search)).map((r) => r.id)).toEqual([shipmentA]);
    expect((await rows(sellerB, search)).map((r) => r.id)).toEqual([shipmentB]);

    const open = "/api/shipper/shipments/?search=binding%20lamp&ordering=id";
    const seenByA = await rows(agentA, open);
    const seenByB = await rows(agentB, open);
    expect(seenByA.map((r) => [r.id, r.quotation.id])).toEqual([
      [shipmentA, bidA],
      [shipmentB, undefined],
    ]);
    expect(seenByB.map((r) => [r.id, r.quotation.id])).toEqual([
      [shipmentA, bidB],
      [shipmentB, undefined],
    ]);

    const detail = async (user: TestUser) =>
      (await inject("GET", `/api/shipments/${shipmentA}/`, user)).json().data.quotation.id;
    expect(await detail(agentA)).toBe(bidA);
    expect(await detail(agentB)).toBe(bidB);
  });

  it("gives agents their won orders and bid history with outcomes", async () => {
    const historyAgent = await createShipper(ctx.app);
    const won = await postShipment(ctx.app, seller);
    const lost = await postShipment(ctx.app, seller);
    const open = await postShipment(ctx.app, seller);
    const wonBid = await placeBid(ctx.app, historyAgent, won, { pickup: 1, fast: 1 });
    await placeBid(ctx.app, historyAgent, lost, { pickup: 100, fast: 100 });
    await placeBid(ctx.app, otherAgent, lost, { pickup: 1, fast: 1 });
    await placeBid(ctx.app, historyAgent, open);
    await endBiddingWindow(ctx.app, won);
    await endBiddingWindow(ctx.app, lost);
    const history = await inject("GET", "/api/shipper/quotation-history?page=1", historyAgent);
    const outcomes = Object.fromEntries(
      (history.json().data as Array<{ id: number; outcome: string }>).map((r) => [r.id, r.outcome]),
    );
    expect(outcomes).toEqual({ [won]: "won", [lost]: "lost", [open]: "pending" });

    await inject("PATCH", `/api/quotations/${wonBid}/`, seller, {
      shipment_status: "Quotation Accepted",
    });
    const recent = await inject("GET", "/api/shipper/recent-orders/", historyAgent);
    expect(recent.json().data.map((r: { id: number }) => r.id)).toEqual([won]);
    expect(recent.json().data[0].user.profile).toHaveProperty("phone");
    await inject("PATCH", `/api/shipments/${won}/`, historyAgent, {
      final_amount: 5,
      tracking_number: 7,
    });
    await inject("PATCH", `/api/shipment-status-update/${won}/`, historyAgent, {
      status: "Shipment Completed",
    });
    const past = await inject("GET", "/api/shipper/past-orders/", historyAgent);
    expect(past.json().data.map((r: { id: number }) => r.id)).toEqual([won]);
    expect(
      (await inject("GET", "/api/shipper/past-orders/", agent)).json().data,
    ).not.toContainEqual(expect.objectContaining({ id: won }));
  });

  it("lists every shipment for admins only", async () => {
    const response = await inject(
      "GET",
      "/api/admin/shipments/?status=Shipment%20Cancelled",
      admin,
    );
    expect(response.statusCode).toBe(200);
    const statuses = new Set(response.json().data.map((r: { status: string }) => r.status));
    expect([...statuses]).toEqual(["Shipment Cancelled"]);
    expect((await inject("GET", "/api/admin/shipments/", seller)).statusCode).toBe(403);
  });
});
