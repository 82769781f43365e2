import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPgliteTemplate } from "../db/client.js";

/**
 * Creating a PGlite database (initdb in WebAssembly) takes seconds; every test file instead
 * starts from one migrated data directory made here once.
 */
export default async function setup(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => undefined;
  const dir = mkdtempSync(path.join(tmpdir(), "fba-pglite-template-"));
  const file = path.join(dir, "template.tar");
  const dump = await createPgliteTemplate();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
