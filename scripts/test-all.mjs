// Runs the whole suite: unit and integration tests (Vitest), then the production build and the
// browser journeys (Playwright). Prints one closing line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";

mkdirSync("test-results", { recursive: true });
const run = (command, args) => spawnSync(command, args, { stdio: "inherit", env: process.env }).status ?? 1;

let failedSteps = 0;
const vitestStatus = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"]);
if (vitestStatus !== 0) failedSteps++;

const buildStatus = run("npm", ["run", "build"]);
let e2eStatus = 1;
if (buildStatus === 0) {
  e2eStatus = run("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts"]);
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
}
if (existsSync("test-results/playwright.json")) {
  const stats = JSON.parse(readFileSync("test-results/playwright.json", "utf8")).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
}
if (failedSteps > 0 && failed === 0) failed = failedSteps;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 ? 1 : 0);
