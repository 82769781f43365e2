import { describe, expect, it } from "vitest";
import {
  createQuotationInputSchema,
  maskValue,
  quotationListQuerySchema,
  quotationTotal,
  updateQuotationInputSchema,
} from "./quotations.js";

describe("createQuotationInputSchema", () => {
  it("accepts ids and amounts as strings, blank meaning not offered", () => {
    expect(
      createQuotationInputSchema.parse({
        shipment: "7",
        pickup_amount: "100",
        fast_amount: "",
        normal_amount: 700,
      }),
    ).toEqual({ shipment: 7, pickup_amount: "100", normal_amount: "700" });
  });

  it("gives the spec's messages", () => {
    const result = createQuotationInputSchema.safeParse({ shipment: "", pickup_amount: "" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual(
      expect.arrayContaining([
        ["pickup_amount", "Amount is required"],
        ["shipment", "Shipment is required"],
      ]),
    );
    const digits = createQuotationInputSchema.safeParse({
      shipment: 1,
      pickup_amount: "1.5",
      normal_amount: "-3",
    });
    expect(digits.error?.issues.map((i) => i.message)).toEqual([
      "Amount must contain digits only",
      "Amount must contain digits only",
    ]);
    const neither = createQuotationInputSchema.safeParse({ shipment: 1, pickup_amount: "1" });
    expect(neither.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["fast_amount", "Enter a fast or a normal amount"],
      ["normal_amount", "Enter a fast or a normal amount"],
    ]);
  });
});

describe("createQuotationInputSchema amounts", () => {
  it("refuses a zero amount on every offered field, so no total is 0", () => {
    const result = createQuotationInputSchema.safeParse({
      shipment: 1,
      pickup_amount: "0",
      fast_amount: 0,
      normal_amount: "00",
    });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["pickup_amount", "Amount must be greater than 0"],
      ["fast_amount", "Amount must be greater than 0"],
      ["normal_amount", "Amount must be greater than 0"],
    ]);
    expect(
      createQuotationInputSchema.safeParse({ shipment: 1, pickup_amount: "1", fast_amount: "1" })
        .success,
    ).toBe(true);
  });
});

describe("updateQuotationInputSchema", () => {
  it("reads the three payloads", () => {
    expect(updateQuotationInputSchema.parse({ shipment_status: "Quotation Accepted" })).toEqual({
      action: "accept",
    });
    expect(
      updateQuotationInputSchema.parse({
        shipment_status: "Shipment Cancelled",
        is_accepted: false,
        cancel_reason: " Late ",
      }),
    ).toEqual({ action: "decline", reason: "Late" });
    expect(
      updateQuotationInputSchema.parse({ is_accepted: "false", cancel_reason: "No", user_id: 4 }),
    ).toEqual({ action: "cancel", reason: "No" });
  });

  it("requires a reason to decline or cancel and refuses an empty body", () => {
    expect(
      updateQuotationInputSchema.safeParse({ is_accepted: false }).error?.issues[0]?.message,
    ).toBe("Cancel reason is required");
    expect(updateQuotationInputSchema.safeParse({}).success).toBe(false);
    expect(updateQuotationInputSchema.safeParse({ is_accepted: true }).success).toBe(false);
  });
});

describe("helpers", () => {
  it("totals pickup plus the cheaper offered amount", () => {
    expect(quotationTotal({ pickup_amount: 100, fast_amount: 900, normal_amount: 700 })).toBe(800);
    expect(quotationTotal({ pickup_amount: 100, fast_amount: 900, normal_amount: null })).toBe(
      1000,
    );
    expect(quotationTotal({ pickup_amount: 100 })).toBe(100);
  });

  it("masks with asterisks of the same length", () => {
    expect(maskValue("1250.00")).toBe("*******");
    expect(maskValue("")).toBe("");
  });

  it("pages the quotation list like every list", () => {
    expect(quotationListQuerySchema.parse({ shipment_id: "3", per_page: "999" })).toEqual({
      shipment_id: 3,
      page: 1,
      per_page: 200,
    });
  });
});
