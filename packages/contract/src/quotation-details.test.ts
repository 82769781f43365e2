import { describe, expect, it } from "vitest";
import {
  awardInputSchema,
  automaticReason,
  awardLabel,
  reconfirmInputSchema,
} from "./quotation-comparison.js";
import {
  formatTransit,
  hasQuotationDetails,
  isQuotationExpired,
  quotationDetailMessages as m,
  validityEnd,
} from "./quotation-details.js";
import { chargeableWeightKg, pricePerKg } from "./values/quotations.js";
import { createQuotationInputSchema } from "./quotations.js";

const issues = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

const amounts = { shipment: 1, pickup_amount: "100", fast_amount: "900" };
const fullFast = {
  ...amounts,
  fast_service_type: "air",
  fast_transit_min_days: 6,
  fast_transit_max_days: "9",
  inclusions: ["pickup_origin", "main_freight"],
  valid_until: "2026-12-31",
  note: "  Door to door  ",
};

describe("quotation details on the spec's quotation call", () => {
  it("keeps the old call working: amounts only, no details", () => {
    const parsed = createQuotationInputSchema.parse(amounts);
    expect(parsed).toEqual({ shipment: 1, pickup_amount: "100", fast_amount: "900" });
    expect(hasQuotationDetails(parsed)).toBe(false);
  });

  it("accepts complete details, with numeric strings and a trimmed note", () => {
    const parsed = createQuotationInputSchema.parse(fullFast);
    expect(parsed).toMatchObject({
      fast_service_type: "air",
      fast_transit_min_days: 6,
      fast_transit_max_days: 9,
      inclusions: ["pickup_origin", "main_freight"],
      valid_until: "2026-12-31",
      note: "Door to door",
    });
    expect(hasQuotationDetails(parsed)).toBe(true);
  });

  it("asks for the whole set once any detail is sent", () => {
    const result = createQuotationInputSchema.safeParse({ ...amounts, note: "hi" });
    expect(issues(result)).toEqual([
      ["fast_service_type", m.serviceTypeRequired],
      ["fast_transit_min_days", m.transitRequired],
      ["fast_transit_max_days", m.transitRequired],
      ["valid_until", m.validUntilRequired],
    ]);
  });

  it("refuses min above max on the max field, and days outside 1-365", () => {
    expect(
      issues(
        createQuotationInputSchema.safeParse({
          ...fullFast,
          fast_transit_min_days: 10,
          fast_transit_max_days: 9,
        }),
      ),
    ).toEqual([["fast_transit_max_days", m.transitRange]]);
    for (const bad of [0, 366, 2.5, "x", -1]) {
      expect(
        issues(createQuotationInputSchema.safeParse({ ...fullFast, fast_transit_min_days: bad })),
      ).toContainEqual(["fast_transit_min_days", m.transitInvalid]);
    }
  });

  it("refuses details of a service the bid does not offer", () => {
    const result = createQuotationInputSchema.safeParse({
      ...fullFast,
      normal_service_type: "sea",
      normal_transit_min_days: 30,
      normal_transit_max_days: 35,
    });
    expect(issues(result)).toEqual([["normal_service_type", m.serviceNotOffered("normal")]]);
  });

  it("names unknown service types, inclusions, duplicates, bad dates and long notes", () => {
    expect(
      issues(createQuotationInputSchema.safeParse({ ...fullFast, fast_service_type: "boat" })),
    ).toEqual([["fast_service_type", m.serviceTypeInvalid]]);
    expect(
      issues(createQuotationInputSchema.safeParse({ ...fullFast, inclusions: ["duties"] })),
    ).toEqual([["inclusions.0", m.inclusionsInvalid]]);
    expect(
      issues(
        createQuotationInputSchema.safeParse({
          ...fullFast,
          inclusions: ["palletising", "palletising"],
        }),
      ),
    ).toEqual([["inclusions", m.inclusionsDuplicate]]);
    expect(
      issues(createQuotationInputSchema.safeParse({ ...fullFast, inclusions: "palletising" })),
    ).toEqual([["inclusions", m.inclusionsInvalid]]);
    for (const bad of ["2026-02-30", "31/12/2026", "2026-13-01"]) {
      expect(
        issues(createQuotationInputSchema.safeParse({ ...fullFast, valid_until: bad }))[0]?.[0],
      ).toBe("valid_until");
    }
    expect(
      issues(createQuotationInputSchema.safeParse({ ...fullFast, note: "x".repeat(501) })),
    ).toEqual([["note", m.noteMax]]);
  });
});

describe("validity", () => {
  it("holds through the end of the day, UTC", () => {
    expect(validityEnd("2026-05-01").toISOString()).toBe("2026-05-02T00:00:00.000Z");
    expect(isQuotationExpired("2026-05-01", new Date("2026-05-01T23:59:59Z"))).toBe(false);
    expect(isQuotationExpired("2026-05-01", new Date("2026-05-02T00:00:00Z"))).toBe(true);
    expect(isQuotationExpired(null, new Date("2099-01-01"))).toBe(false);
  });
});

describe("comparison helpers", () => {
  it("prices per chargeable kg and sums the weight of package rows", () => {
    expect(pricePerKg(1000, 80)).toBe(12.5);
    expect(pricePerKg(1000, null)).toBeNull();
    expect(pricePerKg(1000, 0)).toBeNull();
    expect(chargeableWeightKg([{ chargeable_weight: 40.1 }, { chargeable_weight: 0.2 }])).toBe(
      40.3,
    );
    expect(chargeableWeightKg([])).toBeNull();
  });

  it("words transit, reasons and labels", () => {
    expect(formatTransit({ service_type: "air", transit_min_days: 6, transit_max_days: 9 })).toBe(
      "6-9 days",
    );
    expect(formatTransit({ service_type: "air", transit_min_days: 1, transit_max_days: 1 })).toBe(
      "1 day",
    );
    expect(automaticReason(4)).toBe("lowest total of 4 bids");
    expect(automaticReason(1)).toBe("lowest total of 1 bid");
    expect(awardLabel("faster_transit", null)).toBe("Faster transit");
    expect(awardLabel("other", "Known agent")).toBe("Other: Known agent");
  });
});

describe("award and re-confirm inputs", () => {
  it("needs a reason, and text for other", () => {
    expect(issues(awardInputSchema.safeParse({}))).toEqual([
      ["quotation_id", "Choose the bid to accept"],
      ["reason", "Choose why you pick this bid"],
    ]);
    expect(issues(awardInputSchema.safeParse({ quotation_id: 3, reason: "cheaper" }))[0]?.[0]).toBe(
      "reason",
    );
    expect(
      issues(awardInputSchema.safeParse({ quotation_id: 3, reason: "other", reason_text: " " })),
    ).toEqual([["reason_text", "Say why you pick this bid"]]);
    expect(
      awardInputSchema.parse({
        quotation_id: "3",
        reason: "faster_transit",
        reason_text: "dropped",
      }),
    ).toEqual({ quotation_id: 3, reason: "faster_transit", reason_text: null });
    expect(
      awardInputSchema.parse({ quotation_id: 3, reason: "other", reason_text: " Known " }),
    ).toEqual({
      quotation_id: 3,
      reason: "other",
      reason_text: "Known",
    });
  });

  it("takes a new date or a decline, not both and not neither", () => {
    expect(reconfirmInputSchema.parse({ valid_until: "2026-06-01" })).toEqual({
      action: "extend",
      valid_until: "2026-06-01",
    });
    expect(reconfirmInputSchema.parse({ declined: true })).toEqual({ action: "decline" });
    expect(issues(reconfirmInputSchema.safeParse({}))[0]?.[0]).toBe("valid_until");
    expect(
      issues(reconfirmInputSchema.safeParse({ declined: true, valid_until: "2026-06-01" })),
    ).toEqual([["declined", "Give a new validity date or decline, not both"]]);
  });
});
