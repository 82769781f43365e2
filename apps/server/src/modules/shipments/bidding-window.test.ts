import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { testConfig } from "../../config.js";
import { openDatabase, type Database } from "../../db/client.js";
import { quotations, shipments } from "../../db/schema/index.js";
import { openTestDatabase } from "../../test/app.js";
import { createSeller, createShipper, type TestUser } from "../../test/factories.js";
import { postShipment } from "../../test/shipment-factories.js";
import { closeDueBidding } from "./bidding-window.js";

/**
 * Two server instances on one database when TEST_DATABASE_URL is set (PostgreSQL), one instance
 * on PGlite otherwise: agents bid while the window closes and two closers run at the same time.
 */
let instances: FastifyInstance[] = [];
let extraDatabase: Database | undefined;
let drop: () => Promise<void>;
let dataDir: string;
let seller: TestUser;
let agents: TestUser[];
const closedEvents: number[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fba-bidding-"));
  const opened = await openTestDatabase();
  drop = opened.drop;
  const config = testConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString("hex"),
    REDIS_URL: undefined,
  });
  const first = await buildApp(config, { database: opened.database });
  instances = [first];
  if (opened.url) {
    extraDatabase = await openDatabase({ url: opened.url, poolSize: 5 });
    instances.push(await buildApp(config, { database: extraDatabase }));
  }
  for (const app of instances) {
    await app.ready();
    app.events.on("bidding.closed", (event) => {
      closedEvents.push(event.shipmentId);
    });
  }
  seller = await createSeller(first);
  agents = await Promise.all(Array.from({ length: 4 }, () => createShipper(first)));
}, 180_000);

afterAll(async () => {
  for (const app of instances) await app.close();
  await extraDatabase?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const instance = (index: number) => instances[index % instances.length]!;

function bid(index: number, shipmentId: number, amount: number) {
  return instance(index).inject({
    method: "POST",
    url: "/api/shipper/quotation/",
    headers: agents[index]!.auth,
    payload: { shipment: shipmentId, pickup_amount: amount, fast_amount: amount },
  });
}

describe("closing the bid window under concurrency", () => {
  it("picks exactly one winner when bids and two closers race the deadline", async () => {
    const first = instance(0);
    for (let round = 0; round < 5; round += 1) {
      const id = await postShipment(first, seller);
      // Two early bids, then a deadline a moment away with two more bids and two closers racing it.
      await bid(0, id, 50 + round);
      await bid(1, id, 40 + round);
      const deadline = new Date(Date.now() + 60);
      await first.database.db
        .update(shipments)
        .set({ biddingEndsAt: deadline })
        .where(eq(shipments.id, id));
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const late = [wait(45).then(() => bid(2, id, 30)), wait(60).then(() => bid(3, id, 20))];
      await wait(Math.max(0, deadline.getTime() - Date.now()));
      const closers =
        instances.length > 1
          ? [
              closeDueBidding(instance(0).database.db, instance(0).events, new Date(), {
                skipLocked: true,
              }),
              closeDueBidding(instance(1).database.db, instance(1).events, new Date(), {
                skipLocked: true,
              }),
            ]
          : [
              closeDueBidding(first.database.db, first.events, new Date(), { skipLocked: true }),
              closeDueBidding(first.database.db, first.events, new Date(), {}),
            ];
      const [lateResponses] = await Promise.all([Promise.all(late), Promise.all(closers)]);
      // The background loops of both instances may also have closed it: let every path settle.
      await closeDueBidding(first.database.db, first.events, new Date(Date.now() + 1000));

      for (const response of lateResponses) expect([201, 409]).toContain(response.statusCode);
      const rows = await first.database.db
        .select()
        .from(quotations)
        .where(eq(quotations.shipmentId, id));
      const [shipment] = await first.database.db
        .select()
        .from(shipments)
        .where(eq(shipments.id, id));
      expect(shipment?.status).toBe("Quotation Approved");
      expect(shipment?.quotationCount).toBe(rows.length);
      const lowest = [...rows].sort(
        (a, b) =>
          Number(a.totalAmount) - Number(b.totalAmount) ||
          a.createdAt.getTime() - b.createdAt.getTime(),
      )[0];
      expect(shipment?.winningQuotationId).toBe(lowest?.id);
      expect(shipment?.winnerAgentId).toBe(lowest?.agentId);
      // Every accepted bid was committed before the close; none arrived after it.
      const accepted = lateResponses.filter((response) => response.statusCode === 201).length;
      expect(rows.length).toBe(2 + accepted);
      expect(closedEvents.filter((shipmentId) => shipmentId === id)).toHaveLength(1);
    }
  });

  it("leaves a bidless shipment pending after its window, and announces that once", async () => {
    const first = instance(0);
    const id = await postShipment(first, seller);
    await first.database.db
      .update(shipments)
      .set({ biddingEndsAt: new Date(Date.now() - 1000) })
      .where(eq(shipments.id, id));
    // Every closer races for it (the background loops too); exactly one announces it.
    await Promise.all(
      instances.flatMap((app) => [
        closeDueBidding(app.database.db, app.events, new Date(), { skipLocked: true }),
        closeDueBidding(app.database.db, app.events, new Date(), { shipmentId: id }),
      ]),
    );
    expect(await closeDueBidding(first.database.db, first.events, new Date())).toBe(0);
    const [shipment] = await first.database.db.select().from(shipments).where(eq(shipments.id, id));
    expect(shipment?.status).toBe("Shipment Pending");
    expect(shipment?.winningQuotationId).toBeNull();
    expect(shipment?.biddingClosedAt).not.toBeNull();
    expect(closedEvents.filter((shipmentId) => shipmentId === id)).toHaveLength(1);
  });
});
