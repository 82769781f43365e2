/**
 * Applies the pending migrations to the configured database (DATABASE_URL, or the embedded one
 * under DATA_DIR) and exits: the step a rolling upgrade runs once before starting the new
 * release's instances (with MIGRATE_ON_START=false on them). Safe beside running instances of the
 * previous release: each migration is written to run online (see docs/DEPLOYMENT.md).
 *
 *   npm run migrate
 */
import { loadConfig } from "../config.js";
import { migratePglite, migratePostgres, openPgliteClient } from "../db/client.js";
import type { Migration } from "../db/migrator.js";

const config = loadConfig();
const onApplied = (migration: Migration, ms: number) =>
  console.log(
    `applied ${migration.tag}${migration.transaction ? "" : " (no transaction)"} in ${Math.round(ms)} ms`,
  );
const started = performance.now();
let applied: Migration[];
if (config.DATABASE_URL) {
  applied = await migratePostgres(config.DATABASE_URL, { onApplied });
} else {
  const client = await openPgliteClient(config.DATA_DIR);
  try {
    applied = await migratePglite(client, { onApplied });
  } finally {
    await client.close();
  }
}
console.log(
  applied.length === 0
    ? "The database has every migration."
    : `Applied ${applied.length} migration(s) in ${Math.round(performance.now() - started)} ms.`,
);
