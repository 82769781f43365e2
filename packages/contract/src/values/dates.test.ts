import { describe, expect, it } from "vitest";
import {
  addLocalDays,
  calendarDateIn,
  dayFromNow,
  dayHeadingIn,
  dateTimeIn,
  dayIn,
  isSameLocalDay,
  localIsoDate,
  localUsDate,
  monthIn,
  parseTime,
  timeIn,
  toLocalInputValue,
  usCalendarDate,
  usDate,
  usDateTime,
  usTime,
  utcDate,
} from "./dates.js";

describe("calendar dates", () => {
  it("shows YYYY-MM-DD as MM/DD/YYYY without a time zone moving the day", () => {
    expect(usCalendarDate("2026-11-21")).toBe("11/21/2026");
    expect(usCalendarDate("2026-03-05T23:59:00Z")).toBe("03/05/2026");
    expect(usCalendarDate("not a date")).toBe("not a date");
  });

  it("reads an instant's UTC day, and shows it in the one date format", () => {
    const lateUtc = new Date("2026-01-09T23:30:00Z");
    expect(utcDate(lateUtc)).toBe("2026-01-09");
    expect(utcDate("2026-12-31T00:00:00.000Z")).toBe("2026-12-31");
    expect(usDate(lateUtc)).toBe("01/09/2026");
    expect(dayIn("en", lateUtc)).toBe("01/09/2026");
    expect(dayIn("zh-CN", lateUtc)).toBe("2026/01/09");
  });

  it("shows a calendar date in the reader's language as that same day", () => {
    expect(calendarDateIn("en", "2026-11-21")).toBe("11/21/2026");
    expect(calendarDateIn("zh-CN", "2026-11-21")).toBe("2026/11/21");
    expect(calendarDateIn("zh-CN", "soon")).toBe("soon");
  });
});

describe("instants where the reader is", () => {
  it("shows the local day and the 12-hour clock", () => {
    expect(localUsDate(new Date(2026, 0, 9, 23, 30))).toBe("01/09/2026");
    expect(usTime(new Date(2026, 0, 2, 0, 30))).toBe("12:30 AM");
    expect(usTime(new Date(2026, 0, 2, 12, 0))).toBe("12:00 PM");
    expect(usDateTime(new Date(2026, 10, 21, 15, 5))).toBe("11/21/2026 3:05 PM");
  });

  it("uses the language's own clock outside English", () => {
    const time = new Date(2026, 10, 21, 15, 5);
    expect(dateTimeIn("en", time)).toBe("11/21/2026 3:05 PM");
    expect(dateTimeIn("zh-CN", time)).toBe("2026/11/21 15:05");
    expect(timeIn("en", time)).toBe("3:05 PM");
    expect(timeIn("zh-CN", time)).toBe("15:05");
  });

  it("writes and reads datetime-local values, to the second", () => {
    const time = new Date(2026, 10, 21, 9, 4, 7);
    expect(toLocalInputValue(time)).toBe("2026-11-21T09:04:07");
    expect(localIsoDate(time)).toBe("2026-11-21");
    expect(parseTime("2026-11-21T09:04:07")?.getTime()).toBe(time.getTime());
    expect(parseTime(time)?.getTime()).toBe(time.getTime());
    expect(parseTime("")).toBeNull();
    expect(parseTime("not a time")).toBeNull();
  });

  it("tells whether two instants share a local day", () => {
    const evening = new Date(2026, 10, 20, 23, 59);
    expect(isSameLocalDay(evening, new Date(2026, 10, 20, 0, 1))).toBe(true);
    expect(isSameLocalDay(evening, new Date(2026, 10, 21, 0, 0))).toBe(false);
    expect(localIsoDate(addLocalDays(new Date(2026, 2, 1, 12), -1))).toBe("2026-02-28");
  });
});

describe("day headings", () => {
  it("tells today, yesterday, this year and before apart, and names the day", () => {
    const now = new Date(2026, 10, 20, 15, 0);
    expect(dayFromNow(new Date(2026, 10, 20, 9, 0), now)).toBe("today");
    expect(dayFromNow(new Date(2026, 10, 19, 9, 0), now)).toBe("yesterday");
    expect(dayFromNow(new Date(2026, 9, 2, 9, 0), now)).toBe("this-year");
    expect(dayFromNow(new Date(2025, 9, 2, 9, 0), now)).toBe("earlier");
    expect(dayHeadingIn("en", new Date(2026, 9, 2, 9, 0), true)).toBe("Friday, October 2");
    expect(dayHeadingIn("en", new Date(2025, 9, 2, 9, 0), false)).toBe("October 2, 2025");
  });
});

describe("months", () => {
  it("names a month in each style and language", () => {
    expect(monthIn("en", "2026-03", "short")).toBe("Mar");
    expect(monthIn("en", "2026-03", "shortWithYear")).toBe("Mar 2026");
    expect(monthIn("en", "2026-03")).toBe("March 2026");
    expect(monthIn("zh-CN", "2026-03")).toBe("2026年3月");
    expect(monthIn("en", "2026-13")).toBe("2026-13");
    expect(monthIn("en", "March")).toBe("March");
  });
});
