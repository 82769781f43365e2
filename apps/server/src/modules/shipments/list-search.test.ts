import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { carton, placeBid, postShipment } from "../../test/shipment-factories.js";

let ctx: TestContext;
let seller: TestUser;
let otherSeller: TestUser;
let agent: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  [seller, otherSeller, agent, admin] = await Promise.all([
    createSeller(ctx.app),
    createSeller(ctx.app),
    createShipper(ctx.app),
    createAdmin(ctx.app),
  ]);
}, 180_000);
afterAll(async () => ctx?.close());

const get = (url: string, user: TestUser) =>
  ctx.app.inject({ method: "GET", url, headers: user.auth });
const ids = async (url: string, user: TestUser) =>
  ((await get(url, user)).json().data as Array<{ id: number }>).map((row) => row.id);

describe("list search", () => {
  it("finds a shipment by #id and by a destination FC, for each caller's own rows only", async () => {
    const fcShipment = await postShipment(ctx.app, seller, {
      product_name: "Kettle Quartz",
      packages: [carton("XQZ9 - Testville, CA"), carton("FTW1 - Dallas, TX")],
    });
    const other = await postShipment(ctx.app, seller, { product_name: "Kettle Quartz" });
    const foreign = await postShipment(ctx.app, otherSeller, {
      product_name: "Kettle Quartz",
      packages: [carton("XQZ9 - Testville, CA")],
    });

    const byHash = `/api/seller/shipments/?search=${encodeURIComponent(`#${fcShipment}`)}`;
    expect(await ids(byHash, seller)).toEqual([fcShipment]);
    // Another seller's shipment is never found, not even by its number.
    expect(await ids(byHash, otherSeller)).toEqual([]);
    expect(await ids(`/api/seller/shipments/?search=%23${foreign}`, seller)).toEqual([]);

    expect(await ids("/api/seller/shipments/?search=xqz9", seller)).toEqual([fcShipment]);
    expect(await ids("/api/seller/shipments/?search=XQZ9", otherSeller)).toEqual([foreign]);
    expect(await ids("/api/admin/shipments/?search=XQZ9&ordering=id", admin)).toEqual([
      fcShipment,
      foreign,
    ]);
    expect(await ids("/api/shipper/shipments/?search=xqz9&ordering=id", agent)).toEqual([
      fcShipment,
      foreign,
    ]);
    expect(await ids("/api/seller/shipments/?search=kettle%20quartz&ordering=id", seller)).toEqual([
      fcShipment,
      other,
    ]);
    // A lone "#" is no search at all.
    expect(await ids("/api/seller/shipments/?search=%23&ordering=id", otherSeller)).toEqual([
      foreign,
    ]);
  });
});

describe("GET /api/seller/shipments/ additions", () => {
  it("narrows to one active status and adds destinations only when asked", async () => {
    const own = await createSeller(ctx.app);
    const pending = await postShipment(ctx.app, own, {
      packages: [carton("ONT8 - Moreno Valley, CA"), carton("ONT8 - Moreno Valley, CA")],
    });
    const received = await postShipment(ctx.app, own, {
      packages: [carton("LGB3 - Eastvale, CA"), carton("ONT8 - Moreno Valley, CA")],
    });
    await placeBid(ctx.app, agent, received);
    await postShipment(ctx.app, otherSeller);

    const plain = (await get("/api/seller/shipments/", own)).json().data as Array<object>;
    expect(plain).toHaveLength(2);
    for (const row of plain) expect(row).not.toHaveProperty("destinations");

    const withDestinations = (await get("/api/seller/shipments/?with=destinations", own)).json()
      .data as Array<{ id: number; destinations: string[]; quotation_count: number }>;
    expect(withDestinations.map((row) => [row.id, row.destinations, row.quotation_count])).toEqual([
      [received, ["LGB3 - Eastvale, CA", "ONT8 - Moreno Valley, CA"], 1],
      [pending, ["ONT8 - Moreno Valley, CA"], 0],
    ]);

    const status = (value: string) =>
      ids(`/api/seller/shipments/?status=${encodeURIComponent(value)}`, own);
    expect(await status("Quotation Received")).toEqual([received]);
    expect(await status("Shipment Pending")).toEqual([pending]);
    // Not an active status: ignored, as the spec's lists ignore what they do not know.
    expect(await status("Shipment Cancelled")).toEqual([received, pending]);
    expect((await get("/api/seller/shipments/?with=destinations", agent)).statusCode).toBe(403);
  });
});
