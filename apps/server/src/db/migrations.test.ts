// Released migrations are frozen: a deployment of an earlier release upgrades by running the
// migrations it has not run yet, so a migration that shipped must never change or move.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const folder = fileURLToPath(new URL("../../drizzle/", import.meta.url));
const readJson = <T>(name: string): T => JSON.parse(readFileSync(folder + name, "utf8")) as T;

interface Journal {
  entries: { idx: number; tag: string }[];
}
interface Releases {
  releases: { version: string; migrations: Record<string, string> }[];
}

const journal = readJson<Journal>("meta/_journal.json");
const { releases } = readJson<Releases>("releases.json");
const sha256 = (tag: string) =>
  createHash("sha256")
    .update(readFileSync(`${folder}${tag}.sql`))
    .digest("hex");

describe("released migrations", () => {
  it("the journal is in order with no gaps", () => {
    expect(journal.entries.map((entry) => entry.idx)).toEqual(
      journal.entries.map((_, index) => index),
    );
  });

  for (const release of releases) {
    it(`release ${release.version}: its migrations are unchanged and come first, in order`, () => {
      const tags = Object.keys(release.migrations);
      expect(journal.entries.slice(0, tags.length).map((entry) => entry.tag)).toEqual(tags);
      for (const tag of tags)
        expect(sha256(tag), `${tag}.sql was edited after release`).toBe(release.migrations[tag]);
    });
  }

  it("the current version is a release or newer than the last one", () => {
    const root = JSON.parse(
      readFileSync(fileURLToPath(new URL("../../../../package.json", import.meta.url)), "utf8"),
    ) as {
      version: string;
    };
    const last = releases.at(-1)!.version;
    const parts = (version: string) => version.split(".").map(Number);
    const [a, b] = [parts(root.version), parts(last)];
    const cmp = a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
    expect(cmp).toBeGreaterThanOrEqual(0);
  });
});
