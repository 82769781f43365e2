import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeSchema } from "@fba/contract";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createSeller, type TestUser } from "../../test/factories.js";
import { searchPlaces } from "./places.service.js";

describe("searchPlaces", () => {
  it("finds a ZIP code with its city, state and coordinates", () => {
    const [place] = searchPlaces("90210", 10);
    expect(placeSchema.parse(place)).toEqual({
      full_address: "Beverly Hills, CA 90210, USA",
      street_address: null,
      city: "Beverly Hills",
      state: "CA",
      country: "USA",
      zip_code: "90210",
      latitude: 34.0901,
      longitude: -118.4065,
      place_id: "zip:90210",
    });
    expect(searchPlaces("90210-1234", 10)[0]?.zip_code).toBe("90210");
  });

  it("completes ZIP prefixes and city names, with an optional state", () => {
    expect(searchPlaces("902", 5).every((p) => p.zip_code.startsWith("902"))).toBe(true);
    expect(searchPlaces("902", 5)).toHaveLength(5);
    const austin = searchPlaces("Austin, TX", 10);
    expect(austin[0]).toMatchObject({ city: "Austin", state: "TX" });
    expect(searchPlaces("austin texas", 10)[0]).toMatchObject({ city: "Austin", state: "TX" });
    expect(searchPlaces("Springfield", 50).length).toBeGreaterThan(5);
    expect(searchPlaces("Springfield IL", 50).every((p) => p.state === "IL")).toBe(true);
    expect(searchPlaces("x", 10)).toEqual([]);
    expect(searchPlaces("Nowhereville Qq", 10)).toEqual([]);
  });
});

describe("GET /api/places/", () => {
  let ctx: TestContext;
  let seller: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    seller = await createSeller(ctx.app);
  }, 180_000);
  afterAll(async () => ctx?.close());

  it("answers signed-in users only, with bounded input", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/places/?q=90210" })).statusCode).toBe(
      401,
    );
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/places?q=Boston%2C%20MA&limit=3",
      headers: seller.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0]).toMatchObject({ city: "Boston", state: "MA" });
    const long = await ctx.app.inject({
      method: "GET",
      url: `/api/places/?q=${"a".repeat(101)}`,
      headers: seller.auth,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toEqual({
      field: "q",
      message: "Search text cannot exceed 100 characters",
    });
  });
});
