import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import type { CreateShipmentInput } from "@fba/contract";
import { exampleShipmentInput } from "@fba/contract/examples";
import { shipments } from "../db/schema/index.js";
import type { TestUser } from "./factories.js";

/** A booking that passes every rule of the form. */
export const validShipmentInput = exampleShipmentInput;

/** One carton group of a booking: `cartons` cartons of 60x40x50 cm, 12 kg each, to `location`. */
export const carton = (location: string, cartons = 5) => ({
  carton_dimensions_length: 60,
  carton_dimensions_width: 40,
  carton_dimensions_height: 50,
  weight_per_carton_kg: 12,
  total_cost_of_goods: 2500,
  number_of_cartons: cartons,
  delivery_location: location,
});

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
  // A deadline passing is a change the clock alone makes: pages kept in memory show it up to
  // LIST_CACHE_MS late. The test moves the deadline itself, so it drops them, as a write would.
  app.pageCache.changed(null);
}
