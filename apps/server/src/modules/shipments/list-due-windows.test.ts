import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipments } from "../../db/schema/index.js";
import { buildTestApp, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { endBiddingWindow, placeBid, postShipment } from "../../test/shipment-factories.js";
import { closeDueBidding } from "./bidding-window.js";

/**
 * A list whose rows a window's closing changes judges the windows that have passed before it
 * shows them: its page of ids looks for them, whoever else would close them. The instance runs
 * no background jobs (ROLE=web), so only the read can have closed them, and every page is read
 * from the database (LIST_CACHE_MS=0).
 */
let ctx: TestContext;
let seller: TestUser;
let agent: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp({ ROLE: "web", LIST_CACHE_MS: 0 });
  [seller, agent, admin] = await Promise.all([
    createSeller(ctx.app),
    createShipper(ctx.app),
    createAdmin(ctx.app),
  ]);
}, 180_000);
afterAll(async () => ctx?.close());

async function rows(app: FastifyInstance, user: TestUser, url: string) {
  const response = await app.inject({ method: "GET", url, headers: user.auth });
  expect(response.statusCode).toBe(200);
  return response.json().data as Array<{ id: number; status: string; outcome?: string }>;
}

const stored = async (id: number) => {
  const [row] = await ctx.app.database.db
    .select({ status: shipments.status, closedAt: shipments.biddingClosedAt })
    .from(shipments)
    .where(eq(shipments.id, id));
  return row!;
};

/** A shipment of `owner`'s with one bid of the agent's, its window just passed. */
async function passedWithBid(owner: TestUser): Promise<number> {
  const id = await postShipment(ctx.app, owner);
  await placeBid(ctx.app, agent, id);
  await endBiddingWindow(ctx.app, id);
  return id;
}

describe("lists read right after a bid window passed", () => {
  it("show the seller the lowest bid approved, and a bidless window closed", async () => {
    const withBid = await passedWithBid(seller);
    const bidless = await postShipment(ctx.app, seller);
    await endBiddingWindow(ctx.app, bidless);
    expect((await stored(withBid)).status).toBe("Quotation Received");

    const page = await rows(ctx.app, seller, "/api/seller/shipments/?page=1&per_page=50");
    expect(page.find((row) => row.id === withBid)?.status).toBe("Quotation Approved");
    // A window without bids stays pending for the seller, and is closed once.
    expect(page.find((row) => row.id === bidless)?.status).toBe("Shipment Pending");
    expect((await stored(bidless)).closedAt).not.toBeNull();
  });

  it("show the admin and the bidding agent the window judged", async () => {
    const forAdmin = await passedWithBid(seller);
    const all = await rows(ctx.app, admin, "/api/admin/shipments/?page=1&per_page=50");
    expect(all.find((row) => row.id === forAdmin)?.status).toBe("Quotation Approved");

    const forHistory = await passedWithBid(seller);
    const history = await rows(ctx.app, agent, "/api/shipper/quotation-history/?page=1");
    expect(history.find((row) => row.id === forHistory)?.outcome).toBe("won");
  });

  it("judge them on a page without rows, which cannot tell from its ids", async () => {
    const other = await createSeller(ctx.app);
    const id = await passedWithBid(other);
    // The seller has no completed order: their past orders are an empty page.
    expect(await rows(ctx.app, other, "/api/seller/past-orders/")).toEqual([]);
    expect((await stored(id)).status).toBe("Quotation Approved");
  });
});

// Another closer (the background loop on another instance) may be judging the window the page
// saw due: the read's own closing waits for it and finds nothing left to close, and the page is
// read again all the same. Two connections at once: PostgreSQL only.
describe.runIf(process.env.TEST_DATABASE_URL)("a list read while another closer judges", () => {
  it("shows the window judged once the other closer commits", async () => {
    const id = await passedWithBid(seller);
    const db = ctx.app.database.db;
    let listing: Promise<Array<{ id: number }>> | undefined;
    await db.transaction(async (tx) => {
      // The other closer judges the window and holds the shipment's row until it commits.
      expect(await closeDueBidding(tx, ctx.app.events, new Date(), { shipmentId: id })).toBe(1);
      listing = rows(ctx.app, agent, "/api/shipper/awaiting-decision/");
      // The list has read its page (the window still due there) and waits on the row.
      for (let tries = 0; ; tries += 1) {
        const result = (await db.execute(sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
          rows: Array<{ waiting: number }>;
        };
        if (result.rows[0]!.waiting > 0) break;
        if (tries > 200) throw new Error("the list never waited on the closer");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    expect((await listing!).map((row) => row.id)).toContain(id);
  });
});
