import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipmentDetailSchema } from "@fba/contract";
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

describe("POST /api/shipments/", () => {
  it("creates the shipment with a bid window and computed chargeable weight", async () => {
    const before = Date.now();
    const response = await inject("POST", "/api/shipments/", seller, validShipmentInput());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.status).toBe("success");
    expect(body.status_code).toBe(201);
    expect(body.message).toBe("Shipment created successfully");
    const shipment = shipmentDetailSchema.parse(body.data);
    expect(shipment.status).toBe("Shipment Pending");
    expect(shipment.quotation).toEqual({});
    expect(shipment.quotation_count).toBe(0);
    expect(shipment.user).toMatchObject({
      id: seller.id,
      first_name: "Sally",
      email: seller.email,
    });
    const window = Date.parse(shipment.bidding_ends_at) - Date.parse(shipment.created_at);
    expect(window).toBe(72 * 3600 * 1000);
    expect(Date.parse(shipment.created_at)).toBeGreaterThanOrEqual(before - 1000);
    // 60x40x50/6000 = 20 kg volumetric > 12 kg actual; x10 cartons.
    expect(shipment.packages[0]?.chargeable_weight).toBe(200);
    expect(shipment.pickup_location.zip_code).toBe("90210");
    expect(shipment.compliance.compliance).toEqual(["Wooden / Bamboo / Animal Product"]);
    expect(shipment.is_bidding_open).toBe(true);
  });

  it("works without the trailing slash and takes numeric strings", async () => {
    const input = validShipmentInput();
    const packages = input.packages.map((pkg) => ({
      ...pkg,
      carton_dimensions_length: "10",
      number_of_cartons: "3",
    }));
    const response = await inject("POST", "/api/shipments", seller, { ...input, packages });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.packages[0].number_of_cartons).toBe(3);
  });

  it("books a Chinese supplier and product with a hyphenated PO number, and reads them back", async () => {
    const input = validShipmentInput();
    const response = await inject("POST", "/api/shipments/", seller, {
      ...input,
      supplier_contact_name: "李伟",
      product_name: "竹制砧板",
      freight_booking_reference_number: "PO-2026-1201",
    });
    expect(response.statusCode, response.body).toBe(201);
    const read = await inject("GET", `/api/shipments/${response.json().data.id}/`, seller);
    expect(read.json().data).toMatchObject({
      supplier_contact_name: "李伟",
      product_name: "竹制砧板",
      freight_booking_reference_number: "PO-2026-1201",
    });
  });

  it("stores a multi-line product description of 2000 characters whole, and refuses a longer one", async () => {
    const input = validShipmentInput();
    const description = `Bamboo cutting boards\nSizes: S, M, L\n${"d".repeat(1963)}`;
    expect(description).toHaveLength(2000);
    const withDescription = (detailed_product_description: string) => ({
      ...input,
      compliance: { ...input.compliance, detailed_product_description },
    });
    const response = await inject("POST", "/api/shipments/", seller, withDescription(description));
    expect(response.statusCode, response.body).toBe(201);
    const read = await inject("GET", `/api/shipments/${response.json().data.id}/`, seller);
    expect(read.json().data.compliance.detailed_product_description).toBe(description);
    const long = await inject(
      "POST",
      "/api/shipments/",
      seller,
      withDescription(`${description}!`),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toContainEqual({
      field: "compliance.detailed_product_description",
      message: "Detailed product description cannot exceed 2000 characters",
    });
  });

  it("refuses anonymous callers (401) and agents and admins (403)", async () => {
    expect(
      (await inject("POST", "/api/shipments/", undefined, validShipmentInput())).statusCode,
    ).toBe(401);
    expect((await inject("POST", "/api/shipments/", agent, validShipmentInput())).statusCode).toBe(
      403,
    );
    expect((await inject("POST", "/api/shipments/", admin, validShipmentInput())).statusCode).toBe(
      403,
    );
  });

  it("returns every field error with the spec's messages", async () => {
    const response = await inject("POST", "/api/shipments/", seller, {
      freight_booking_reference_number: "",
      shipment_ready_date: "",
      supplier_contact_name: "Ok Name",
      supplier_contact_phone: "1234567890123456",
      product_name: "Board",
      main_competitor_asin: "",
      pickup_location: { full_address: "", zip_code: "1234", street_address: "x".repeat(101) },
      packages: [
        {
          carton_dimensions_width: 1,
          carton_dimensions_height: 1,
          weight_per_carton_kg: 1,
          total_cost_of_goods: 1,
          delivery_location: "",
        },
      ],
      compliance: { detailed_product_description: "Boards", compliance: [], additional_notes: "x" },
      contact_information: { first_name: "Sam", last_name: "Seller", email: "sam@example.com" },
      user_id: 99,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe("Bad Request");
    const byField = Object.fromEntries(
      (body.errors as Array<{ field: string; message: string }>).map((e) => [e.field, e.message]),
    );
    expect(byField).toMatchObject({
      freight_booking_reference_number: "Freight booking reference number is required",
      shipment_ready_date: "Shipment Date is required",
      supplier_contact_phone: "Supplier contact phone cannot exceed 15 digits",
      main_competitor_asin: "Amazon standard identification number is required",
      "pickup_location.full_address": "Pickup Address is required",
      "pickup_location.zip_code":
        "Zip code must be 5 digits, optionally followed by a dash and 4 digits",
      "pickup_location.street_address": "Street address cannot exceed 100 characters",
      "packages.0.carton_dimensions_length": "Carton dimensions length is required",
      "packages.0.number_of_cartons": "Total number of cartons is required",
      "packages.0.delivery_location": "Delivery Address is required",
      "compliance.compliance": "At least one shipment contain must be checked.",
      "compliance.additional_notes": "Additional notes must be at least 2 characters",
    });
  });

  it("rejects past and malformed dates and more than five packages", async () => {
    const input = validShipmentInput();
    const past = await inject("POST", "/api/shipments/", seller, {
      ...input,
      shipment_ready_date: "2020-01-01",
      packages: Array.from({ length: 6 }, () => input.packages[0]),
    });
    const errors = past.json().errors as Array<{ field: string; message: string }>;
    expect(errors).toContainEqual({
      field: "shipment_ready_date",
      message: "Shipment Date cannot be in the past",
    });
    expect(errors).toContainEqual({
      field: "packages",
      message: "No more than 5 warehouse and package groups can be added",
    });
    const invalid = await inject("POST", "/api/shipments/", seller, {
      ...input,
      shipment_ready_date: "2026-13-45",
    });
    expect(invalid.json().errors).toContainEqual({
      field: "shipment_ready_date",
      message: "Invalid date",
    });
  });
});

describe("GET /api/shipments/{id}/", () => {
  it("applies the access rules of each party", async () => {
    const id = await postShipment(ctx.app, seller);
    expect((await inject("GET", `/api/shipments/${id}/`)).statusCode).toBe(401);
    expect((await inject("GET", `/api/shipments/${id}/`, seller)).statusCode).toBe(200);
    expect((await inject("GET", `/api/shipments/${id}`, admin)).statusCode).toBe(200);

    const other = await inject("GET", `/api/shipments/${id}/`, otherSeller);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      status: "error",
      status_code: 400,
      message: "Bad Request",
      errors: [{ message: "You are not authorised to view this shipment" }],
    });

    const open = await inject("GET", `/api/shipments/${id}/`, agent);
    expect(open.statusCode).toBe(200);
    expect(open.json().data.quotation).toEqual({});

    const quotationId = await placeBid(ctx.app, agent, id, { pickup: 100, fast: 900, normal: 700 });
    const mine = await inject("GET", `/api/shipments/${id}/`, agent);
    expect(mine.json().data.quotation).toMatchObject({
      id: quotationId,
      pickup_amount: "100.00",
      fast_amount: "900.00",
      normal_amount: "700.00",
      total_amount: "800.00",
    });
    expect(mine.json().data.status).toBe("Quotation Received");
    await placeBid(ctx.app, otherAgent, id, { pickup: 100, normal: 800 });
    // The seller sees no quotation while bids are sealed.
    expect((await inject("GET", `/api/shipments/${id}/`, seller)).json().data.quotation).toEqual(
      {},
    );

    await endBiddingWindow(ctx.app, id);
    // Read right after the deadline: already closed, the lowest total has won.
    const closed = await inject("GET", `/api/shipments/${id}/`, seller);
    expect(closed.json().data.status).toBe("Quotation Approved");
    expect(closed.json().data.quotation).toMatchObject({ id: quotationId, total_amount: "800.00" });
    expect(closed.json().data.quotation_count).toBe(2);

    // The losing bidder reads the shipment as bid on, with their own bid and the outcome only.
    const loser = await inject("GET", `/api/shipments/${id}/`, otherAgent);
    expect(loser.statusCode).toBe(200);
    expect(loser.json().data).toMatchObject({
      outcome: "lost",
      user: { id: 0, email: "" },
      quotation: { user: { id: otherAgent.id }, is_winner: false },
    });
    const winner = await inject("GET", `/api/shipments/${id}/`, agent);
    expect(winner.statusCode).toBe(200);
    expect(winner.json().data).toMatchObject({ outcome: "won", user: { id: seller.id } });
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expect((await inject("GET", "/api/shipments/999999/", seller)).statusCode).toBe(404);
    expect((await inject("GET", "/api/shipments/abc/", seller)).statusCode).toBe(400);
  });
});
