import { describe, expect, it } from "vitest";
import { browserLocale, initialLocale, matchLocale, storeLocale } from "./locale";
import { formatCalendarDate, formatDateTime, formatMoney, formatNumber } from "./format";

describe("the language to start in", () => {
  it("is the first of the browser's languages we have, Simplified Chinese by its tags", () => {
    expect(browserLocale(["zh-CN", "en"])).toBe("zh-CN");
    expect(browserLocale(["de-DE", "zh-Hans-CN", "en"])).toBe("zh-CN");
    expect(browserLocale(["en-GB", "zh"])).toBe("en");
    expect(browserLocale(["zh-TW", "fr"])).toBe("en");
    expect(browserLocale([])).toBe("en");
    expect(matchLocale("zh-SG")).toBe("zh-CN");
    expect(matchLocale("ja")).toBeNull();
  });

  it("is the one chosen on this device before the browser's", () => {
    expect(initialLocale()).toBe("en");
    storeLocale("zh-CN");
    expect(initialLocale()).toBe("zh-CN");
    expect(document.cookie).toContain("fba_locale=zh-CN");
  });
});

describe("dates, numbers and amounts per language", () => {
  it("keeps the spec's English formats exactly", () => {
    expect(formatMoney("1234.5", "en")).toBe("$1,234.50");
    expect(formatMoney(null, "en")).toBe("N/A");
    expect(formatMoney("*****", "en")).toBe("*****");
    expect(formatCalendarDate("2026-11-21", "en")).toBe("11/21/2026");
    expect(formatNumber(612.4, "en")).toBe("612.4");
  });

  it("writes them the Chinese way, amounts still in US dollars", () => {
    expect(formatMoney("1234.5", "zh-CN")).toBe("US$1,234.50");
    expect(formatMoney(undefined, "zh-CN")).toBe("暂无");
    expect(formatCalendarDate("2026-11-21", "zh-CN")).toBe("2026/11/21");
    expect(formatDateTime("2026-11-21T15:05:00", "zh-CN")).toBe("2026/11/21 15:05");
    expect(formatNumber(12345.678, "zh-CN")).toBe("12,345.68");
  });
});
