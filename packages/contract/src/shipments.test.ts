import { describe, expect, it } from "vitest";
import {
  DESCRIPTION_MAX,
  addShipmentInfoInputSchema,
  chargeableWeight,
  createShipmentInputSchema,
  shipmentTotals,
} from "./shipments.js";

const today = new Date().toISOString().slice(0, 10);

const valid = {
  freight_booking_reference_number: "REF 1",
  shipment_ready_date: today,
  supplier_contact_name: "Supplier 1",
  supplier_contact_phone: "+86 (138) 0013-8000",
  product_name: "Board",
  main_competitor_asin: "B000000000",
  pickup_location: { full_address: "Austin, TX 73301, USA", zip_code: "73301-1234" },
  packages: [
    {
      carton_dimensions_length: "60",
      carton_dimensions_width: 40,
      carton_dimensions_height: 50,
      weight_per_carton_kg: 12,
      total_cost_of_goods: 100,
      number_of_cartons: 2,
      delivery_location: "ONT8",
    },
  ],
  compliance: {
    detailed_product_description: "Boards",
    compliance: ["FDA Certified Product", "FDA Certified Product"],
    additional_notes: "",
  },
  contact_information: { first_name: "Sam", last_name: "Seller", email: "Sam@Example.com" },
};

function messagesOf(input: unknown): Record<string, string> {
  const result = createShipmentInputSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("createShipmentInputSchema", () => {
  it("accepts a valid booking and normalises it", () => {
    const parsed = createShipmentInputSchema.parse(valid);
    expect(parsed.supplier_contact_phone).toBe("+8613800138000");
    expect(parsed.packages[0]?.carton_dimensions_length).toBe(60);
    expect(parsed.compliance.compliance).toEqual(["FDA Certified Product"]);
    expect(parsed.compliance.additional_notes).toBeUndefined();
    expect(parsed.contact_information.email).toBe("sam@example.com");
  });

  it("drops unknown keys", () => {
    const parsed = createShipmentInputSchema.parse({
      ...valid,
      status: "Shipment Completed",
      user: 5,
    });
    expect(parsed).not.toHaveProperty("status");
    expect(parsed).not.toHaveProperty("user");
  });

  it("gives the spec's messages", () => {
    expect(messagesOf({})).toMatchObject({
      freight_booking_reference_number: "Freight booking reference number is required",
      shipment_ready_date: "Shipment Date is required",
      main_competitor_asin: "Amazon standard identification number is required",
      pickup_location: "Pickup Address is required",
      packages: "At least one package is required",
      compliance: "At least one shipment contain must be checked.",
    });
    expect(
      messagesOf({
        ...valid,
        shipment_ready_date: "06/01/2026",
        packages: [{ delivery_location: "A" }],
        compliance: { ...valid.compliance, compliance: [] },
      }),
    ).toMatchObject({
      shipment_ready_date: "Invalid date",
      "packages.0.carton_dimensions_length": "Carton dimensions length is required",
      "packages.0.carton_dimensions_width": "Carton dimensions width is required",
      "packages.0.carton_dimensions_height": "Carton dimensions height is required",
      "packages.0.weight_per_carton_kg": "Weight per carton is required",
      "packages.0.total_cost_of_goods": "Total cost of goods is required",
      "packages.0.number_of_cartons": "Total number of cartons is required",
      "packages.0.delivery_location": "Delivery Address must be at least 2 characters",
      "compliance.compliance": "At least one shipment contain must be checked.",
    });
  });

  it("bounds text, numbers and package count", () => {
    const pkg = valid.packages[0]!;
    expect(
      messagesOf({
        ...valid,
        product_name: "Bad!name",
        supplier_contact_phone: "12ab",
        packages: [
          {
            ...pkg,
            number_of_cartons: "1.5",
            carton_dimensions_width: -1,
            weight_per_carton_kg: "x",
            total_cost_of_goods: "1850.505",
          },
        ],
      }),
    ).toMatchObject({
      product_name: "Product name can only contain letters, numbers and spaces",
      supplier_contact_phone: "Supplier contact phone must contain only digits",
      "packages.0.number_of_cartons": "Total number of cartons must be a whole number",
      "packages.0.carton_dimensions_width": "Must be greater than 0",
      "packages.0.weight_per_carton_kg": "Must be a number",
      "packages.0.total_cost_of_goods": "Total cost of goods can have at most 2 decimals (cents)",
    });
    expect(
      messagesOf({ ...valid, packages: [{ ...pkg, total_cost_of_goods: "1850.50" }] }),
    ).toEqual({});
    expect(messagesOf({ ...valid, packages: Array.from({ length: 6 }, () => pkg) })).toEqual({
      packages: "No more than 5 warehouse and package groups can be added",
    });
    expect(messagesOf({ ...valid, shipment_ready_date: "2001-01-01" })).toEqual({
      shipment_ready_date: "Shipment Date cannot be in the past",
    });
  });

  it("takes a detailed product description of up to 2000 characters, multi-line, kept whole", () => {
    const description = `Bamboo cutting boards, 3 sizes\n${"x".repeat(DESCRIPTION_MAX - 31)}`;
    const withDescription = (detailed_product_description: string) => ({
      ...valid,
      compliance: { ...valid.compliance, detailed_product_description },
    });
    const parsed = createShipmentInputSchema.parse(withDescription(description));
    expect(parsed.compliance.detailed_product_description).toBe(description);
    expect(messagesOf(withDescription(`${description}y`))).toEqual({
      "compliance.detailed_product_description":
        "Detailed product description cannot exceed 2000 characters",
    });
    expect(messagesOf(withDescription("a"))).toEqual({
      "compliance.detailed_product_description":
        "Detailed product description must be at least 2 characters",
    });
  });
});

describe("addShipmentInfoInputSchema", () => {
  it("requires both fields; a tracking number needs digits", () => {
    const result = addShipmentInfoInputSchema.safeParse({
      final_amount: "",
      tracking_number: "UPS",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["final_amount", "Required"],
      ["tracking_number", "Must be a number"],
    ]);
    expect(addShipmentInfoInputSchema.parse({ final_amount: 12.5, tracking_number: 123 })).toEqual({
      final_amount: "12.5",
      tracking_number: "123",
    });
  });

  it("takes the carriers' letters, spaces and dashes, and stores the number compact", () => {
    const parse = (tracking_number: unknown, tracking_carrier?: unknown) =>
      addShipmentInfoInputSchema.safeParse({
        final_amount: "10",
        tracking_number,
        tracking_carrier,
      });
    expect(parse("1z 999 aa1 01 2345 6784").data?.tracking_number).toBe("1Z999AA10123456784");
    expect(parse("176-12345675").data?.tracking_number).toBe("17612345675");
    // 34 digits in groups of four: over 40 characters as typed, 34 once compact.
    expect(parse("4201 0023 3424 9200 1901 3260 7600 8334 57").success).toBe(true);
    const messages = (value: unknown, carrier?: unknown) =>
      parse(value, carrier).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(messages("1Z999/AA1")).toEqual([
      ["tracking_number", "Tracking number can only contain letters, numbers, spaces and dashes"],
    ]);
    expect(messages("1".repeat(41))).toEqual([
      ["tracking_number", "Tracking number cannot exceed 40 digits"],
    ]);
    expect(parse("3318810025", "dhl").data?.tracking_carrier).toBe("dhl");
    expect(parse("3318810025", "").data?.tracking_carrier).toBeNull();
    expect(messages("3318810025", "royal_mail")).toEqual([["tracking_carrier", "Unknown carrier"]]);
  });

  it("takes cents and says so when there are more decimals", () => {
    expect(
      addShipmentInfoInputSchema.parse({ final_amount: "1850.50", tracking_number: "1" })
        .final_amount,
    ).toBe("1850.50");
    const result = addShipmentInfoInputSchema.safeParse({
      final_amount: "1850.505",
      tracking_number: "1",
    });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["final_amount", "Final amount can have at most 2 decimals (cents)"],
    ]);
  });
});

describe("pure rules", () => {
  it("computes chargeable weight per carton, times cartons, to 2 decimals", () => {
    const base = {
      carton_dimensions_length: 60,
      carton_dimensions_width: 40,
      carton_dimensions_height: 50,
    };
    expect(chargeableWeight({ ...base, weight_per_carton_kg: 12, number_of_cartons: 10 })).toBe(
      200,
    );
    expect(chargeableWeight({ ...base, weight_per_carton_kg: 25.555, number_of_cartons: 1 })).toBe(
      25.56,
    );
    expect(
      chargeableWeight({
        carton_dimensions_length: 33,
        carton_dimensions_width: 33,
        carton_dimensions_height: 33,
        weight_per_carton_kg: 1,
        number_of_cartons: 3,
      }),
    ).toBe(17.97);
  });

  it("totals packages", () => {
    const pkg = {
      carton_dimensions_length: 10,
      carton_dimensions_width: 10,
      carton_dimensions_height: 10,
      weight_per_carton_kg: 2,
      number_of_cartons: 2,
      total_cost_of_goods: 10.1,
    };
    expect(shipmentTotals([pkg, pkg])).toEqual({
      number_of_cartons: 4,
      chargeable_weight: 8,
      total_cost_of_goods: 20.2,
    });
  });
});

describe("text in any script", () => {
  it("books a Chinese supplier and product, and a PO number with hyphens", () => {
    const parsed = createShipmentInputSchema.safeParse({
      ...valid,
      supplier_contact_name: "李伟",
      product_name: "竹制砧板",
      freight_booking_reference_number: "PO-2026-1201",
      contact_information: {
        first_name: "李",
        last_name: "Patel-Ramanathan",
        email: "li@example.com",
      },
    });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it("keeps the spec's messages for what is still refused", () => {
    expect(
      messagesOf({
        ...valid,
        supplier_contact_name: "李伟!",
        product_name: "竹制-砧板",
        freight_booking_reference_number: "PO#2026",
      }),
    ).toMatchObject({
      supplier_contact_name: "Supplier contact name can only contain letters, numbers and spaces",
      product_name: "Product name can only contain letters, numbers and spaces",
      freight_booking_reference_number:
        "Freight booking reference number can only contain letters, numbers and spaces",
    });
  });
});
