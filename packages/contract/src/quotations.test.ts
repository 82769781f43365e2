import { describe, expect, it } from "vitest";
import {
  createQuotationInputSchema,
  defaultService,
  maskValue,
  offersService,
  quotationListQuerySchema,
  quotationTotal,
  serviceTotal,
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
      pickup_amount: "1,5",
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
  it("takes cents as typed and refuses a third decimal rather than rounding it", () => {
    expect(
      createQuotationInputSchema.parse({
        shipment: 1,
        pickup_amount: "1850.50",
        fast_amount: 99.5,
        normal_amount: "123456789.99",
      }),
    ).toEqual({
      shipment: 1,
      pickup_amount: "1850.50",
      fast_amount: "99.5",
      normal_amount: "123456789.99",
    });
    const result = createQuotationInputSchema.safeParse({
      shipment: 1,
      pickup_amount: "1850.505",
      fast_amount: 1.234,
      normal_amount: "1850.",
    });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["pickup_amount", "Amount can have at most 2 decimals (cents)"],
      ["fast_amount", "Amount can have at most 2 decimals (cents)"],
      ["normal_amount", "Amount must contain digits only"],
    ]);
    expect(
      createQuotationInputSchema
        .safeParse({
          shipment: 1,
          pickup_amount: "1234567890.5",
          fast_amount: "0.00",
        })
        .error?.issues.map((issue) => issue.message),
    ).toEqual(["Amount cannot exceed 9 digits", "Amount must be greater than 0"]);
  });

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
        shipment_status: "Quotation Accepted",
        accepted_service: "normal",
      }),
    ).toEqual({ action: "accept", service: "normal" });
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

  it("takes a decline or cancellation without a reason as none given, and refuses an empty body", () => {
    expect(
      updateQuotationInputSchema.parse({
        shipment_status: "Shipment Cancelled",
        is_accepted: false,
      }),
    ).toEqual({ action: "decline", reason: null });
    expect(updateQuotationInputSchema.parse({ is_accepted: false, cancel_reason: "  " })).toEqual({
      action: "cancel",
      reason: null,
    });
    expect(updateQuotationInputSchema.safeParse({}).success).toBe(false);
    expect(updateQuotationInputSchema.safeParse({ is_accepted: true }).success).toBe(false);
  });

  it("takes a service only as fast or normal, and only on accepting", () => {
    const unknown = updateQuotationInputSchema.safeParse({
      shipment_status: "Quotation Accepted",
      accepted_service: "express",
    });
    expect(unknown.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["accepted_service", "Service must be fast or normal"],
    ]);
    const onDecline = updateQuotationInputSchema.safeParse({
      shipment_status: "Shipment Cancelled",
      is_accepted: false,
      cancel_reason: "Late",
      accepted_service: "fast",
    });
    expect(onDecline.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["accepted_service", "A service can be chosen only when accepting the quotation"],
    ]);
  });
});

describe("helpers", () => {
  it("totals pickup plus the cheaper offered amount", () => {
    expect(quotationTotal({ pickup_amount: 100, fast_amount: 900, normal_amount: 700 })).toBe(800);
    expect(quotationTotal({ pickup_amount: 100, fast_amount: 900, normal_amount: null })).toBe(
      1000,
    );
    expect(quotationTotal({ pickup_amount: 100 })).toBe(100);
    expect(quotationTotal({ pickup_amount: 1850.5, fast_amount: 0.1, normal_amount: 0.2 })).toBe(
      1850.6,
    );
  });

  it("names the service the total prices and totals a chosen one", () => {
    const both = { pickup_amount: 100, fast_amount: 900, normal_amount: 700 };
    expect(defaultService(both)).toBe("normal");
    expect(defaultService({ ...both, normal_amount: 900 })).toBe("fast");
    expect(defaultService({ pickup_amount: 1, normal_amount: 5 })).toBe("normal");
    expect(defaultService({ pickup_amount: 1, fast_amount: 5, normal_amount: null })).toBe("fast");
    expect(serviceTotal(both, "fast")).toBe(1000);
    expect(serviceTotal(both, defaultService(both)!)).toBe(quotationTotal(both));
    expect(offersService({ pickup_amount: 1, fast_amount: null, normal_amount: 2 }, "fast")).toBe(
      false,
    );
  });

  it("masks every value with one fixed length, whatever it hides", () => {
    expect(maskValue("1250.00")).toBe("****");
    expect(maskValue("1.00")).toBe(maskValue("100000.00"));
    expect(maskValue("Al")).toBe(maskValue("a.much.longer.address@example.com"));
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
