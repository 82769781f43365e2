import { describe, expect, it } from "vitest";
import {
  analyticsFormats,
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

describe("analytics formats in Chinese", () => {
  const zh = analyticsFormats("zh-CN");

  it("names months, amounts in US dollars and durations in Chinese", () => {
    expect(zh.shortMonth("2026-03")).toBe("3月");
    expect(zh.longMonth("2026-03")).toBe("2026年3月");
    expect(zh.longMonth("nonsense")).toBe("nonsense");
    expect(zh.dollars(12340.4)).toBe("US$12,340.40");
    expect(zh.axisDollars(12340.4)).toBe("US$12,340");
    expect(zh.moneyAxis([5]).valueFormatter(1500)).toBe("US$1,500");
    expect(zh.minutes(0.2)).toBe("不到 1 分钟");
    expect(zh.minutes(45)).toBe("45 分钟");
    expect(zh.minutes(210)).toBe("3.5 小时");
    expect(zh.minutes(60 * 24 * 3)).toBe("3 天");
  });

  it("leaves English as it was", () => {
    const en = analyticsFormats("en");
    expect(en.longMonth("2026-03")).toBe("Mar 2026");
    expect(en.dollars(12340.4)).toBe("$12,340.40");
    expect(en.minutes(45)).toBe("45 min");
  });
});
