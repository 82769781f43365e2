import type { CreateShipmentInput } from "./shipments.js";

/**
 * A booking that passes every rule of the New Shipment form: one pickup near Beverly Hills, ten
 * cartons of bamboo boards to ONT8. The example that tests, browser journeys, fault scenarios and
 * benchmarks start from, overriding what they need.
 */
export function exampleShipmentInput(
  overrides: Partial<CreateShipmentInput> = {},
): CreateShipmentInput {
  return {
    freight_booking_reference_number: "REF 1001",
    shipment_ready_date: new Date().toISOString().slice(0, 10),
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
