import { describe, expect, it } from "vitest";
import {
  createSampleShipmentInputSchema,
  sampleMessages,
  sampleStatusUpdateInputSchema,
} from "./samples.js";

function messagesOf(input: unknown): Record<string, string> {
  const result = createSampleShipmentInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("createSampleShipmentInputSchema", () => {
  it("accepts quantity as text or number and trims text", () => {
    expect(
      createSampleShipmentInputSchema.parse({
        product_name: "  Mug ",
        quantity: " 12 ",
        address: "1 Main St",
      }),
    ).toEqual({ product_name: "Mug", quantity: 12, address: "1 Main St" });
    expect(
      createSampleShipmentInputSchema.parse({ product_name: "Mug", quantity: 99999, address: "x" })
        .quantity,
    ).toBe(99999);
  });

  it("gives every missing field its required message at once", () => {
    expect(messagesOf({})).toEqual({
      product_name: sampleMessages.productNameRequired,
      quantity: sampleMessages.quantityRequired,
      address: sampleMessages.addressRequired,
    });
    expect(messagesOf({ product_name: " ", quantity: "", address: "" })).toEqual({
      product_name: sampleMessages.productNameRequired,
      quantity: sampleMessages.quantityRequired,
      address: sampleMessages.addressRequired,
    });
  });

  it("applies the spec's bounds 50, 5 digits and 100", () => {
    expect(
      messagesOf({ product_name: "a".repeat(51), quantity: "123456", address: "b".repeat(101) }),
    ).toEqual({
      product_name: sampleMessages.productNameMax,
      quantity: sampleMessages.quantityMax,
      address: sampleMessages.addressMax,
    });
    expect(
      messagesOf({ product_name: "a".repeat(50), quantity: "12345", address: "b".repeat(100) }),
    ).toEqual({});
  });

  it("refuses non-digit, zero and negative quantities", () => {
    expect(messagesOf({ product_name: "a", quantity: "1e3", address: "b" }).quantity).toBe(
      sampleMessages.quantityDigits,
    );
    expect(messagesOf({ product_name: "a", quantity: -3, address: "b" }).quantity).toBe(
      sampleMessages.quantityDigits,
    );
    expect(messagesOf({ product_name: "a", quantity: 1.5, address: "b" }).quantity).toBe(
      sampleMessages.quantityDigits,
    );
    expect(messagesOf({ product_name: "a", quantity: "0", address: "b" }).quantity).toBe(
      sampleMessages.quantityMin,
    );
  });
});

describe("sampleStatusUpdateInputSchema", () => {
  it("accepts only Shipment Completed", () => {
    expect(sampleStatusUpdateInputSchema.parse({ status: "Shipment Completed" }).status).toBe(
      "Shipment Completed",
    );
    const result = sampleStatusUpdateInputSchema.safeParse({ status: "Shipment Cancelled" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(sampleMessages.statusInvalid);
  });
});
