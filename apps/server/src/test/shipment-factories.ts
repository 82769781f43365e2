import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import type { CreateShipmentInput } from "@fba/contract";
import { shipments } from "../db/schema/index.js";
import type { TestUser } from "./factories.js";

const today = () => new Date().toISOString().slice(0, 10);

/** A booking that passes every rule of the form. */
export function validShipmentInput(
  overrides: Partial<CreateShipmentInput> = {},
): CreateShipmentInput {
  return {
    freight_booking_reference_number: "REF 1001",
    shipment_ready_date: today(),
    supplier_contact_name: "Ningbo Supplies",
    supplier_contact_phone: "8613800138000",
    product_name: "Bamboo Cutting Board",
    main_competitor_asin: "B07XJ8C8F5",
    pickup_location: {
      full_address: "Beverly Hills, CA 90210, USA",
      street_address: "9400 Wilshire Blvd",
      city: "Beverly Hills",
      state: "CA",
      country: "USA",
      zip_code: "90210",
      latitude: 34.0901,
      longitude: -118.4065,
      place_id: "zip:90210",
    },
    packages: [
      {
        carton_dimensions_length: 60,
        carton_dimensions_width: 40,
        carton_dimensions_height: 50,
        weight_per_carton_kg: 12,
        total_cost_of_goods: 2500,
        number_of_cartons: 10,
        delivery_location: "ONT8 - Moreno Valley, CA",
      },
    ],
    compliance: {
      detailed_product_description: "Kitchen boards made of bamboo",
      compliance: ["Wooden / Bamboo / Animal Product"],
      additional_notes: "Fragile edges",
    },
    contact_information: { first_name: "Sam", last_name: "Seller", email: "sam@example.com" },
    ...overrides,
  };
}

export async function postShipment(
  app: FastifyInstance,
  seller: TestUser,
  overrides: Partial<CreateShipmentInput> = {},
): Promise<number> {
  const response = await app.inject({
    method: "POST",
    url: "/api/shipments/",
    headers: seller.auth,
    payload: validShipmentInput(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`shipment create failed: ${response.body}`);
  return response.json().data.id as number;
}

export async function placeBid(
  app: FastifyInstance,
  agent: TestUser,
  shipmentId: number,
  amounts: { pickup: number; fast?: number; normal?: number } = { pickup: 100, fast: 900 },
): Promise<number> {
  const response = await app.inject({
    method: "POST",
    url: "/api/shipper/quotation/",
    headers: agent.auth,
    payload: {
      shipment: String(shipmentId),
      pickup_amount: String(amounts.pickup),
      fast_amount: amounts.fast === undefined ? "" : String(amounts.fast),
      normal_amount: amounts.normal === undefined ? "" : String(amounts.normal),
    },
  });
  if (response.statusCode !== 201) throw new Error(`bid failed: ${response.body}`);
  return response.json().data.id as number;
}

/** Moves the shipment's deadline into the past, as if the window had run out. */
export async function endBiddingWindow(app: FastifyInstance, shipmentId: number): Promise<void> {
  await app.database.db
    .update(shipments)
    .set({ biddingEndsAt: new Date(Date.now() - 1000) })
    .where(eq(shipments.id, shipmentId));
}
