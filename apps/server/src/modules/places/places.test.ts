import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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
      country_code: "US",
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

describe("searchPlaces: the world's cities", () => {
  it("ranks the best match, then the most populous city first", () => {
    expect(searchPlaces("shen", 5)[0]).toMatchObject({
      full_address: "Shenzhen, Guangdong, China",
      city: "Shenzhen",
      state: "Guangdong",
      country: "China",
      country_code: "CN",
      zip_code: "",
    });
    expect(searchPlaces("ningbo", 5)[0]).toMatchObject({
      city: "Ningbo",
      state: "Zhejiang",
      country: "China",
    });
    expect(searchPlaces("guangzhou", 5)[0]?.full_address).toBe("Guangzhou, Guangdong, China");
    expect(searchPlaces("yiwu", 5)[0]?.city).toBe("Yiwu");
    expect(searchPlaces("ho chi minh", 5)[0]).toMatchObject({
      city: "Ho Chi Minh City",
      country: "Vietnam",
    });
    expect(searchPlaces("istanbul", 5)[0]).toMatchObject({ city: "Istanbul", country: "Turkey" });
    expect(searchPlaces("delhi", 5)[0]).toMatchObject({ city: "Delhi", country: "India" });
    // A later word of a name matches too, after names that start with the text.
    expect(searchPlaces("minh", 10).map((p) => p.city)).toContain("Ho Chi Minh City");
    expect(searchPlaces("90210", 10)[0]?.city).toBe("Beverly Hills");
  });

  it("narrows by a country or province after the city, and ignores accents and case", () => {
    expect(searchPlaces("Ningbo, China", 5)[0]?.city).toBe("Ningbo");
    expect(searchPlaces("dongguan guangdong", 5).every((p) => p.state === "Guangdong")).toBe(true);
    expect(searchPlaces("London, UK", 5).every((p) => p.country === "UK")).toBe(true);
    expect(searchPlaces("london, canada", 5)[0]).toMatchObject({
      city: "London",
      state: "Ontario",
    });
    expect(searchPlaces("SAO PAULO", 5)[0]).toMatchObject({ city: "São Paulo", country: "Brazil" });
  });

  it("gives every place a stable id and real coordinates", () => {
    const [first] = searchPlaces("Shenzhen", 1);
    const [again] = searchPlaces("shenzhen, china", 1);
    expect(first?.place_id).toMatch(/^city:\d+$/);
    expect(again?.place_id).toBe(first?.place_id);
    expect(first?.latitude).toBeCloseTo(22.5, 0);
    expect(first?.longitude).toBeCloseTo(114.1, 0);
  });

  it("answers nothing for too little or nothing that matches", () => {
    expect(searchPlaces("", 10)).toEqual([]);
    expect(searchPlaces("s", 10)).toEqual([]);
    expect(searchPlaces("   ", 10)).toEqual([]);
    expect(searchPlaces("zzqxw", 10)).toEqual([]);
    expect(searchPlaces("!!", 10)).toEqual([]);
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

  it("finds cities abroad and treats hostile or empty input as no match", async () => {
    const get = (q: string) =>
      ctx.app.inject({
        method: "GET",
        url: `/api/places/?q=${encodeURIComponent(q)}`,
        headers: seller.auth,
      });
    const shenzhen = await get("Shenzhen");
    expect(shenzhen.statusCode).toBe(200);
    expect(shenzhen.json().data[0]).toMatchObject({
      full_address: "Shenzhen, Guangdong, China",
      country_code: "CN",
    });
    for (const q of ["", "s", "\u0000", "shen\u0000zhen", "\u202e\u200d"]) {
      const response = await get(q);
      expect(response.statusCode, q).toBe(200);
      expect(Array.isArray(response.json().data)).toBe(true);
    }
    expect((await get("a".repeat(500))).statusCode).toBe(400);
  });
});

describe("GET /api/places/ with an online geocoder", () => {
  let server: Server;
  let geocoderUrl: string;
  let mode: "nominatim" | "photon" | "slow" | "broken" = "nominatim";
  let seen: URL | undefined;

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen = new URL(request.url ?? "/", "http://geocoder");
      if (mode === "slow") return; // never answers: the server's timeout must end the wait
      if (mode === "broken") {
        response.writeHead(500).end("boom");
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      if (mode === "nominatim") {
        response.end(
          JSON.stringify([
            {
              place_id: 42,
              osm_type: "way",
              osm_id: 1234,
              lat: "22.5431",
              lon: "114.0579",
              address: {
                house_number: "8",
                road: "Keyuan Road",
                city: "Shenzhen",
                state: "Guangdong",
                postcode: "518057",
                country: "China",
                country_code: "cn",
              },
            },
          ]),
        );
      } else {
        response.end(
          JSON.stringify({
            type: "FeatureCollection",
            features: [
              {
                geometry: { type: "Point", coordinates: [-97.7431, 30.2672] },
                properties: {
                  osm_type: "N",
                  osm_id: 99,
                  housenumber: "100",
                  street: "Congress Avenue",
                  city: "Austin",
                  state: "Texas",
                  postcode: "78701",
                  countrycode: "US",
                },
              },
            ],
          }),
        );
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    geocoderUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const lookup = async (kind: "nominatim" | "photon", q: string) => {
    const ctx = await buildTestApp({
      GEOCODER_URL: geocoderUrl,
      GEOCODER_KIND: kind,
      GEOCODER_KEY: "k-123",
      GEOCODER_TIMEOUT_MS: 300,
    });
    try {
      const seller = await createSeller(ctx.app);
      const response = await ctx.app.inject({
        method: "GET",
        url: `/api/places/?q=${encodeURIComponent(q)}`,
        headers: seller.auth,
      });
      expect(response.statusCode).toBe(200);
      return response.json().data as Array<Record<string, unknown>>;
    } finally {
      await ctx.close();
    }
  };

  it("puts street-level Nominatim results first, in the contract's shape", async () => {
    mode = "nominatim";
    const places = await lookup("nominatim", "8 Keyuan Road Shenzhen");
    expect(seen?.searchParams.get("format")).toBe("jsonv2");
    expect(seen?.searchParams.get("key")).toBe("k-123");
    expect(places[0]).toEqual({
      full_address: "8 Keyuan Road, Shenzhen, Guangdong 518057, China",
      street_address: "8 Keyuan Road",
      city: "Shenzhen",
      state: "Guangdong",
      country: "China",
      country_code: "CN",
      zip_code: "",
      latitude: 22.5431,
      longitude: 114.0579,
      place_id: "geocoder:way:1234",
    });
    expect(() => placeSchema.array().parse(places)).not.toThrow();
  });

  it("reads Photon's GeoJSON, keeping a US ZIP code", async () => {
    mode = "photon";
    const places = await lookup("photon", "100 Congress Avenue Austin");
    expect(places[0]).toMatchObject({
      street_address: "100 Congress Avenue",
      zip_code: "78701",
      country: "USA",
    });
  });

  it("falls back to the offline lookup when the geocoder fails or is slow", async () => {
    mode = "broken";
    expect((await lookup("nominatim", "Shenzhen"))[0]).toMatchObject({
      place_id: expect.stringMatching(/^city:/),
    });
    mode = "slow";
    expect((await lookup("nominatim", "Ningbo"))[0]).toMatchObject({
      city: "Ningbo",
      country: "China",
    });
  });
});
