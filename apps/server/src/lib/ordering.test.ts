import { describe, expect, it } from "vitest";
import { resolveOrdering } from "./ordering.js";

describe("resolveOrdering", () => {
  const columns = { id: "id-column", created_at: "created-column" };

  it("resolves a listed field, ascending or with - descending", () => {
    expect(resolveOrdering(columns, "id")).toEqual({
      name: "id",
      column: "id-column",
      descending: false,
    });
    expect(resolveOrdering(columns, "-created_at")).toEqual({
      name: "created_at",
      column: "created-column",
      descending: true,
    });
  });

  it("treats absent, unknown and inherited names as unknown", () => {
    for (const ordering of [
      undefined,
      "",
      "-",
      "name",
      "__proto__",
      "-__proto__",
      "constructor",
      "toString",
      "hasOwnProperty",
    ]) {
      expect(resolveOrdering(columns, ordering), String(ordering)).toBeUndefined();
    }
  });
});
