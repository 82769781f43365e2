import { describe, expect, it } from "vitest";
import { createSampleShipment } from "../../test/sample-factories.js";
import { endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";
import {
  ctx,
  seller,
  otherSeller,
  agent,
  admin,
  useLegacyScreensApp,
  acceptedOrder,
  call,
} from "../../test/legacy-screens-fixtures.js";

useLegacyScreensApp();

describe("seller views (S16, S17)", () => {
  it("answers seller/home/ with the seller's counts and seller/shipments/{id}/ with the shipment in data", async () => {
    const home = await call(seller, "GET", "seller/home/");
    expect(home.status).toBe(200);
    expect(home.body.data).toEqual({
      active_shipments: expect.any(Number),
      sample_shipments: expect.any(Number),
      completed_shipments: expect.any(Number),
    });
    expect((await call(agent, "GET", "seller/home/")).status).toBe(403);
    const id = await postShipment(ctx.app, seller);
    const detail = await call(seller, "GET", `seller/shipments/${id}/`);
    expect(detail.body.data).toMatchObject({
      id,
      user: { id: seller.id, profile: { company_name: "Sally Imports LLC" } },
      pickup_location: { full_address: expect.any(String) },
    });
    const refused = await call(otherSeller, "GET", `seller/shipments/${id}/`);
    expect(refused.status).toBe(400);
  });

  it("shows an admin on the seller dashboard every seller's counts and recent orders; agents stay out", async () => {
    const mine = await acceptedOrder();
    // Another seller's accepted order, and a shipment of theirs still open for bids.
    const theirs = await postShipment(ctx.app, otherSeller);
    const theirQuote = await placeBid(ctx.app, agent, theirs, { pickup: 100, normal: 700 });
    await endBiddingWindow(ctx.app, theirs);
    const accepted = await call(otherSeller, "PATCH", `/quotations/${theirQuote}/`, {
      shipment_status: "Quotation Accepted",
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await postShipment(ctx.app, otherSeller);
    await createSampleShipment(ctx.app, otherSeller.id);

    // The platform's counts, as the admin's own dashboard gives them.
    const platform = (await call(admin, "GET", "admin/dashboard/")).body.data;
    const byStatus = platform.shipments.by_status as Record<string, number>;
    const completed = byStatus["Shipment Completed"]!;
    const expected = {
      active_shipments: platform.shipments.total - completed - byStatus["Shipment Cancelled"]!,
      sample_shipments: platform.sample_shipments.total,
      completed_shipments: completed,
    };
    for (const path of ["seller/home/", "seller/seller-dashboard/"]) {
      const home = await call(admin, "GET", path);
      expect(home.status, path).toBe(200);
      expect(home.body.data, path).toEqual(expected);
      // A seller still sees only their own.
      const own = await call(seller, "GET", path);
      expect(own.status).toBe(200);
      expect(own.body.data.active_shipments).toBeLessThan(expected.active_shipments);
      expect(own.body.data.sample_shipments).toBeLessThan(expected.sample_shipments);
    }

    const recent = await call(admin, "GET", "/seller/recent-orders/?page=1&per_page=50&");
    expect(recent.status).toBe(200);
    const ids = (recent.body.data as Array<{ id: number; status: string }>).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([mine, theirs]));
    for (const row of recent.body.data as Array<{ status: string }>) {
      expect(row.status).toBe("Quotation Accepted");
    }
    expect(recent.body.pagination_option).toMatchObject({ page: 1, per_page: 50 });
    const sellers = (await call(seller, "GET", "/seller/recent-orders/")).body.data as Array<{
      id: number;
    }>;
    expect(sellers.map((row) => row.id)).toContain(mine);
    expect(sellers.map((row) => row.id)).not.toContain(theirs);

    for (const path of ["seller/home/", "seller/seller-dashboard/", "seller/recent-orders/"]) {
      expect((await call(agent, "GET", path)).status, path).toBe(403);
    }
    // The other seller lists and every seller write stay the seller's.
    expect((await call(admin, "GET", "seller/shipments/")).status).toBe(403);
    expect(
      (
        await call(admin, "POST", "sample-shipments/", {
          product_name: "x",
          quantity: 1,
          address: "y",
        })
      ).status,
    ).toBe(403);
  });
});
