import { afterAll, describe, expect, it } from "vitest";
import { QUOTE_INCLUSION_LABELS, SERVICE_TYPE_LABELS } from "@fba/contract";
import { useEntitiesT } from "../../../i18n/entities";
import { changeLocale, i18n } from "../../../i18n/i18n";
import {
  DEFAULT_BID_VALIDITY_DAYS,
  DUTIES_EXCLUDED,
  QUOTE_INCLUSIONS,
  SERVICE_TYPES,
  defaultValidUntil,
  quotationLabels,
  serviceSummary,
  transitLabel,
  windowEndDate,
  type EntitiesTranslate,
} from "./quotation-details";

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

// The entities namespace registers its English catalog when its hook is made.
void useEntitiesT;
const entitiesT: EntitiesTranslate = (key, options) => i18n.t(key, { ...options, ns: "entities" });

describe("a quotation's labels", () => {
  afterAll(async () => {
    await i18n.changeLanguage("en");
  });

  const services = [
    { service_type: "air_express", transit_min_days: 6, transit_max_days: 9 },
    { service_type: "sea", transit_min_days: 1, transit_max_days: 1 },
    { service_type: "rail", transit_min_days: 20, transit_max_days: 20 },
  ] as const;

  it("are the same words in English as the contract's labels", async () => {
    await changeLocale("en");
    const labels = quotationLabels(entitiesT);
    for (const code of QUOTE_INCLUSIONS)
      expect(labels.inclusion(code)).toBe(QUOTE_INCLUSION_LABELS[code]);
    for (const type of SERVICE_TYPES)
      expect(labels.serviceType(type)).toBe(SERVICE_TYPE_LABELS[type]);
    for (const service of services) {
      expect(labels.transit(service)).toBe(transitLabel(service));
      expect(labels.summary(service as never)).toBe(serviceSummary(service as never));
    }
    expect(labels.summary(services[0] as never)).toBe("Air express, 6–9 days");
    expect(labels.transit(services[1])).toBe("1 day");
    expect(labels.dutiesExcluded).toBe(DUTIES_EXCLUDED);
  });

  it("are Chinese in Simplified Chinese, in the glossary's words", async () => {
    await changeLocale("zh-CN");
    await i18n.loadNamespaces("entities");
    const labels = quotationLabels(entitiesT);
    expect(QUOTE_INCLUSIONS.map(labels.inclusion)).toEqual([
      "起运地提货",
      "出口报关",
      "干线运输",
      "进口清关",
      "派送至各亚马逊仓库",
      "打托",
      "贴 FBA 标签",
    ]);
    expect(labels.summary(services[0] as never)).toBe("空运快线，6–9 天");
    expect(labels.summary(services[1] as never)).toBe("海运，1 天");
    expect(labels.dutiesExcluded).toBe("关税及税费一律不含");
    for (const type of SERVICE_TYPES)
      expect(labels.serviceType(type)).toMatch(/^[\u4e00-\u9fff]+$/);
  });

  it("show a code no catalog knows as sent", async () => {
    await changeLocale("zh-CN");
    const labels = quotationLabels(entitiesT);
    expect(labels.inclusion("insurance")).toBe("insurance");
    expect(labels.serviceType("barge")).toBe("barge");
  });
});
