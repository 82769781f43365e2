import { describe, expect, it } from "vitest";
import { landingLocale } from "./landing-locale.js";

describe("the landing page's language", () => {
  it("follows Accept-Language by weight, Simplified Chinese tags only", () => {
    expect(landingLocale({ acceptLanguage: "zh-CN,zh;q=0.9,en;q=0.8" })).toBe("zh-CN");
    expect(landingLocale({ acceptLanguage: "en-US,en;q=0.9,zh;q=0.8" })).toBe("en");
    expect(landingLocale({ acceptLanguage: "de;q=0.9,zh-Hans;q=0.8,en;q=0.5" })).toBe("zh-CN");
    expect(landingLocale({ acceptLanguage: "en;q=0.4,zh;q=0.6" })).toBe("zh-CN");
    expect(landingLocale({ acceptLanguage: "zh-TW" })).toBe("en");
    expect(landingLocale({ acceptLanguage: "zh;q=0, fr" })).toBe("en");
    expect(landingLocale({})).toBe("en");
  });

  it("lets the address, then the switch's cookie, decide before the browser", () => {
    expect(landingLocale({ query: "lang=en", acceptLanguage: "zh-CN" })).toBe("en");
    expect(landingLocale({ query: "lang=zh-CN", cookie: "fba_locale=en" })).toBe("zh-CN");
    expect(landingLocale({ cookie: "a=1; fba_locale=zh-CN", acceptLanguage: "en" })).toBe("zh-CN");
    expect(landingLocale({ query: "lang=fr", cookie: "fba_locale=xx", acceptLanguage: "zh" })).toBe(
      "zh-CN",
    );
  });
});
