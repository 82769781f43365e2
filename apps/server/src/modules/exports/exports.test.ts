import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { carton, endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";

let ctx: TestContext;
let seller: TestUser;
let otherSeller: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  [seller, otherSeller, agent, otherAgent, admin] = await Promise.all([
    createSeller(ctx.app),
    createSeller(ctx.app),
    createShipper(ctx.app),
    createShipper(ctx.app),
    createAdmin(ctx.app),
  ]);
}, 180_000);
afterAll(async () => ctx?.close());

const get = (url: string, user?: TestUser) =>
  ctx.app.inject({ method: "GET", url, headers: user?.auth ?? {} });

/** The CSV's lines without the byte-order mark and the final line break. */
const linesOf = (body: string) =>
  body
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

describe("CSV exports", () => {
  it("gives a seller their own shipments only, streamed as CSV", async () => {
    const own = await postShipment(ctx.app, seller, {
      product_name: "Export Lamp",
      packages: [carton("ONT8 - Moreno Valley, CA"), carton("LGB3 - Eastvale, CA")],
    });
    const foreign = await postShipment(ctx.app, otherSeller, { product_name: "Foreign Lamp" });

    const res = await get("/api/seller/shipments/export.csv", seller);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="shipments.csv"');
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(
      "Shipment ID,Status,Product Name,Reference,Shipment Date,Pickup Location,Destination FCs,Bids,Bidding Ends At,Final Amount,Created At",
    );
    const row = lines.find((line) => line.startsWith(`${own},`));
    expect(row).toContain("Export Lamp");
    // A cell with a comma is quoted; destinations in booking order.
    expect(row).toContain('"ONT8 - Moreno Valley, CA | LGB3 - Eastvale, CA"');
    expect(lines.some((line) => line.startsWith(`${foreign},`))).toBe(false);
    expect(res.body).not.toContain("Foreign Lamp");
  });

  it("gives an agent the orders they won only", async () => {
    const won = await postShipment(ctx.app, otherSeller, { product_name: "Won Crate" });
    await placeBid(ctx.app, agent, won, { pickup: 10, fast: 90 });
    await placeBid(ctx.app, otherAgent, won, { pickup: 50, fast: 150 });
    await endBiddingWindow(ctx.app, won);
    // Reading a list closes the window and names the winner.
    await get("/api/seller/pending-shipments/", otherSeller);

    const mine = linesOf((await get("/api/shipper/orders/export.csv", agent)).body);
    expect(mine[0]).toContain("Shipment ID,Status,Customer Name");
    expect(mine.some((line) => line.startsWith(`${won},Quotation Approved,`))).toBe(true);
    const theirs = linesOf((await get("/api/shipper/orders/export.csv", otherAgent)).body);
    expect(theirs).toHaveLength(1);
  });

  it("keeps each export to its role", async () => {
    for (const path of ["/api/admin/users/export.csv", "/api/admin/disputes/export.csv"]) {
      expect((await get(path, seller)).statusCode).toBe(403);
      expect((await get(path, agent)).statusCode).toBe(403);
      expect((await get(path)).statusCode).toBe(401);
    }
    expect((await get("/api/seller/shipments/export.csv", agent)).statusCode).toBe(403);
    expect((await get("/api/shipper/orders/export.csv", seller)).statusCode).toBe(403);
  });

  it("gives admins every account without secrets, and the disputes", async () => {
    const users = await get("/api/admin/users/export.csv", admin);
    expect(users.statusCode).toBe(200);
    const lines = linesOf(users.body);
    expect(lines[0]).toBe(
      "User ID,First Name,Last Name,Email,Group,Phone,Company,Status,Created At",
    );
    expect(users.body).toContain(seller.email);
    expect(users.body).not.toMatch(/argon|\$scrypt|password/i);
    const disputes = await get("/api/admin/disputes/export.csv", admin);
    expect(disputes.statusCode).toBe(200);
    expect(linesOf(disputes.body)[0]).toMatch(/^Dispute ID,Shipment ID,Status,/);
  });
});
