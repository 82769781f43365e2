// The trigram indexes that list searches read keep a short pending list (0030): every search reads
// that list in full, so at PostgreSQL's default of 4 MB a search for a term nothing holds read
// hundreds of pages between vacuums. On PGlite, or on PostgreSQL with TEST_DATABASE_URL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/app.js";

describe("the list searches' trigram indexes", () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => opened?.drop());

  it("are GIN trigram indexes with a pending list of 256 kB, and the old ones are gone", async () => {
    const result = (await opened.database.db.execute(
      sql.raw(`select c.relname, c.reloptions, am.amname, pg_get_indexdef(c.oid) as definition
                 from pg_class c join pg_am am on am.oid = c.relam
                where c.relkind = 'i' and c.relname like '%trgm%' order by c.relname`),
    )) as unknown as {
      rows: Array<{
        relname: string;
        reloptions: string[] | null;
        amname: string;
        definition: string;
      }>;
    };
    expect(result.rows.map((row) => row.relname)).toEqual([
      "shipments_destinations_trgm_idx",
      "shipments_open_search_trgm_idx",
      "shipments_search_joined_trgm_idx",
      "shipments_search_trgm_idx",
    ]);
    for (const row of result.rows) {
      expect(row.amname).toBe("gin");
      expect(row.definition).toContain("gin_trgm_ops");
      expect(row.reloptions).toEqual(["gin_pending_list_limit=256"]);
    }
  });
});
