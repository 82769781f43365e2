import { describe, expect, it } from "vitest";
import { DEFAULT_BID_VALIDITY_DAYS, defaultValidUntil, windowEndDate } from "./quotation-details";

describe("a new bid's default validity", () => {
  it("is the window's end date plus 14 days, across months and years", () => {
    expect(DEFAULT_BID_VALIDITY_DAYS).toBe(14);
    expect(defaultValidUntil("2026-11-23T10:00:00Z")).toBe("2026-12-07");
    expect(defaultValidUntil("2026-12-25T23:59:00Z")).toBe("2027-01-08");
    expect(defaultValidUntil("2028-02-20T00:00:00Z")).toBe("2028-03-05");
  });

  it("is never before the window's end, which the form's rule requires", () => {
    const end = "2026-11-23T23:30:00Z";
    expect(defaultValidUntil(end) > windowEndDate(end)).toBe(true);
  });

  it("is blank when the shipment names no window end", () => {
    expect(defaultValidUntil(null)).toBe("");
    expect(defaultValidUntil("not a date")).toBe("");
  });
});
