import { describe, expect, it } from "vitest";
import {
  addShipmentInfoWithVarianceSchema,
  amountOfCents,
  centsOf,
  chargeChangeMessages,
  chargeChangeSummary,
  decideChargeChangeInputSchema,
  disputeChargeChangeInputSchema,
  formatUsd,
} from "./charge-changes.js";

const issues = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("exact money", () => {
  it("counts whole cents without floating point drift", () => {
    expect(centsOf("1250.5")).toBe(125050);
    expect(centsOf("0.07")).toBe(7);
    expect(centsOf("9999999999.99")).toBe(999999999999);
    expect(amountOfCents(centsOf("780.10") - centsOf("600.20"))).toBe("179.90");
    expect(amountOfCents(-5)).toBe("-0.05");
  });

  it("writes dollars with thousands separators", () => {
    expect(formatUsd("180")).toBe("$180.00");
    expect(formatUsd("1234567.5")).toBe("$1,234,567.50");
    expect(formatUsd("-12.30")).toBe("-$12.30");
  });
});

describe("the charge change summary", () => {
  it("says how much above the bid, why, and whether evidence is attached", () => {
    expect(
      chargeChangeSummary({
        difference: "180.00",
        reason: "remeasured_cartons",
        note: null,
        evidence: { id: 1 },
      }),
    ).toBe("$180.00 above the accepted bid: re-measured cartons, evidence attached");
    expect(
      chargeChangeSummary({ difference: "40.00", reason: "not_given", note: null, evidence: null }),
    ).toBe("$40.00 above the accepted bid: no reason given");
    expect(
      chargeChangeSummary({
        difference: "40.00",
        reason: "other",
        note: "Pallet rework",
        evidence: null,
      }),
    ).toBe("$40.00 above the accepted bid: Pallet rework");
  });
});

describe("the Add info call with a variance", () => {
  const base = { final_amount: "780", tracking_number: "123456789012" };

  it("still takes the spec's two fields alone", () => {
    expect(addShipmentInfoWithVarianceSchema.safeParse(base).success).toBe(true);
  });

  it("needs a note for 'other' and refuses reasons off the list", () => {
    expect(
      issues(addShipmentInfoWithVarianceSchema.safeParse({ ...base, variance_reason: "other" })),
    ).toEqual([["variance_note", chargeChangeMessages.noteRequired]]);
    // Beside the spec's own field errors, all at once.
    const fields = issues(
      addShipmentInfoWithVarianceSchema.safeParse({
        ...base,
        final_amount: "abc",
        variance_reason: "other",
      }),
    ).map(([field]) => field);
    expect(new Set(fields)).toEqual(new Set(["final_amount", "variance_note"]));
    expect(
      issues(addShipmentInfoWithVarianceSchema.safeParse({ ...base, variance_reason: "fuel" })),
    ).toEqual([["variance_reason", chargeChangeMessages.reasonInvalid]]);
    const parsed = addShipmentInfoWithVarianceSchema.parse({
      ...base,
      variance_reason: "",
      variance_note: "  ",
      evidence_document_id: "",
    });
    expect(parsed).toMatchObject({
      variance_reason: undefined,
      variance_note: undefined,
      evidence_document_id: undefined,
    });
  });
});

describe("answers to a charge change", () => {
  it("needs the seller's reason to dispute", () => {
    expect(issues(disputeChargeChangeInputSchema.safeParse({ reason: " " }))).toEqual([
      ["reason", chargeChangeMessages.disputeReasonRequired],
    ]);
  });

  it("needs an amount in cents for an outcome in between, and always a note", () => {
    expect(issues(decideChargeChangeInputSchema.safeParse({ outcome: "between" }))).toEqual([
      ["note", chargeChangeMessages.decisionNoteRequired],
      ["amount", chargeChangeMessages.amountRequired],
    ]);
    expect(
      issues(
        decideChargeChangeInputSchema.safeParse({
          outcome: "between",
          amount: "10.555",
          note: "x",
        }),
      ),
    ).toEqual([["amount", chargeChangeMessages.amountInvalid]]);
    expect(
      decideChargeChangeInputSchema.parse({ outcome: "between", amount: 690.5, note: "Split" }),
    ).toEqual({ outcome: "between", amount: "690.5", note: "Split" });
  });
});
