// `npm run bench`: runs every bench/*.bench.mjs in turn (each in its own process), prints one table
// of the figures they report and writes it to bench/results/latest.md. A script reports a figure by
// printing a line "label: value"; other lines are shown as they come.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((name) => name.endsWith(".bench.mjs"))
  .filter((name) => only.length === 0 || only.some((part) => name.includes(part)))
  .sort();

function runScript(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(here, name)], {
      stdio: ["ignore", "pipe", "inherit"],
      env: process.env,
    });
    const rows = [];
    let buffer = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      buffer += chunk.toString();
      let newline;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        const match = /^([^:]{2,100}):\s+(.+)$/.exec(line);
        if (match)
          rows.push({ bench: name.replace(".bench.mjs", ""), metric: match[1], value: match[2] });
      }
    });
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (code !== 0)
        rows.push({
          bench: name.replace(".bench.mjs", ""),
          metric: "exit",
          value: `failed (code ${code})`,
        });
      rows.push({
        bench: name.replace(".bench.mjs", ""),
        metric: "duration",
        value: `${seconds} s`,
      });
      resolve(rows);
    });
  });
}

const all = [];
for (const name of scripts) {
  console.log(`\n=== ${name}`);
  all.push(...(await runScript(name)));
}

const widths = ["bench", "metric", "value"].map((key) =>
  Math.max(key.length, ...all.map((row) => String(row[key]).length)),
);
const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join("  ");
console.log(`\n${line(["bench", "metric", "value"])}`);
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of all) console.log(line([row.bench, row.metric, row.value]));

const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(" ")}`;
const markdown = [
  "# Benchmark results",
  "",
  `Run ${new Date().toISOString()} on ${machine}, Node ${process.version}.`,
  "",
  "| bench | metric | value |",
  "|---|---|---|",
  ...all.map((row) => `| ${row.bench} | ${row.metric} | ${row.value} |`),
  "",
].join("\n");
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(path.join(here, "results", "latest.md"), markdown);
console.log(`\nWritten to bench/results/latest.md`);
