import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { shipments } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../app.js";
import { createSeller, createShipper, type TestUser } from "../factories.js";
import { placeBid, postShipment } from "../shipment-factories.js";

/**
 * While bidding is open an agent learns only whether they bid themselves: not how many others
 * bid, not when (the shipment's `updated_at`), not through an ordering; and the seller's masks
 * tell nothing of the size of what they hide. Every view below is read for the first time after
 * the bids, so a page kept in memory carries them.
 */
let ctx: TestContext;
let seller: TestUser;
let bidder: TestUser;
let bystander: TestUser;

const get = (url: string, user: TestUser) =>
  ctx.app.inject({ method: "GET", url, headers: user.auth });

/** A shipment booked a minute ago: a bid now moves its row's `updated_at`. */
async function bookedAMinuteAgo(productName: string): Promise<{ id: number; bookedAt: string }> {
  const id = await postShipment(ctx.app, seller, { product_name: productName });
  const bookedAt = new Date(Date.now() - 60_000);
  await ctx.app.database.db
    .update(shipments)
    .set({ createdAt: bookedAt, updatedAt: bookedAt, changedAt: bookedAt })
    .where(eq(shipments.id, id));
  return { id, bookedAt: bookedAt.toISOString() };
}

interface Seen {
  quotation_count: number;
  updated_at: string;
  status: string;
}
const seen = ({ quotation_count, updated_at, status }: Seen) => ({
  quotation_count,
  updated_at,
  status,
});

/** Every view an agent has of one open shipment: detail, open list, the existing client's S17. */
async function agentViews(user: TestUser, id: number, search: string): Promise<Seen[]> {
  const detail = await get(`/api/shipments/${id}/`, user);
  const legacy = await get(`/api/seller/shipments/${id}/`, user);
  const list = await get(`/api/shipper/shipments/?search=${search}`, user);
  for (const response of [detail, legacy, list]) expect(response.statusCode).toBe(200);
  const row = (list.json().data as Array<Seen & { id: number }>).find((r) => r.id === id);
  expect(row).toBeDefined();
  return [seen(detail.json().data), seen(legacy.json().data), seen(row!)];
}

// The open list's rows are shared between agents where pages are kept, and read with each agent's
// own bid where they are not: both ways seal alike.
describe.each([
  { cacheMs: 2000, kept: "kept for 2 s, as in production" },
  { cacheMs: 0, kept: "read afresh" },
])("with list pages $kept", ({ cacheMs }) => {
  beforeAll(async () => {
    ctx = await buildTestApp({ LIST_CACHE_MS: cacheMs });
    [seller, bidder, bystander] = await Promise.all([
      createSeller(ctx.app),
      createShipper(ctx.app, { firstName: "Al", lastName: "Bo" }),
      createShipper(ctx.app, {
        firstName: "Maximiliana",
        lastName: "Featherstonehaugh",
        email: "maximiliana.featherstonehaugh.freight@example.com",
      }),
    ]);
  }, 180_000);
  afterAll(async () => ctx?.close());

  describe("sealed bidding, as agents see it", () => {
    it("tells an agent only whether they bid: count, time and status of others' bids stay hidden", async () => {
      const { id, bookedAt } = await bookedAMinuteAgo("Sealed lamp alpha");
      await placeBid(ctx.app, bidder, id, { pickup: 120, fast: 800 });

      // The agent who did not bid: no bid counted, the booking's own time, the status of no bid.
      for (const view of await agentViews(bystander, id, "sealed%20lamp%20alpha")) {
        expect(view).toEqual({
          quotation_count: 0,
          updated_at: bookedAt,
          status: "Shipment Pending",
        });
      }
      // The bidder: their own bid, and its time.
      const mine = await agentViews(bidder, id, "sealed%20lamp%20alpha");
      for (const view of mine) {
        expect(view.quotation_count).toBe(1);
        expect(view.status).toBe("Quotation Received");
        expect(Date.parse(view.updated_at)).toBeGreaterThan(Date.parse(bookedAt));
      }
      const history = await get("/api/shipper/quotation-history", bidder);
      const historyRow = (history.json().data as Array<Seen & { id: number }>).find(
        (r) => r.id === id,
      );
      expect(historyRow?.quotation_count).toBe(1);

      // A second bid changes nothing for either agent's views.
      await placeBid(ctx.app, bystander, id, { pickup: 90, normal: 700 });
      for (const view of await agentViews(bidder, id, "sealed%20lamp%20alpha")) {
        expect(view).toEqual(mine[0]);
      }

      // The seller's view is as it always was: every bid counted, the time of the last one.
      const sellerView = (await get(`/api/shipments/${id}/`, seller)).json().data as Seen;
      expect(sellerView.quotation_count).toBe(2);
      expect(sellerView.status).toBe("Quotation Received");
      expect(Date.parse(sellerView.updated_at)).toBeGreaterThan(Date.parse(bookedAt));
    });

    it("ignores orderings that would rank an agent's open list by others' bids", async () => {
      const quiet = await bookedAMinuteAgo("Sealed order beta");
      const busy = await bookedAMinuteAgo("Sealed order beta");
      await placeBid(ctx.app, bidder, busy.id);
      for (const ordering of ["-quotation_count", "-updated_at", "-status", "status"]) {
        const response = await get(
          `/api/shipper/shipments/?search=sealed%20order%20beta&ordering=${ordering}`,
          bystander,
        );
        expect(response.statusCode).toBe(200);
        // The list's own order (deadline, then id) whatever was asked: the quiet one first.
        expect(response.json().data.map((row: { id: number }) => row.id)).toEqual([
          quiet.id,
          busy.id,
        ]);
      }
    });
  });

  describe("the seller's masks while bidding is open", () => {
    it("have one length whatever they hide: a 1-digit bid and a 6-digit bid look the same", async () => {
      const { id } = await bookedAMinuteAgo("Sealed mask gamma");
      await placeBid(ctx.app, bidder, id, { pickup: 1, fast: 2 });
      await placeBid(ctx.app, bystander, id, { pickup: 100000, fast: 900000 });
      const response = await get(`/api/quotations/?shipment_id=${id}`, seller);
      expect(response.statusCode).toBe(200);
      const [small, large] = response.json().data as Array<Record<string, unknown>>;
      const masked = (row: Record<string, unknown>) => {
        const user = row.user as Record<string, unknown>;
        return [
          row.pickup_amount,
          row.fast_amount,
          row.normal_amount,
          row.total_amount,
          user.first_name,
          user.last_name,
          user.email,
        ];
      };
      expect(small?.is_masked).toBe(true);
      expect(masked(small!)).toEqual(masked(large!));
      expect(masked(small!)).toEqual(["****", "****", "", "****", "****", "****", "****"]);
    });
  });
});
