// Events in flight during an upgrade are not lost: a process that recorded events with its changes
// and stopped before handing them to their subscribers (a web instance, which never dispatches, or
// a dispatcher that died holding a claim), then a new server starting on the same database
// (opening it as main.ts does, migrations checked) delivers each leftover exactly once, with no
// request to wake it.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app.js";
import { testConfig } from "../config.js";
import { openDatabase, type Database } from "../db/client.js";
import { openTestDatabase } from "../test/app.js";
import { createSeller, createShipper } from "../test/factories.js";
import { capturedLogStream } from "../test/log-capture.js";
import { placeBid, postShipment } from "../test/shipment-factories.js";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe("events left undelivered by a stopped process", () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let dataDir: string;
  beforeAll(async () => {
    opened = await openTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "fba-outbox-upgrade-"));
  });
  afterAll(async () => {
    await opened.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("are delivered once each by the next server's start", async () => {
    const config = testConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString("hex"),
      REDIS_URL: undefined,
      LOG_LEVEL: "error",
    });

    // The old process: it records every event with its change and dispatches none. A bid's
    // notification to its seller is written in the bid's own transaction; the bid's other
    // subscriber (the agent's scorecard) and a new sample's notifications to the agents wait.
    const old = await buildApp(
      { ...config, ROLE: "web" },
      { database: opened.database, logStream: capturedLogStream },
    );
    await old.ready();
    const seller = await createSeller(old);
    const agents = [await createShipper(old), await createShipper(old)];
    const shipmentIds = [await postShipment(old, seller), await postShipment(old, seller)];
    for (const shipmentId of shipmentIds) {
      for (const agent of agents) await placeBid(old, agent, shipmentId);
    }
    for (const product of ["Ceramic mugs", "Bamboo spoons"]) {
      const response = await old.inject({
        method: "POST",
        url: "/api/sample-shipments/",
        headers: seller.auth,
        payload: { product_name: product, quantity: 3, address: "12 Harbour Road, Austin" },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    await old.close();

    const db = opened.database.db;
    const pending = async (name: string) =>
      rowsOf<{ id: number }>(
        await db.execute(
          sql`select id::int as id from domain_events where name = ${name} and status = 'pending' order by id`,
        ),
      ).map((row) => row.id);
    const bids = await pending("quotation.created");
    const samples = await pending("sample.created");
    expect(bids).toHaveLength(4);
    expect(samples).toHaveLength(2);
    const leftovers = [...bids, ...samples];
    // One was claimed by a dispatcher that died before marking it: its lease has run out.
    await db.execute(
      sql`update domain_events set attempts = 1, locked_until = now() - interval '1 second' where id = ${samples[0]!}`,
    );
    const notificationsOf = async (userId: number) =>
      rowsOf<{ event_id: number | null; content: string }>(
        await db.execute(
          sql`select event_id::int as event_id, content from notifications where user_id = ${userId} order by id`,
        ),
      );
    const sampleNotifications = async () =>
      (await Promise.all(agents.map((agent) => notificationsOf(agent.id))))
        .flat()
        .filter((n) => n.event_id !== null && samples.includes(n.event_id));
    expect((await notificationsOf(seller.id)).map((n) => n.event_id)).toEqual(bids);
    expect(await sampleNotifications()).toEqual([]);

    // The new server: opens the database as a start does (on PostgreSQL a connection of its own,
    // which checks the migrations), and is asked for nothing.
    const reopened: Database = opened.url
      ? await openDatabase({ url: opened.url, poolSize: 5 })
      : opened.database;
    const next = await buildApp(config, { database: reopened, logStream: capturedLogStream });
    try {
      await next.ready();
      const expected = samples.length * agents.length;
      // Its background dispatch delivers them on its own.
      await vi.waitFor(
        async () => expect((await sampleNotifications()).length).toBeGreaterThanOrEqual(expected),
        { timeout: 20_000, interval: 20 },
      );
      expect((await sampleNotifications()).length).toBe(expected);

      // Whatever else runs (a drain, the job's next rounds), nothing is delivered twice: one
      // notification per sample and agent, and the bids' written once, with the bids.
      await next.events.settle();
      await next.dispatcher.drain();
      for (const agent of agents) {
        const delivered = (await notificationsOf(agent.id)).filter(
          (n) => n.event_id !== null && samples.includes(n.event_id),
        );
        // Once each; two samples' events have no order between them (one was retried).
        expect(delivered.map((n) => n.event_id).sort((a, b) => a! - b!)).toEqual(samples);
      }
      const sellers = await notificationsOf(seller.id);
      expect(sellers.map((n) => n.event_id)).toEqual(bids);
      for (const notification of sellers) {
        expect(notification.content).toMatch(/^New quotation received for shipment #/);
      }
      const states = rowsOf<{ status: string; count: number }>(
        await db.execute(
          sql`select status, count(*)::int as count from domain_events where id in (${sql.join(
            leftovers.map((id) => sql`${id}`),
            sql`, `,
          )}) group by status`,
        ),
      );
      expect(states).toEqual([{ status: "done", count: leftovers.length }]);
    } finally {
      await next.close();
      if (reopened !== opened.database) await reopened.close();
    }
  });
});
