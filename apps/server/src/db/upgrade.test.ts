// Upgrading keeps every row and file: a database built with the previous release's migrations and
// filled through that release's API (test-fixtures/release-*/, written by cli/release-fixture.ts)
// is upgraded by the current server's start, then read back row by row and through the API.
import { createHash, randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { testConfig } from "../config.js";
import { openDatabase, type Database } from "./client.js";

const drizzleFolder = fileURLToPath(new URL("../../drizzle/", import.meta.url));
const fixturesFolder = fileURLToPath(new URL("../../test-fixtures/", import.meta.url));

interface Journal {
  version: string;
  dialect: string;
  entries: { idx: number; tag: string }[];
}
interface Manifest {
  accounts: {
    id: number;
    email: string;
    password: string;
    group: "Seller" | "Shipper" | "Admin";
  }[];
  shipments: Record<string, number>;
  samples: { open: number; completed: number };
  attachments: { id: number; sha256: string; name: string }[];
  uploads: string[];
  counts: Record<string, number>;
}
type Row = Record<string, unknown>;

const { releases } = JSON.parse(readFileSync(`${drizzleFolder}releases.json`, "utf8")) as {
  releases: { version: string; migrations: Record<string, string> }[];
};
const previous = releases.at(-1)!;

/** Runs SQL on either engine with the same call. */
interface Session {
  query(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openSession(target: { url?: string; dataDir: string }): Promise<Session> {
  if (target.url) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return {
      query: (text, params) => client.query(text, params),
      migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
      close: () => client.end(),
    };
  }
  const client = new PGlite(path.join(target.dataDir, "pglite"), { extensions: { pg_trgm } });
  await client.waitReady;
  return {
    query: (text, params) => client.query<Row>(text, params),
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** A migrations folder holding only what the release shipped. */
function releaseMigrations(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "fba-release-migrations-"));
  mkdirSync(path.join(folder, "meta"));
  const journal = JSON.parse(readFileSync(`${drizzleFolder}meta/_journal.json`, "utf8")) as Journal;
  const tags = Object.keys(previous.migrations);
  for (const tag of tags) cpSync(`${drizzleFolder}${tag}.sql`, path.join(folder, `${tag}.sql`));
  writeFileSync(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, tags.length) }),
  );
  return folder;
}

async function restoreRelease(session: Session, tables: Record<string, Row[]>): Promise<void> {
  await session.query("CREATE EXTENSION IF NOT EXISTS pg_trgm");
  const folder = releaseMigrations();
  await session.migrate(folder);
  rmSync(folder, { recursive: true, force: true });
  await session.query("BEGIN");
  // Rows go in table by table; foreign keys are checked by the data having come from a live database.
  await session.query("SET LOCAL session_replication_role = replica");
  for (const [table, rows] of Object.entries(tables)) {
    if (rows.length === 0) continue;
    await session.query(
      `INSERT INTO "${table}" OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::"${table}", $1::json)`,
      [JSON.stringify(rows)],
    );
    const serials = await session.query(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = $1 AND pg_get_serial_sequence($2, column_name) IS NOT NULL`,
      [table, `public."${table}"`],
    );
    for (const { name } of serials.rows) {
      await session.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), (SELECT max("${String(name)}") FROM "${table}"))`,
        [`public."${table}"`, name],
      );
    }
  }
  await session.query("COMMIT");
}

describe(`upgrade from release ${previous.version}`, () => {
  const fixture = path.join(fixturesFolder, `release-${previous.version}`);
  const manifest = JSON.parse(
    readFileSync(path.join(fixture, "manifest.json"), "utf8"),
  ) as Manifest;
  const { tables } = JSON.parse(readFileSync(path.join(fixture, "data.json"), "utf8")) as {
    tables: Record<string, Row[]>;
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), "fba-upgrade-"));
  let url: string | undefined;
  let dropDatabase = async () => undefined as void;
  let database: Database;
  let app: FastifyInstance;
  const tokens = new Map<number, string>();

  const get = (who: number, target: string) =>
    app.inject({
      method: "GET",
      url: target,
      headers: { authorization: `Bearer ${tokens.get(who)}` },
    });
  const data = async (who: number, target: string) => {
    const response = await get(who, target);
    expect(response.statusCode, `${target}: ${response.body}`).toBe(200);
    return response.json().data;
  };
  const account = (email: string) => manifest.accounts.find((a) => a.email === email)!;

  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const name = `fba_upgrade_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const target = new URL(adminUrl);
      target.pathname = `/${name}`;
      url = target.toString();
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      };
    }
    const session = await openSession({ url, dataDir });
    await restoreRelease(session, tables);
    await session.close();
    cpSync(path.join(fixture, "uploads"), path.join(dataDir, "uploads"), { recursive: true });

    // The current server's start: runs every migration the release did not have.
    database = await openDatabase(url ? { url, poolSize: 3 } : { dataDir });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every row of every table with its values", async () => {
    // Timestamps as the fixture wrote them (UTC), whatever the server's time zone.
    const now = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
      const found: Record<string, Row[]> = {};
      for (const table of Object.keys(tables)) {
        const [result] = (
          (await tx.execute(
            sql.raw(`select json_agg(t) as rows from (select * from "${table}" order by 1) t`),
          )) as unknown as { rows: Array<{ rows: Row[] | null }> }
        ).rows;
        found[table] = result?.rows ?? [];
      }
      return found;
    });
    for (const [table, rows] of Object.entries(tables)) {
      const current = now[table] ?? [];
      expect(current.length, `rows in ${table}`).toBe(manifest.counts[table]);
      // Columns added since may have defaults; the ones the release had keep their values.
      const columns = Object.keys(rows[0] ?? {});
      expect(
        current.map((row) => Object.fromEntries(columns.map((key) => [key, row[key]]))),
        table,
      ).toEqual(rows);
    }
  });

  it("fills in each bid's response time from its shipment's posting", async () => {
    const { rows } = (await database.db.execute(sql`
      select q.response_seconds as kept,
        extract(epoch from q.created_at - s.created_at)::float8 as expected
      from quotations q join shipments s on s.id = q.shipment_id order by q.id`)) as unknown as {
      rows: Array<{ kept: number | null; expected: number }>;
    };
    expect(rows.length).toBe(manifest.counts.quotations);
    expect(rows.map((row) => row.kept)).toEqual(rows.map((row) => row.expected));
  });

  it("fills in each shipment's destinations from its packages", async () => {
    const { rows } = (await database.db.execute(sql`
      select s.destinations as kept,
        (select string_agg(lower(p.delivery_location), E'\n' order by p.position)
           from shipment_packages p where p.shipment_id = s.id) as expected
      from shipments s order by s.id`)) as unknown as {
      rows: Array<{ kept: string | null; expected: string | null }>;
    };
    expect(rows.length).toBe(manifest.counts.shipments);
    expect(rows.filter((row) => row.expected !== null).length).toBeGreaterThan(0);
    expect(rows.map((row) => row.kept)).toEqual(rows.map((row) => row.expected));
  });

  it("serves every account, shipment, bid, chat message, file and notification", async () => {
    app = await buildApp(
      testConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString("hex"),
        REDIS_URL: undefined,
      }),
      { database },
    );
    await app.ready();

    for (const { id, email, password, group } of manifest.accounts) {
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { email, password, group: group === "Admin" ? "Seller" : group },
      });
      expect(response.statusCode, `login ${email}: ${response.body}`).toBe(200);
      tokens.set(id, response.json().data.access_token as string);
    }

    const amber = account("amber.seller@example.com").id;
    const basil = account("basil.merchant@example.com").id;
    const admin = account("ops.admin@example.com").id;
    const expected: Record<string, string> = {
      pending: "Shipment Pending",
      received: "Quotation Received",
      approved: "Quotation Approved",
      declined: "Shipment Cancelled",
      accepted: "Quotation Accepted",
      completed: "Shipment Completed",
      cancelledAfterAccept: "Shipment Cancelled",
    };
    for (const [key, id] of Object.entries(manifest.shipments)) {
      const shipment = await data(admin, `/api/shipments/${id}/`);
      expect(shipment.status, key).toBe(expected[key]);
      expect(shipment.packages.length).toBeGreaterThan(0);
    }
    const completed = await data(amber, `/api/shipments/${manifest.shipments.completed}/`);
    expect(completed.tracking_number).toBe("794612345678");
    expect(Number(completed.final_amount)).toBe(725.25);
    expect(completed.quotation.total_amount).toBe("485.00");

    const bids = await data(basil, `/api/quotations/?shipment_id=${manifest.shipments.approved}`);
    expect(JSON.stringify(bids)).toContain("800.00");

    // Every attachment downloads with the bytes that were uploaded.
    const downloaded = new Map<number, string>();
    for (const key of ["accepted", "completed"] as const) {
      const history = await data(amber, `/api/chat/messages/${manifest.shipments[key]}/`);
      const messages = history.messages as {
        content: string;
        attachment: { id: number; attachment: string } | null;
        reactions: unknown[];
      }[];
      expect(messages.length).toBeGreaterThanOrEqual(4);
      expect(messages.some((m) => m.content === "Pickup at 10 am")).toBe(true);
      expect(messages.some((m) => m.reactions.length > 0)).toBe(true);
      for (const message of messages) {
        if (!message.attachment) continue;
        const link = new URL(message.attachment.attachment, "http://localhost");
        const file = await app.inject({
          method: "GET",
          url: link.pathname + link.search,
          headers: { authorization: `Bearer ${tokens.get(amber)}` },
        });
        expect(file.statusCode, link.pathname).toBe(200);
        downloaded.set(
          message.attachment.id,
          createHash("sha256").update(file.rawPayload).digest("hex"),
        );
      }
    }
    expect(Object.fromEntries(downloaded)).toEqual(
      Object.fromEntries(manifest.attachments.map((a) => [a.id, a.sha256])),
    );

    const me = await data(amber, "/api/auth/v1/me/");
    expect(me.image).toBeTruthy();
    const avatarUrl = new URL(me.image as string, "http://localhost");
    const avatar = await app.inject({ method: "GET", url: avatarUrl.pathname + avatarUrl.search });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.rawPayload.length).toBeGreaterThan(100);

    for (const { id } of manifest.accounts) {
      const stored = (tables.notifications ?? []).filter((row) => row.user_id === id).length;
      const listed = await data(id, "/api/chat/notifications/");
      expect(
        Array.isArray(listed) ? listed.length : (listed.results as unknown[]).length,
        `notifications of ${id}`,
      ).toBe(stored);
    }

    const samples = await data(amber, "/api/sample-shipments/");
    expect(JSON.stringify(samples)).toContain("Sample mugs");
    const sampleChat = await data(
      amber,
      `/api/chat/sample-shipment-messages/${manifest.samples.open}/`,
    );
    expect(JSON.stringify(sampleChat.messages)).toContain("I can collect the samples on Friday");
    const announcements = await data(amber, "/api/v1/announcement/");
    expect(JSON.stringify(announcements)).toContain("Holiday cut-off");
  });
});
