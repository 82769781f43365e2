import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../test/app.js";
import { createSeller, type TestUser } from "../test/factories.js";
import { postShipment, validShipmentInput } from "../test/shipment-factories.js";

let ctx: TestContext;
let seller: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  seller = await createSeller(ctx.app);
  for (let i = 0; i < 3; i += 1) await postShipment(ctx.app, seller, { product_name: `Lamp ${i}` });
}, 180_000);
afterAll(async () => ctx?.close());

const list = (encoding?: string) =>
  ctx.app.inject({
    method: "GET",
    url: "/api/seller/shipments/",
    headers: { ...seller.auth, ...(encoding ? { "accept-encoding": encoding } : {}) },
  });

describe("response compression", () => {
  it("compresses a read's JSON as the client accepts, with the same content", async () => {
    const plain = await list();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const gzip = await list("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const brotli = await list("br, gzip");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
  });

  it("never compresses a write (sign-in answers carry the session tokens)", async () => {
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/shipments/",
      headers: { ...seller.auth, "accept-encoding": "gzip, br" },
      payload: validShipmentInput(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.rawPayload.length).toBeGreaterThan(1024);
    expect(created.headers["content-encoding"]).toBeUndefined();

    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login/",
      headers: { "accept-encoding": "gzip, br" },
      payload: { email: seller.email, password: seller.password, group: "Seller" },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers["content-encoding"]).toBeUndefined();
    expect(login.json().data.access_token).toEqual(expect.any(String));
  });

  it("leaves small answers as they are", async () => {
    const me = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/me/",
      headers: { ...seller.auth, "accept-encoding": "gzip" },
    });
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers["content-encoding"]).toBeUndefined();
  });
});
