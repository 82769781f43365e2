/**
 * Fails when a migration newer than the grandfathered ones holds a statement that would lock a
 * busy table for long or rewrite it (db/migration-lint.ts lists the rules and how to write each
 * change online instead). Run by `npm run check`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { migrationsFolder } from "../db/client.js";
import { GRANDFATHERED_THROUGH, lintMigrations } from "../db/migration-lint.js";

const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
) as { entries: Array<{ tag: string }> };
const files = journal.entries.map(({ tag }) => ({
  tag,
  sql: readFileSync(path.join(migrationsFolder, `${tag}.sql`), "utf8"),
}));
const findings = await lintMigrations(files);
const judged = files.filter((file) => file.tag > GRANDFATHERED_THROUGH).length;
for (const finding of findings) {
  console.error(
    `${finding.tag}.sql [${finding.rule}] ${finding.message}\n    ${finding.statement}`,
  );
}
if (findings.length > 0) {
  console.error(`\n${findings.length} problem(s) in the migrations (see db/migration-lint.ts).`);
  process.exit(1);
}
console.log(
  `Migrations online-safe: ${judged} checked (through ${GRANDFATHERED_THROUGH} grandfathered).`,
);
