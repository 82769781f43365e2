// `npm run bench:growth`: how list reads grow with the table, read from the database each time.
// Seeds (once) a bench database of 10,000, 100,000 and 1,000,000 shipments (BENCH_GROWTH_SIZES
// overrides) and runs the server on each with every page read from PostgreSQL
// (`LIST_CACHE_MS=0`), beside the bare handler on the same SQL (api-bare-server.mjs), with the API
// bench's mixes (browse, an agent's bid history, search, one-letter search, a shipment's page; 50
// connections). Prints the plan of each list statement (EXPLAIN (ANALYZE, BUFFERS); in full at
// 1,000,000), then writes each mix's p99 with its verdict and its ratio to a shipment's page read
// in the same run (a primary-key read: the ratio does not depend on the machine's speed or load)
// to bench/results/growth.md, and puts that section in bench/results/latest.md in place of the
// previous one (the rest of the file stays as it is). Not part of `npm run bench`: the 1M seed
// alone takes minutes.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const sizes = (process.env.BENCH_GROWTH_SIZES ?? "10000,100000,1000000").split(",").map(Number);
const baseDb = process.env.BENCH_API_DB ?? "fba_bench";

/** The bars of an uncached read at 50 connections, and of its p99 against a shipment's page. */
const BARS = {
  "browse lists": 30,
  "bid history": 30,
  "bid history by column": 30,
  "search lists": 50,
  "one-letter search": 50,
  "single shipment GET": 20,
};
const PK_RATIO_BAR = 2;

const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

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
        // PostgreSQL plans a named statement for its first five runs on each connection before it
        // may keep one plan: with 30 pooled connections and some 40 list shapes, the browse mix
        // settles after about 6,000 requests. Measured before that, a run times the planning.
        BENCH_WARMUP_SECONDS: process.env.BENCH_WARMUP_SECONDS ?? "15",
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
const plans = [];
for (const size of sizes) {
  const loadBefore = loadNow();
  const out = await run(size);
  const seeded = /seeded \d+ shipments in (\d+) s/.exec(out);
  for (const [name, bar] of Object.entries(BARS)) {
    const match = new RegExp(
      `growth ${size} ${name}: ([\\d]+) req/s, p50 [\\d.]+ ms, p99 ([\\d.]+) ms, errors (\\d+); bare ([\\d]+) req/s, p99 ([\\d.]+) ms; pk ratio ([\\d.]+) \\(bare ([\\d.]+)\\)`,
    ).exec(out);
    if (!match) {
      rows.push(`| ${size.toLocaleString("en-US")} | ${name} | failed | | | | FAIL |`);
      continue;
    }
    const [, rps, p99, errors, bareRps, bareP99, ratio, bareRatio] = match;
    const isSingle = name === "single shipment GET";
    const verdict = [
      Number(p99) <= bar && errors === "0" ? "PASS" : "FAIL",
      isSingle ? "" : Number(ratio) <= PK_RATIO_BAR ? " / ratio PASS" : " / ratio FAIL",
    ].join("");
    rows.push(
      `| ${size.toLocaleString("en-US")} | ${name} | ${p99} ms (${rps} req/s${errors === "0" ? "" : `, ${errors} errors`}) | ${bareP99} ms (${bareRps} req/s) | ${isSingle ? "1 (the base)" : `${ratio}x (bare ${bareRatio}x)`} | p99 <= ${bar} ms${isSingle ? "" : `, <= ${PK_RATIO_BAR}x`} | ${verdict} |`,
    );
  }
  for (const [, url, summary] of out.matchAll(new RegExp(`plan ${size} (\\S+): (.+)`, "g")))
    plans.push(
      `| ${size.toLocaleString("en-US")} | \`${url}\` | ${summary.replace(/\|/g, "\\|")} |`,
    );
  rows.push(
    `| ${size.toLocaleString("en-US")} | (load ${loadBefore} before, ${loadNow()} after; seed ${seeded ? `${seeded[1]} s` : "reused"}) | | | | | |`,
  );
}
const markdown = [
  "## Cost growth: uncached list reads by table size",
  "",
  `Run ${new Date().toISOString()} by \`npm run bench:growth\` on ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"} (1, 5 and 15 min load averages in the table). Every page is read from PostgreSQL (\`LIST_CACHE_MS=0\`), 50 connections, the median of ${process.env.BENCH_GROWTH_RUNS ?? 3} interleaved runs of ${process.env.BENCH_SECONDS ?? 5} s after a warm-up of ${process.env.BENCH_WARMUP_SECONDS ?? 15} s per mix and side (PostgreSQL has settled on its plans by then). "pk ratio" is the mix's p99 over the p99 of a shipment's page (one primary-key read with its cartons, the same server, the same run): it does not move with the machine's speed or load, where the milliseconds do (up to 4x between machines, more under others' load). "bare" is a node:http + pg handler running the same SQL.`,
  "",
  "| shipments | mix | server p99 | bare p99 | pk ratio | bar | verdict |",
  "|---|---|---|---|---|---|---|",
  ...rows,
  "",
  "Each list statement's plan (EXPLAIN (ANALYZE, BUFFERS) of every statement a page runs, as the bare handler runs them; the full plans are in the run's output):",
  "",
  "| shipments | URL | statements, time, slowest |",
  "|---|---|---|",
  ...plans,
  "",
].join("\n");
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(path.join(here, "results", "growth.md"), markdown);
// latest.md: this section in place of the previous one (from its heading to the next "## ").
const latest = path.join(here, "results", "latest.md");
if (existsSync(latest)) {
  const text = readFileSync(latest, "utf8");
  const start = text.search(/^## Cost growth/m);
  if (start < 0) writeFileSync(latest, `${text.trimEnd()}\n\n${markdown}`);
  else {
    const rest = text.slice(start + 1).search(/^## /m);
    const tail = rest < 0 ? "" : `\n${text.slice(start + 1 + rest)}`;
    writeFileSync(latest, `${text.slice(0, start)}${markdown}${tail}`);
  }
}
console.log(`\n${markdown}\nWritten to bench/results/growth.md and bench/results/latest.md`);
