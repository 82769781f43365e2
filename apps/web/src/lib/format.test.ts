import { describe, expect, it } from "vitest";
import {
  formatCalendarDay,
  formatDate,
  formatDateTime,
  parseTime,
  toLocalInputValue,
} from "./format";

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

  it("show a blank date as N/A in English and 暂无 in Simplified Chinese", () => {
    expect(formatDate(null)).toBe("N/A");
    expect(formatDate("", "zh-CN")).toBe("暂无");
    expect(formatCalendarDay(undefined, "zh-CN")).toBe("暂无");
    expect(formatCalendarDay("not a date", "zh-CN")).toBe("暂无");
    expect(formatCalendarDay("2026-11-20", "zh-CN")).toBe("11/20/2026");
  });
});

describe("formatDateTime and the datetime-local values", () => {
  it("shows a time's local day and 12-hour clock", () => {
    expect(formatDateTime(new Date(2026, 10, 21, 15, 5).toISOString())).toBe("11/21/2026 3:05 PM");
    expect(formatDateTime(new Date(2026, 0, 2, 0, 30).toISOString())).toBe("01/02/2026 12:30 AM");
    expect(formatDateTime(new Date(2026, 0, 2, 12, 0).toISOString())).toBe("01/02/2026 12:00 PM");
    expect(formatDateTime("not a time")).toBe("not a time");
  });

  it("writes a local time to the second for a datetime-local input, and reads one back", () => {
    const time = new Date(2026, 10, 21, 9, 4, 7);
    expect(toLocalInputValue(time)).toBe("2026-11-21T09:04:07");
    expect(parseTime("2026-11-21T09:04:07")?.getTime()).toBe(time.getTime());
    expect(parseTime("")).toBeNull();
  });
});
