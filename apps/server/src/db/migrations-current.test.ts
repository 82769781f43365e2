// A start with nothing to migrate checks that with one query and skips the migrator; a database
// missing any migration of the checkout still goes through it.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { createPgliteTemplate, migrationsCurrent } from "./client.js";

const journal = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../drizzle/meta/_journal.json", import.meta.url)), "utf8"),
) as { entries: Array<{ when: number }> };

describe("migrationsCurrent", () => {
  let template: Blob;
  beforeAll(async () => {
    // The migrated directory global-setup made, when it made one (not on PostgreSQL runs).
    const made = process.env.PGLITE_TEMPLATE;
    template = made ? new Blob([readFileSync(made)]) : await createPgliteTemplate();
  });

  const open = async () => {
    const client = new PGlite({ extensions: { pg_trgm }, loadDataDir: template });
    await client.waitReady;
    return client;
  };

  it("is false for a new install (no migrations table)", async () => {
    const client = await open();
    try {
      await client.query("drop schema drizzle cascade");
      expect(await migrationsCurrent((text) => client.query(text))).toBe(false);
    } finally {
      await client.close();
    }
  });

  it("is true once every migration of the journal is applied", async () => {
    const client = await open();
    try {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      expect(rows[0]!.n).toBe(journal.entries.length);
      expect(await migrationsCurrent((text) => client.query(text))).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("is false when the newest migration is missing (an upgrade is due)", async () => {
    const client = await open();
    try {
      await client.query(
        "delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)",
      );
      expect(await migrationsCurrent((text) => client.query(text))).toBe(false);
    } finally {
      await client.close();
    }
  });
});
