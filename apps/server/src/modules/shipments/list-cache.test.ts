import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { testConfig } from "../../config.js";
import { shipments } from "../../db/schema/index.js";
import { buildTestApp, openTestDatabase, type TestContext } from "../../test/app.js";
import { createAdmin, createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { placeBid, postShipment } from "../../test/shipment-factories.js";

interface ListBody {
  data: Array<{ id: number; product_name: string; status: string; quotation: object }>;
  pagination_option: { count: number };
}

async function list(app: FastifyInstance, user: TestUser, url: string): Promise<ListBody> {
  const response = await app.inject({ method: "GET", url, headers: user.auth });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
  return response.json();
}

/** Renames a shipment behind the app's back, as nothing in the product does. */
async function renameQuietly(app: FastifyInstance, shipmentId: number, name: string) {
  await app.database.db
    .update(shipments)
    .set({ productName: name })
    .where(eq(shipments.id, shipmentId));
}

const ACTIVE = "/api/seller/shipments/?page=1&per_page=50";
const OPEN = "/api/shipper/shipments/?page=1&per_page=10";
const ALL = "/api/admin/shipments/?page=1&per_page=50";

describe("list pages served from memory", () => {
  let ctx: TestContext;
  let seller: TestUser;
  let agent: TestUser;
  let otherAgent: TestUser;
  let first: number;

  beforeAll(async () => {
    // A time to live far longer than the test: only a change can refresh a page.
    ctx = await buildTestApp({ LIST_CACHE_MS: 10_000 });
    [seller, agent, otherAgent] = await Promise.all([
      createSeller(ctx.app),
      createShipper(ctx.app),
      createShipper(ctx.app),
    ]);
    first = await postShipment(ctx.app, seller, { product_name: "Bamboo boards" });
  }, 180_000);
  afterAll(async () => ctx?.close());

  it("serves a page again while nothing changed, and reads it afresh after any write", async () => {
    expect((await list(ctx.app, seller, ACTIVE)).data.map((row) => row.product_name)).toEqual([
      "Bamboo boards",
    ]);
    await renameQuietly(ctx.app, first, "Renamed boards");
    const again = await list(ctx.app, seller, ACTIVE);
    expect(again.data[0]?.product_name).toBe("Bamboo boards");
    // The same list with another query string is another page.
    expect((await list(ctx.app, seller, `${ACTIVE}&ordering=-id`)).data[0]?.product_name).toBe(
      "Renamed boards",
    );

    await postShipment(ctx.app, seller, { product_name: "Yoga mats" });
    const after = await list(ctx.app, seller, ACTIVE);
    expect(after.pagination_option.count).toBe(2);
    expect(after.data.map((row) => row.product_name).sort()).toEqual([
      "Renamed boards",
      "Yoga mats",
    ]);
  });

  it("shows each user only their own page: an agent's bid is not on another agent's", async () => {
    expect((await list(ctx.app, agent, OPEN)).data.every((row) => "id" in row)).toBe(true);
    await placeBid(ctx.app, agent, first);
    const own = (await list(ctx.app, agent, OPEN)).data.find((row) => row.id === first);
    const others = (await list(ctx.app, otherAgent, OPEN)).data.find((row) => row.id === first);
    expect(own?.quotation).toMatchObject({ pickup_amount: "100.00" });
    expect(others?.quotation).toEqual({});
  });

  it("reads a page of the open list once for every agent, laying each one's own bid over it", async () => {
    const id = await postShipment(ctx.app, seller, { product_name: "Cork boards" });
    const url = `${OPEN}&search=cork`;
    const [third, fourth] = await Promise.all([createShipper(ctx.app), createShipper(ctx.app)]);
    const rows = async (user: TestUser) => (await list(ctx.app, user, url)).data;
    expect((await rows(agent)).map((row) => row.product_name)).toEqual(["Cork boards"]);
    await renameQuietly(ctx.app, id, "Cork tiles");
    // Another agent's first read of the page: the rows read for the first one.
    expect((await rows(third)).map((row) => row.product_name)).toEqual(["Cork boards"]);
    // A bid concerns its agent: the rows are read again for them, with their bid laid over.
    await placeBid(ctx.app, third, id);
    expect(await rows(third)).toMatchObject([
      { product_name: "Cork tiles", quotation: { pickup_amount: "100.00" } },
    ]);
    // Rows read since are everyone's; the bid is only its agent's.
    expect(await rows(fourth)).toMatchObject([{ product_name: "Cork tiles", quotation: {} }]);
  });

  it("sends a stored page compressed as each client accepts, compressing it once", async () => {
    for (let i = 0; i < 4; i += 1)
      await postShipment(ctx.app, seller, { product_name: `Mug ${i}` });
    const get = (encoding: string) =>
      ctx.app.inject({
        method: "GET",
        url: ACTIVE,
        headers: { ...seller.auth, "accept-encoding": encoding },
      });
    const plain = await list(ctx.app, seller, ACTIVE);
    const gzip = await get("gzip");
    const gzipAgain = await get("x-gzip;q=1");
    const brotli = await get("gzip;q=0.5, br");
    const identity = await get("identity");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toBe("accept-encoding");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain);
    expect(gzipAgain.rawPayload.equals(gzip.rawPayload)).toBe(true);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain);
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.json()).toEqual(plain);
  });

  it("checks the caller before a stored page is looked up", async () => {
    await list(ctx.app, seller, ACTIVE);
    const response = await ctx.app.inject({ method: "GET", url: ACTIVE, headers: agent.auth });
    expect(response.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: "GET", url: ACTIVE });
    expect(anonymous.statusCode).toBe(401);
  });

  it("reads afresh after a domain event, whatever emitted it (sockets and timers alike)", async () => {
    await list(ctx.app, seller, ACTIVE);
    await renameQuietly(ctx.app, first, "Boards, renamed again");
    expect((await list(ctx.app, seller, ACTIVE)).data.map((row) => row.product_name)).not.toContain(
      "Boards, renamed again",
    );
    ctx.app.events.emit("user.updated", { userId: seller.id });
    expect((await list(ctx.app, seller, ACTIVE)).data.map((row) => row.product_name)).toContain(
      "Boards, renamed again",
    );
  });
});

describe("whose pages a change makes stale", () => {
  let ctx: TestContext;
  let seller: TestUser;
  let agent: TestUser;
  let admin: TestUser;
  let first: number;

  beforeAll(async () => {
    ctx = await buildTestApp({ LIST_CACHE_MS: 10_000 });
    [seller, agent, admin] = await Promise.all([
      createSeller(ctx.app),
      createShipper(ctx.app),
      createAdmin(ctx.app),
    ]);
    first = await postShipment(ctx.app, seller, { product_name: "Desk lamps" });
  }, 180_000);
  afterAll(async () => ctx?.close());

  it("keeps a page across changes that do not concern its reader, until one does", async () => {
    const before = (await list(ctx.app, agent, OPEN)).pagination_option.count;
    // A booking concerns its seller: agents, who are not told of it, see it within the time to
    // live (here longer than the test).
    const booked = await postShipment(ctx.app, seller, { product_name: "Floor lamps" });
    expect((await list(ctx.app, seller, ACTIVE)).pagination_option.count).toBe(before + 1);
    expect((await list(ctx.app, agent, OPEN)).pagination_option.count).toBe(before);
    // An event that names the agent (here, a window they bid in closing) makes their pages fresh.
    ctx.app.events.emit("bidding.closed", {
      shipmentId: booked,
      sellerId: seller.id,
      winningQuotationId: null,
      winnerAgentId: null,
      loserAgentIds: [agent.id],
    });
    expect((await list(ctx.app, agent, OPEN)).pagination_option.count).toBe(before + 1);
  });

  it("makes a seller's page fresh when an agent bids on their shipment", async () => {
    const id = await postShipment(ctx.app, seller, { product_name: "Reading lamps" });
    const row = async () => (await list(ctx.app, seller, ACTIVE)).data.find((r) => r.id === id);
    expect((await row())?.status).toBe("Shipment Pending");
    await placeBid(ctx.app, agent, id);
    expect((await row())?.status).toBe("Quotation Received");
  });

  it("counts an open-list search once for every agent, and again for one a change concerns", async () => {
    const search = `${OPEN.replace("per_page=10", "per_page=1")}&search=globe`;
    for (const name of ["Globe lamps", "Globe vases"])
      await postShipment(ctx.app, seller, { product_name: name });
    const otherAgent = await createShipper(ctx.app);
    expect((await list(ctx.app, agent, search)).pagination_option.count).toBe(2);
    await postShipment(ctx.app, seller, { product_name: "Globe mugs" });
    // The other agent's first read of this page: its rows are read, its total is the shared one.
    expect((await list(ctx.app, otherAgent, search)).pagination_option.count).toBe(2);
    await placeBid(ctx.app, otherAgent, first);
    expect((await list(ctx.app, otherAgent, search)).pagination_option.count).toBe(3);
  });

  it("keeps a shipment's page per reader: the seller sees a bid at once, another agent later", async () => {
    const id = await postShipment(ctx.app, seller, { product_name: "Paper lamps" });
    const otherAgent = await createShipper(ctx.app);
    const page = async (user: TestUser) => {
      const response = await ctx.app.inject({
        method: "GET",
        url: `/api/shipments/${id}/`,
        headers: user.auth,
      });
      expect(response.statusCode).toBe(200);
      return response.json().data as { status: string; quotation: object; product_name: string };
    };
    expect((await page(seller)).status).toBe("Shipment Pending");
    expect((await page(otherAgent)).status).toBe("Shipment Pending");
    await placeBid(ctx.app, agent, id);
    // The bid concerns its seller and its agent: their next read shows it.
    expect((await page(seller)).status).toBe("Quotation Received");
    expect((await page(agent)).quotation).toMatchObject({ pickup_amount: "100.00" });
    // Another agent, who was not told, sees it within the time to live.
    expect((await page(otherAgent)).status).toBe("Shipment Pending");
    // A refusal is never kept: an unknown shipment stays 404 for each read.
    for (let i = 0; i < 2; i += 1) {
      const missing = await ctx.app.inject({
        method: "GET",
        url: "/api/shipments/999999/",
        headers: seller.auth,
      });
      expect(missing.statusCode).toBe(404);
    }
  });

  it("makes an admin's page of every shipment stale with anyone's change", async () => {
    const before = (await list(ctx.app, admin, ALL)).pagination_option.count;
    await postShipment(ctx.app, seller, { product_name: "Lamp shades" });
    expect((await list(ctx.app, admin, ALL)).pagination_option.count).toBe(before + 1);
  });
});

describe("list pages with the cache turned off", () => {
  let ctx: TestContext;
  let seller: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp({ LIST_CACHE_MS: 0 });
    seller = await createSeller(ctx.app);
  }, 180_000);
  afterAll(async () => ctx?.close());

  it("reads every page afresh", async () => {
    const id = await postShipment(ctx.app, seller, { product_name: "Lamps" });
    expect((await list(ctx.app, seller, ACTIVE)).data[0]?.product_name).toBe("Lamps");
    await renameQuietly(ctx.app, id, "Desk lamps");
    expect((await list(ctx.app, seller, ACTIVE)).data[0]?.product_name).toBe("Desk lamps");
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("list pages on two instances sharing Redis", () => {
  const apps: FastifyInstance[] = [];
  let drop: () => Promise<void>;
  let dataDir: string;
  let seller: TestUser;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "fba-list-cache-"));
    const opened = await openTestDatabase();
    drop = opened.drop;
    const config = testConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString("hex"),
      REDIS_URL: redisUrl,
      LIST_CACHE_MS: 10_000,
    });
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(config, { database: opened.database });
      await app.ready();
      apps.push(app);
    }
    seller = await createSeller(apps[0]!);
  }, 180_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps another user's page on the other instance", async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const agent = await createShipper(a);
    const before = (await list(b, agent, OPEN)).pagination_option.count;
    await postShipment(a, seller, { product_name: "Cutting boards" });
    await expect
      .poll(async () => (await list(b, seller, ACTIVE)).data.map((r) => r.product_name), {
        timeout: 3_000,
        interval: 20,
      })
      .toContain("Cutting boards");
    expect((await list(b, agent, OPEN)).pagination_option.count).toBe(before);
  });

  it("drops every page on word of a change from an instance of an earlier release", async () => {
    const [, b] = apps as [FastifyInstance, FastifyInstance];
    const agent = await createShipper(b);
    const names = async () => (await list(b, agent, OPEN)).data.map((row) => row.product_name);
    await names();
    await postShipment(b, seller, { product_name: "Bread boards" });
    expect(await names()).not.toContain("Bread boards");
    // Earlier releases name no users: anyone's data may have changed.
    const redis = new Redis(redisUrl!);
    await redis.publish("fba:realtime", JSON.stringify({ o: "earlier-release", c: 1 }));
    await redis.quit();
    await expect.poll(names, { timeout: 3_000, interval: 20 }).toContain("Bread boards");
  });

  it("drops a page on one instance when data changes on the other", async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const before = (await list(b, seller, ACTIVE)).pagination_option.count;
    await postShipment(a, seller, { product_name: "Kitchen scales" });
    await expect
      .poll(async () => (await list(b, seller, ACTIVE)).pagination_option.count, {
        timeout: 3_000,
        interval: 20,
      })
      .toBe(before + 1);
  });
});
