import { describe, expect, it } from "vitest";
import { BID_WINDOW_HOURS_DEFAULT, bidWindowAdjective, bidWindowDuration } from "./constants.js";
import { publicSettingsSchema } from "./settings.js";

describe("the bid window as the texts say it", () => {
  it("is the spec's 72 hours by default", () => {
    expect(BID_WINDOW_HOURS_DEFAULT).toBe(72);
    expect(bidWindowDuration(72)).toBe("72 hours");
    expect(bidWindowAdjective(72)).toBe("72-hour");
  });

  it("names another configured window in its largest whole unit", () => {
    expect(bidWindowDuration(48)).toBe("48 hours");
    expect(bidWindowDuration(1)).toBe("1 hour");
    expect(bidWindowAdjective(24)).toBe("24-hour");
    expect(bidWindowDuration(1.5)).toBe("90 minutes");
    expect(bidWindowAdjective(0.5)).toBe("30-minute");
    expect(bidWindowDuration(0.01)).toBe("36 seconds");
    expect(bidWindowDuration(24 * 365)).toBe("8,760 hours");
  });

  it("is published as a positive number of hours", () => {
    expect(publicSettingsSchema.parse({ bid_window_hours: 72 })).toEqual({ bid_window_hours: 72 });
    expect(publicSettingsSchema.safeParse({ bid_window_hours: 0 }).success).toBe(false);
  });
});
