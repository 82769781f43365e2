// The migration check: statements that lock a busy table for long or rewrite it are refused in
// migrations newer than the grandfathered ones; their online forms pass.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { GRANDFATHERED_THROUGH, lintMigrations, type Rule } from "./migration-lint.js";
import { NO_TRANSACTION_MARKER } from "./migrator.js";

const NEW = "0999_new";
const BREAK = "\n--> statement-breakpoint\n";
const NO_TX = `${NO_TRANSACTION_MARKER}\n`;
/** A table created by an earlier (grandfathered) migration: "existing". */
const EARLIER = {
  tag: "0000_init",
  sql: `CREATE TABLE "t" ("id" serial PRIMARY KEY, "a" text, "b" int);${BREAK}CREATE TABLE "u" ("id" serial PRIMARY KEY)`,
};
const rulesOf = async (sql: string, before = [EARLIER]) =>
  (await lintMigrations([...before, { tag: NEW, sql }])).map((finding) => finding.rule);

describe("migration check", () => {
  const bad: Array<[string, string, Rule]> = [
    ["index without CONCURRENTLY", `CREATE INDEX "t_a_idx" ON "t" ("a")`, "index-not-concurrent"],
    [
      "unique index without CONCURRENTLY",
      `CREATE UNIQUE INDEX "t_a_key" ON "t" ("a")`,
      "index-not-concurrent",
    ],
    [
      "CONCURRENTLY in a transactional migration",
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS "t_a_idx" ON "t" ("a")`,
      "concurrent-in-transaction",
    ],
    [
      "CONCURRENTLY without IF NOT EXISTS",
      `${NO_TX}CREATE INDEX CONCURRENTLY "t_a_idx" ON "t" ("a")`,
      "concurrent-index-rerun",
    ],
    ["DROP INDEX without CONCURRENTLY", `DROP INDEX "t_a_idx"`, "drop-index-not-concurrent"],
    ["REINDEX", `REINDEX TABLE "t"`, "reindex-not-concurrent"],
    [
      "CHECK without NOT VALID",
      `ALTER TABLE "t" ADD CONSTRAINT "t_a_check" CHECK ("a" in ('x', 'y'))`,
      "constraint-validated-at-once",
    ],
    [
      "FOREIGN KEY without NOT VALID",
      `ALTER TABLE "t" ADD CONSTRAINT "t_b_fk" FOREIGN KEY ("b") REFERENCES "u"("id")`,
      "constraint-validated-at-once",
    ],
    [
      "column added with REFERENCES",
      `ALTER TABLE "t" ADD COLUMN "c" int REFERENCES "u"("id")`,
      "constraint-validated-at-once",
    ],
    [
      "UNIQUE constraint building its index",
      `ALTER TABLE "t" ADD CONSTRAINT "t_a_key" UNIQUE ("a")`,
      "index-built-under-lock",
    ],
    ["column type change", `ALTER TABLE "t" ALTER COLUMN "b" TYPE bigint`, "column-type-change"],
    [
      "volatile default",
      `ALTER TABLE "t" ADD COLUMN "c" uuid DEFAULT gen_random_uuid()`,
      "volatile-default",
    ],
    [
      "clock_timestamp default",
      `ALTER TABLE "t" ADD COLUMN "c" timestamptz DEFAULT clock_timestamp()`,
      "volatile-default",
    ],
    ["serial column", `ALTER TABLE "t" ADD COLUMN "c" bigserial`, "volatile-default"],
    [
      "stored generated column",
      `ALTER TABLE "t" ADD COLUMN "c" text GENERATED ALWAYS AS (lower("a")) STORED`,
      "stored-generated-column",
    ],
    [
      "SET NOT NULL unproven",
      `ALTER TABLE "t" ALTER COLUMN "a" SET NOT NULL`,
      "set-not-null-unproven",
    ],
    ["VACUUM FULL", `VACUUM FULL "t"`, "table-rewrite"],
    ["CLUSTER", `CLUSTER "t" USING "t_pkey"`, "table-rewrite"],
    ["SET LOGGED", `ALTER TABLE "t" SET LOGGED`, "table-rewrite"],
    ["LOCK TABLE", `LOCK TABLE "t" IN ACCESS EXCLUSIVE MODE`, "lock-table"],
    ["UPDATE of every row", `UPDATE "t" SET "b" = 0 WHERE "b" IS NULL`, "unbatched-write"],
    ["DELETE of every row", `DELETE FROM "t" WHERE "a" = 'x'`, "unbatched-write"],
    ["DO loop without commits", `DO $$ BEGIN UPDATE "t" SET "b" = 0; END $$`, "unbatched-write"],
    [
      "batched DO loop inside a transaction",
      `DO $$ BEGIN LOOP UPDATE "t" SET "b" = 0 WHERE "id" IN (SELECT "id" FROM "t" WHERE "b" IS NULL LIMIT 1000); EXIT WHEN NOT FOUND; COMMIT; END LOOP; END $$`,
      "unbatched-write",
    ],
    ["column rename", `ALTER TABLE "t" RENAME COLUMN "a" TO "c"`, "rename"],
    [
      "VALIDATE in the transaction that added the constraint",
      `ALTER TABLE "t" ADD CONSTRAINT "t_a_check" CHECK ("a" <> '') NOT VALID;${BREAK}ALTER TABLE "t" VALIDATE CONSTRAINT "t_a_check"`,
      "validate-with-strong-lock",
    ],
    [
      "two statements in one no-transaction step",
      `${NO_TX}ALTER TABLE "t" VALIDATE CONSTRAINT "x"; ALTER TABLE "t" VALIDATE CONSTRAINT "y"`,
      "statements-per-step",
    ],
    ["SQL that does not parse", `ALTER TABLE "t" ADD CONSTRAINT CHECK`, "parse-error"],
    [
      "ALTERs of two existing tables in one transaction",
      `ALTER TABLE "t" ADD CONSTRAINT "t_a_check" CHECK ("a" <> '') NOT VALID;${BREAK}ALTER TABLE "u" ADD COLUMN "c" text`,
      "locks-accumulate",
    ],
  ];
  it.each(bad)("refuses %s", async (_name, sql, rule) => {
    expect(await rulesOf(sql)).toContain(rule);
  });

  const good: Array<[string, string]> = [
    [
      "a concurrent index in a no-transaction migration",
      `${NO_TX}CREATE INDEX CONCURRENTLY IF NOT EXISTS "t_a_idx" ON "t" ("a");${BREAK}DROP INDEX CONCURRENTLY IF EXISTS "t_old_idx";`,
    ],
    [
      "CHECK and FOREIGN KEY added NOT VALID",
      `ALTER TABLE "t" ADD CONSTRAINT "t_a_check" CHECK ("a" in ('x', 'y')) NOT VALID;${BREAK}ALTER TABLE "t" ADD CONSTRAINT "t_b_fk" FOREIGN KEY ("b") REFERENCES "u"("id") ON DELETE no action NOT VALID;`,
    ],
    [
      "VALIDATE in a no-transaction migration",
      `${NO_TX}ALTER TABLE "t" VALIDATE CONSTRAINT "t_a_check";${BREAK}ALTER TABLE "t" VALIDATE CONSTRAINT "t_b_fk";`,
    ],
    [
      "columns with a constant or now() default, and nullable ones",
      `ALTER TABLE "t" ADD COLUMN "c" int DEFAULT 0 NOT NULL;${BREAK}ALTER TABLE "t" ADD COLUMN "d" timestamptz DEFAULT now();${BREAK}ALTER TABLE "t" ADD COLUMN "e" text;`,
    ],
    [
      "anything on a table created in the same migration",
      `CREATE TABLE "n" ("id" serial PRIMARY KEY, "x" int);${BREAK}CREATE INDEX "n_x_idx" ON "n" ("x");${BREAK}ALTER TABLE "n" ADD CONSTRAINT "n_x_fk" FOREIGN KEY ("x") REFERENCES "u"("id");${BREAK}INSERT INTO "n" ("x") SELECT "id" FROM "u";${BREAK}UPDATE "n" SET "x" = NULL;`,
    ],
    [
      "one bounded batch",
      `UPDATE "t" SET "b" = 0 WHERE "id" IN (SELECT "id" FROM "t" WHERE "b" IS NULL LIMIT 1000)`,
    ],
    [
      "a batched backfill committing each batch",
      `${NO_TX}DO $$ BEGIN LOOP UPDATE "t" SET "b" = 0 WHERE "id" IN (SELECT "id" FROM "t" WHERE "b" IS NULL LIMIT 1000); EXIT WHEN NOT FOUND; COMMIT; END LOOP; END $$;`,
    ],
    [
      "a statement allowed by name",
      `-- migrate:allow unbatched-write: "u" holds one row per FC\nUPDATE "u" SET "id" = "id"`,
    ],
    [
      "dropping a column or a constraint",
      `ALTER TABLE "t" DROP COLUMN "a";${BREAK}ALTER TABLE "t" DROP CONSTRAINT "t_b_fk"`,
    ],
  ];
  it.each(good)("accepts %s", async (_name, sql) => {
    expect(await rulesOf(sql)).toEqual([]);
  });

  it("accepts SET NOT NULL once a NOT NULL check was validated in an earlier migration", async () => {
    const proven = [
      EARLIER,
      {
        tag: "0998_a_checked",
        sql: `ALTER TABLE "t" ADD CONSTRAINT "t_a_not_null" CHECK ("a" IS NOT NULL) NOT VALID`,
      },
    ];
    const setNotNull = `ALTER TABLE "t" ALTER COLUMN "a" SET NOT NULL`;
    // Added but not validated yet: still a full scan under the lock.
    expect(await rulesOf(setNotNull, proven)).toEqual(["set-not-null-unproven"]);
    const validated = [
      ...proven,
      {
        tag: "0998_b_validated",
        sql: `${NO_TX}ALTER TABLE "t" VALIDATE CONSTRAINT "t_a_not_null"`,
      },
    ];
    expect(await rulesOf(setNotNull, validated)).toEqual([]);
  });

  it("does not judge the grandfathered migrations", async () => {
    const old = { tag: GRANDFATHERED_THROUGH, sql: `CREATE INDEX "t_a_idx" ON "t" ("a")` };
    expect(await lintMigrations([EARLIER, old])).toEqual([]);
  });

  it("passes on the project's migrations", async () => {
    const folder = fileURLToPath(new URL("../../drizzle/", import.meta.url));
    const journal = JSON.parse(readFileSync(`${folder}meta/_journal.json`, "utf8")) as {
      entries: Array<{ tag: string }>;
    };
    const files = journal.entries.map(({ tag }) => ({
      tag,
      sql: readFileSync(`${folder}${tag}.sql`, "utf8"),
    }));
    expect(await lintMigrations(files)).toEqual([]);
  });
});
