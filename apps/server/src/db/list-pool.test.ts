import { sql } from "drizzle-orm";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/app.js";
import { withGenericPlans } from "./request-clock.js";

// The embedded database has no pools: this needs PostgreSQL.
describe.runIf(process.env.TEST_DATABASE_URL)("the list pool", () => {
  // Its sessions hold each list statement planned once: closed in a pause, the next reads plan
  // every one of them again (99 browse pages read one at a time after 35 s idle: 4.46 ms a page
  // on a new session against 3.20 ms, at 10,000 shipments).
  it("keeps its sessions through a pause that closes the other pools' idle ones", async () => {
    const { database, drop } = await openTestDatabase({ idleTimeoutMs: 200 });
    try {
      const { db } = database;
      const others = sql`select pid, application_name as "name" from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`;
      const sessions = async () => {
        const result = (await db.execute(others)) as unknown as {
          rows: Array<{ pid: number; name: string }>;
        };
        return result.rows;
      };
      // Awaited inside: a query runs when awaited, and must be then to take a list connection.
      await withGenericPlans(async () => await db.execute(sql`select 1`));
      // A second request connection, busy beside this one, then idle.
      await Promise.all([db.execute(sql`select pg_sleep(0.05)`), sessions()]);
      const before = await sessions();
      const lists = before.filter((session) => session.name === "fba-freight lists");
      expect(lists).toHaveLength(1);
      expect(before.some((session) => session.name === "fba-freight")).toBe(true);
      await sleep(1_000);
      const after = await sessions();
      // The request pool's idle connection is gone; the list pool's session is the same one.
      expect(after.filter((session) => session.name === "fba-freight")).toEqual([]);
      expect(after.filter((session) => session.name === "fba-freight lists")).toEqual(lists);
    } finally {
      await drop();
    }
  });
});
