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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

    // The old process: it records every event with its change and dispatches none.
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
    await old.close();

    const db = opened.database.db;
    const leftovers = rowsOf<{ id: number }>(
      await db.execute(
        sql`select id::int as id from domain_events where name = 'quotation.created' and status = 'pending' order by id`,
      ),
    ).map((row) => row.id);
    expect(leftovers).toHaveLength(4);
    // One was claimed by a dispatcher that died before marking it: its lease has run out.
    await db.execute(
      sql`update domain_events set attempts = 1, locked_until = now() - interval '1 second' where id = ${leftovers[0]!}`,
    );
    const sellerNotifications = async () =>
      rowsOf<{ event_id: number | null; content: string }>(
        await db.execute(
          sql`select event_id::int as event_id, content from notifications where user_id = ${seller.id} order by id`,
        ),
      );
    expect(await sellerNotifications()).toEqual([]);

    // The new server: opens the database as a start does (on PostgreSQL a connection of its own,
    // which checks the migrations), and is asked for nothing.
    const reopened: Database = opened.url
      ? await openDatabase({ url: opened.url, poolSize: 5 })
      : opened.database;
    const next = await buildApp(config, { database: reopened, logStream: capturedLogStream });
    try {
      await next.ready();
      const deadline = Date.now() + 20_000;
      while ((await sellerNotifications()).length < leftovers.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await sellerNotifications()).length).toBe(leftovers.length);

      // Whatever else runs (a drain, the job's next rounds), nothing is delivered twice.
      await next.events.settle();
      await next.dispatcher.drain();
      const delivered = await sellerNotifications();
      expect(delivered.map((n) => n.event_id).sort((a, b) => a! - b!)).toEqual(leftovers);
      for (const notification of delivered) {
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
