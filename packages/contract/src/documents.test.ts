import { describe, expect, it } from "vitest";
import { documentMessages, requiredDocuments, uploadDocumentFieldsSchema } from "./documents.js";

describe("requiredDocuments", () => {
  it("asks for the invoice, packing list and box labels, and an SDS for hazardous or liquid goods", () => {
    const base = ["Commercial invoice", "Packing list", "FBA box labels"];
    expect(requiredDocuments([])).toEqual(base);
    expect(requiredDocuments(["Wooden / Bamboo / Animal Product"])).toEqual(base);
    expect(requiredDocuments(["Batteries or Hazardous Materials"])).toEqual([
      ...base,
      "Safety data sheet",
    ]);
    expect(requiredDocuments(["FDA Certified Product", "Cream / Liquids / Powders"])).toEqual([
      ...base,
      "Safety data sheet",
    ]);
  });
});

describe("uploadDocumentFieldsSchema", () => {
  const issues = (input: unknown) =>
    uploadDocumentFieldsSchema
      .safeParse(input)
      .error?.issues.map((issue) => [issue.path.join("."), issue.message]);

  it("takes a known type and an optional leg, sent as multipart text", () => {
    expect(uploadDocumentFieldsSchema.parse({ type: "Packing list", leg_id: "" })).toEqual({
      type: "Packing list",
    });
    expect(uploadDocumentFieldsSchema.parse({ type: "Customs entry", leg_id: "12" })).toEqual({
      type: "Customs entry",
      leg_id: 12,
    });
    expect(issues({})).toEqual([["type", documentMessages.typeRequired]]);
    expect(issues({ type: "Passport" })).toEqual([["type", documentMessages.typeRequired]]);
  });

  it("requires the leg of a proof of delivery", () => {
    expect(issues({ type: "Proof of delivery" })).toEqual([
      ["leg_id", documentMessages.legRequired],
    ]);
    expect(uploadDocumentFieldsSchema.parse({ type: "Proof of delivery", leg_id: 4 })).toEqual({
      type: "Proof of delivery",
      leg_id: 4,
    });
  });
});
