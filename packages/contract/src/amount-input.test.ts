import { describe, expect, it } from "vitest";
import { amountInputPreview, normalizeAmountInput } from "./amount-input.js";

describe("normalizeAmountInput", () => {
  it("drops a currency sign or code and thousands separators", () => {
    expect(normalizeAmountInput("$1,850.50")).toBe("1850.50");
    expect(normalizeAmountInput(" USD 1 850 ")).toBe("1850");
    expect(normalizeAmountInput("US$12,000")).toBe("12000");
    expect(normalizeAmountInput("1,234,567.5")).toBe("1234567.50");
    expect(normalizeAmountInput("1850$")).toBe("1850");
    expect(normalizeAmountInput("0850")).toBe("850");
    expect(normalizeAmountInput("12.")).toBe("12");
  });

  it("leaves what is no amount for the rules to refuse", () => {
    expect(normalizeAmountInput("1,85")).toBe("1,85");
    expect(normalizeAmountInput("12,34.5")).toBe("12,34.5");
    expect(normalizeAmountInput("abc")).toBe("abc");
    expect(normalizeAmountInput("-5")).toBe("-5");
    expect(normalizeAmountInput("1.234")).toBe("1.234");
  });
});

describe("amountInputPreview", () => {
  it("shows what will be stored", () => {
    expect(amountInputPreview("$1,850.5")).toBe("$1,850.50");
    expect(amountInputPreview("1850")).toBe("$1,850.00");
  });

  it("is null for text that is no amount", () => {
    expect(amountInputPreview("1.234")).toBeNull();
    expect(amountInputPreview("")).toBeNull();
  });
});
