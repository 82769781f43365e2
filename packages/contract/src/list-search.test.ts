import { describe, expect, it } from "vitest";
import { parseListSearch } from "./list-search.js";

describe("parseListSearch", () => {
  it("reads a shipment number written with or without #", () => {
    expect(parseListSearch("#5")).toEqual({ text: "5", id: 5, idOnly: true });
    expect(parseListSearch(" # 42 ")).toEqual({ text: "42", id: 42, idOnly: true });
    expect(parseListSearch("5")).toEqual({ text: "5", id: 5 });
  });

  it("keeps other text as a lower-cased match", () => {
    expect(parseListSearch("ONT8")).toEqual({ text: "ont8" });
    expect(parseListSearch("#ONT8")).toEqual({ text: "ont8" });
    expect(parseListSearch("Blue Mug")).toEqual({ text: "blue mug" });
  });

  it("does not read long numbers as ids", () => {
    expect(parseListSearch("1234567890")).toEqual({ text: "1234567890" });
  });

  it("treats blank and a lone # as no search", () => {
    expect(parseListSearch(undefined)).toBeUndefined();
    expect(parseListSearch("   ")).toBeUndefined();
    expect(parseListSearch("#")).toBeUndefined();
  });
});
