import { describe, expect, it } from "vitest";
import { formatCalendarDay, formatDate } from "./format";

describe("dates", () => {
  it("read one way on every screen: a timestamp's day as a calendar date is shown", () => {
    expect(formatDate("2026-11-20")).toBe("11/20/2026");
    expect(formatCalendarDay("2026-11-20T12:00:00")).toBe("11/20/2026");
    expect(formatCalendarDay("2026-03-05")).toBe("03/05/2026");
    const late = new Date(2026, 0, 9, 23, 30);
    expect(formatCalendarDay(late.toISOString())).toBe("01/09/2026");
    expect(formatCalendarDay(null)).toBe("N/A");
    expect(formatCalendarDay("not a date")).toBe("N/A");
  });
});
