import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createPgliteTemplate, openDatabase } from "../db/client.js";
import { missingServices } from "./required-services.js";

/**
 * Creating a database and running every migration on it takes seconds; every test file instead
 * starts from one migrated database made here once: a PGlite data directory, or on PostgreSQL
 * (TEST_DATABASE_URL) a template database that each test database is created from.
 */
export default async function setup(): Promise<() => Promise<void> | void> {
  const missing = missingServices(process.env);
  if (missing.length > 0) {
    throw new Error(
      `CI is set but ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not: the suites that need them would skip`,
    );
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return postgresTemplate(adminUrl);
  const dir = mkdtempSync(path.join(tmpdir(), "fba-pglite-template-"));
  const file = path.join(dir, "template.tar");
  const dump = await createPgliteTemplate();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(adminUrl: string): Promise<() => Promise<void>> {
  const name = `fba_test_template_${randomBytes(6).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Migrated, then closed: a database is copied only while nobody is connected to it.
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  await database.close();
  process.env.TEST_DATABASE_TEMPLATE = name;
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
