// `npm run bench:growth`: how list reads grow with the table. Seeds (once) a bench database of
// 10,000, 100,000 and 1,000,000 shipments (BENCH_GROWTH_SIZES overrides) and runs the server alone
// on each with the API bench's list mixes (browse, search, one-letter search; 50 connections;
// every page read from the database),
// then writes the p99 of each to bench/results/growth.md, which `npm run bench` appends to
// latest.md. Not part of `npm run bench`: the 1M seed alone takes minutes.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const sizes = (process.env.BENCH_GROWTH_SIZES ?? "10000,100000,1000000").split(",").map(Number);
const baseDb = process.env.BENCH_API_DB ?? "fba_bench";

function run(size) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(here, "api.bench.mjs")], {
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        BENCH_SHIPMENTS: String(size),
        // 100,000 is the API bench's own database; the others get theirs.
        BENCH_API_DB: size === 100_000 ? baseDb : `${baseDb}_${size}`,
        BENCH_API_ONLY: "growth",
      },
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      out += chunk;
    });
    child.on("close", () => resolve(out));
  });
}

const rows = [];
for (const size of sizes) {
  const out = await run(size);
  const seeded = /seeded \d+ shipments in (\d+) s/.exec(out);
  const p99 = (name) =>
    new RegExp(
      `growth ${size} ${name}: ([\\d]+) req/s, p50 [\\d.]+ ms, p99 ([\\d.]+) ms, errors (\\d+)`,
    ).exec(out);
  const cell = (name) => {
    const match = p99(name);
    return match
      ? `${match[2]} ms (${match[1]} req/s${match[3] === "0" ? "" : `, ${match[3]} errors`})`
      : "failed";
  };
  rows.push(
    `| ${size.toLocaleString("en-US")} | ${cell("browse lists")} | ${cell("search lists")} | ${cell("one-letter search")} | ${seeded ? `${seeded[1]} s` : "reused"} |`,
  );
}
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(" ");
const markdown = [
  "## Cost growth: list p99 by table size",
  "",
  `Run ${new Date().toISOString()} by \`npm run bench:growth\` (load ${load} at the end); the server alone with every page read from PostgreSQL (\`LIST_CACHE_MS=0\`: the pages it serves from memory cost the same at any size), 50 connections, one 5 s run after a warm-up.`,
  "",
  "| shipments | browse lists p99 | search lists p99 | one-letter search p99 | seed time |",
  "|---|---|---|---|---|",
  ...rows,
  "",
].join("\n");
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(path.join(here, "results", "growth.md"), markdown);
console.log(`\n${markdown}\nWritten to bench/results/growth.md`);
