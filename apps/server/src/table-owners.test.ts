import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "./db/schema/index.js";

/**
 * One writer per table: every table of the database is inserted into, updated and deleted from
 * by one module (or one lib/ or plugins/ file below the modules); other code reads it or asks
 * that owner's face. The same map is in docs/ARCHITECTURE.md ("The server's floors").
 * `cli/` (seeding, account creation) is left out: it runs outside the server.
 */
const tableOwners: Record<string, string> = {
  users: "auth",
  refresh_tokens: "auth",
  otp_codes: "auth",
  recovery_failures: "auth",
  email_outbox: "lib/mail-outbox.repository.ts",
  domain_events: "lib/outbox.repository.ts",
  idempotency_keys: "plugins/idempotency.repository.ts",
  notifications: "notifications",
  announcements: "announcements",
  warehouses: "warehouses",
  shipments: "shipments",
  shipment_packages: "shipments",
  quotations: "shipments",
  sample_shipments: "samples",
  chat_attachments: "chat",
  chat_messages: "chat",
  chat_message_client_ids: "chat",
  chat_reactions: "chat",
  chat_read_cursors: "chat",
  shipment_legs: "legs",
  order_documents: "documents",
  leg_events: "legs",
  upload_intents: "documents",
  charge_changes: "charge-changes",
  charge_change_events: "charge-changes",
  average_costs: "average-costs",
  order_invoices: "legacy-client",
  agent_ratings: "agents",
  agent_scorecards: "agents",
};

const src = dirname(fileURLToPath(import.meta.url));

/** The schema's tables: the name code imports them by, and their name in SQL. */
const tables = new Map<string, string>(
  Object.entries(schema as Record<string, unknown>).flatMap(([name, value]) =>
    is(value, PgTable) ? [[name, getTableName(value)] as const] : [],
  ),
);
const sqlNames = new Set(tables.values());

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** A module's files write as the module; any other file as itself. */
function writerOf(file: string): string {
  const path = relative(src, file).split("\\").join("/");
  const module = /^modules\/([^/]+)\//.exec(path);
  return module ? module[1]! : path;
}

function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
}

/** The SQL names of the tables a piece of code inserts into, updates or deletes from. */
function tablesWritten(code: string): Set<string> {
  const text = withoutComments(code);
  const written = new Set<string>();
  // Drizzle: db.insert(users), tx.update(shipments), tx.delete(notifications).
  for (const match of text.matchAll(/\.(?:insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g)) {
    const table = tables.get(match[1]!);
    if (table) written.add(table);
  }
  // Raw SQL: insert into ${users}, update ${users}, delete from ${users}.
  for (const match of text.matchAll(
    /\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*([A-Za-z_$][\w$]*)\s*\}/gi,
  )) {
    const table = tables.get(match[1]!);
    if (table) written.add(table);
  }
  // Raw SQL naming the table: insert into agent_scorecards, update shipments s.
  for (const match of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)\b/gi)) {
    const name = match[1]!.toLowerCase();
    if (sqlNames.has(name)) written.add(name);
  }
  return written;
}

/** Every table's writers among the server's files (modules, lib, plugins, realtime, root). */
function writersByTable(): Map<string, Set<string>> {
  const writers = new Map<string, Set<string>>();
  for (const file of sourceFiles(src)) {
    const path = relative(src, file).split("\\").join("/");
    if (path.startsWith("cli/") || path.startsWith("test/")) continue;
    for (const table of tablesWritten(readFileSync(file, "utf8"))) {
      const set = writers.get(table) ?? new Set<string>();
      set.add(writerOf(file));
      writers.set(table, set);
    }
  }
  return writers;
}

describe("one writer per table", () => {
  it("places every table of the schema with an owner", () => {
    expect([...sqlNames].filter((name) => !(name in tableOwners))).toEqual([]);
    expect(Object.keys(tableOwners).filter((name) => !sqlNames.has(name))).toEqual([]);
  });

  it("has each table written only by its owner", () => {
    const strays: string[] = [];
    for (const [table, writers] of writersByTable()) {
      for (const writer of writers) {
        if (writer !== tableOwners[table]) {
          strays.push(`${table} is written by ${writer} (its owner: ${tableOwners[table]})`);
        }
      }
    }
    expect(strays).toEqual([]);
  });

  it("finds drizzle and raw SQL writes, and only writes", () => {
    const code = [
      "await tx.insert(users).values(row);",
      "await db.update(notifications).set({ readAt });",
      "await tx.delete( chatReactions ).where(x);",
      "await db.execute(sql`insert into ${announcements} (title) values (1)`);",
      "await db.execute(sql`update ${shipmentLegs} set x = 1`);",
      "await db.execute(sql`delete from ${domainEvents} where id = 1`);",
      "await db.execute(sql`insert into agent_scorecards (agent_id) values (1)`);",
      "await db.execute(sql`update quotations q set is_accepted = true`);",
      "await db.select().from(shipments);",
      "await db.execute(sql`select 1 from ${orderDocuments} for no key update`);",
      "userIds.delete(byUserId);",
      "// tx.delete(warehouses) in a comment",
    ].join("\n");
    expect([...tablesWritten(code)].sort()).toEqual(
      [
        "agent_scorecards",
        "announcements",
        "chat_reactions",
        "domain_events",
        "notifications",
        "quotations",
        "shipment_legs",
        "users",
      ].sort(),
    );
  });
});
