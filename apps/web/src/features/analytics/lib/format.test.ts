import { describe, expect, it } from "vitest";
import {
  axisDollars,
  countAxis,
  moneyAxis,
  formatCents,
  formatDollars,
  formatMinutes,
  formatShare,
  longMonth,
  shortMonth,
} from "./format";

describe("analytics formats", () => {
  it("names months for ticks and for tables", () => {
    expect(shortMonth("2026-03")).toBe("Mar");
    expect(longMonth("2026-03")).toBe("Mar 2026");
    expect(longMonth("nonsense")).toBe("nonsense");
  });

  it("writes amounts, shares and durations", () => {
    expect(formatDollars(12340.4)).toBe("$12,340.40");
    expect(axisDollars(12340.4)).toBe("$12,340");
    expect(formatCents(3.456)).toBe("$3.46");
    expect(formatShare(0.666)).toBe("67%");
    expect(formatShare(null)).toBe("–");
    expect(formatMinutes(0.2)).toBe("under 1 min");
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(210)).toBe("3.5 h");
    expect(formatMinutes(60 * 24 * 3)).toBe("3 days");
    expect(formatMinutes(null)).toBe("–");
  });

  it("keeps count axes whole and empty charts readable", () => {
    const axis = countAxis([0, 0, 0]);
    expect(axis).toMatchObject({ min: 0, max: 1, tickMinStep: 1 });
    expect(axis.valueFormatter(0.2)).toBe("");
    expect(axis.valueFormatter(1)).toBe("1");
    expect(countAxis([0, 3])).not.toHaveProperty("max");
    expect(moneyAxis([0])).toMatchObject({ min: 0, max: 100 });
    expect(moneyAxis([5]).valueFormatter(1500)).toBe("$1,500");
  });
});
