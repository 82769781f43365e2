// Runs the whole suite: unit and integration tests (Vitest) with the production build beside
// them, then the browser journeys (Playwright). Prints how long each stage took, then one closing line:
// "N passed, N failed". The stage times also go to test-results/stages.json (.ci/run adds them
// to its own summary).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

mkdirSync("test-results", { recursive: true });
const stages = [];
const duration = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
};
const run = async (stage, command, args) => {
  const started = Date.now();
  console.log(`\n=== ${stage}: ${[command, ...args].join(" ")}`);
  const status = await new Promise((resolve) =>
    spawn(command, args, { stdio: "inherit", env: process.env }).on("close", (code) =>
      resolve(code ?? 1),
    ),
  );
  const ms = Date.now() - started;
  stages.push({ stage, ms, status });
  console.log(`=== ${stage}: ${duration(ms)} (exit ${status})`);
  return status;
};

/**
 * The production build runs beside Vitest (which tests the sources, not the build), its output
 * kept and printed once Vitest is done; the journeys wait for it.
 */
const startBuild = () => {
  const started = Date.now();
  const output = [];
  const child = spawn("npm", ["run", "build"], { env: process.env });
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      const ms = Date.now() - started;
      resolve(() => {
        console.log("\n=== build: npm run build (beside vitest)");
        process.stdout.write(Buffer.concat(output));
        const status = code ?? 1;
        stages.push({ stage: "build", ms, status });
        console.log(`=== build: ${duration(ms)} (exit ${status})`);
        return status;
      });
    });
  });
};

let failedSteps = 0;
// Vitest reads the sources, but its global setup resolves the contract by its package entry
// (dist/): the contract is built first (a few seconds; the full build below then skips it).
if ((await run("contract", "npm", ["run", "build", "-w", "packages/contract"])) !== 0) {
  process.exit(1);
}
const building = startBuild();
const vitestStatus = await run("vitest", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/vitest.json",
]);
if (vitestStatus !== 0) failedSteps++;

const buildStatus = (await building)();
let e2eStatus = 1;
if (buildStatus === 0) {
  e2eStatus = await run("playwright", "npx", [
    "playwright",
    "test",
    "-c",
    "e2e/playwright.config.ts",
  ]);
} else {
  failedSteps++;
}
if (e2eStatus !== 0) failedSteps++;

let passed = 0;
let failed = 0;
if (existsSync("test-results/vitest.json")) {
  const report = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  // The slowest test files, for whoever wants the suite faster.
  const files = (report.testResults ?? [])
    .map((file) => ({
      name: String(file.name).replace(`${process.cwd()}/`, ""),
      ms: (file.endTime ?? 0) - (file.startTime ?? 0),
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  if (files.length > 0) {
    console.log("\nSlowest test files:");
    for (const file of files) console.log(`  ${(file.ms / 1000).toFixed(1)} s  ${file.name}`);
  }
  // The failures again, by name, where a long log's tail shows them.
  const failures = (report.testResults ?? []).flatMap((file) => {
    const name = String(file.name).replace(`${process.cwd()}/`, "");
    const cases = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    if (cases.length === 0 && file.status === "failed")
      return [`${name}: ${file.message ?? "failed"}`];
    return cases.map((test) => `${name} › ${test.fullName}`);
  });
  if (failures.length > 0) {
    console.log("\nFailed (vitest):");
    for (const failure of failures) console.log(`  ${failure}`);
  }
}
if (existsSync("test-results/playwright.json")) {
  const stats = JSON.parse(readFileSync("test-results/playwright.json", "utf8")).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  const outcomes = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected" || test.status === "flaky")
          outcomes.push(
            `${test.status === "flaky" ? "passed on retry" : "failed"}: ${spec.file}:${spec.line} › ${spec.title}`,
          );
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of JSON.parse(readFileSync("test-results/playwright.json", "utf8")).suites ?? [])
    visit(suite);
  if (outcomes.length > 0) {
    console.log("\nJourneys that failed or passed only on a retry:");
    for (const outcome of outcomes) console.log(`  ${outcome}`);
  }
}
if (failedSteps > 0 && failed === 0) failed = failedSteps;
writeFileSync("test-results/stages.json", JSON.stringify(stages));
console.log("\nStages:");
for (const { stage, ms, status } of stages)
  console.log(`  ${stage.padEnd(12)} ${duration(ms)}${status === 0 ? "" : ` (exit ${status})`}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 ? 1 : 0);
