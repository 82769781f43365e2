import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

export const SERVER_PORT = Number(process.env.E2E_PORT ?? 3100);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
// Where the cross-origin journey serves its page: another origin, which the server under test
// lists in CORS_ORIGINS (support/start-server.mjs).
export const CLIENT_PORT = Number(process.env.E2E_CLIENT_PORT ?? SERVER_PORT + 1);
// Set to run the journeys against servers already running (e.g. nginx in front of several
// instances, scripts/multi-instance.sh); the caller then also runs the SMTP sink on SMTP_PORT.
const EXTERNAL_URL = process.env.E2E_EXTERNAL_URL;

/**
 * Debian's chromium-headless-shell: the same Blink and V8 as its chromium, without the desktop
 * browser's window machinery, which took a third more CPU for each page the journeys load (24 s
 * against 16 s for eight page loads, all of Chromium's processes counted). Chromium itself where
 * the shell is not installed.
 */
const CHROMIUM = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) =>
  existsSync(file),
);

export default defineConfig({
  testDir: "./tests",
  outputDir: "../test-results/playwright",
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Two files at a time: a journey spends much of its time waiting (bid windows, sockets, the
  // server), and every journey signs up its own accounts, so two do not see each other's data.
  // Tests within a file keep their order. Three at a time took 5 min 57 s instead of 6 min 51 s,
  // but kept both cores 97% busy, and the server (its embedded database in the same process)
  // then shed a sign-up with 503.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: "../test-results/playwright.json" }]],
  use: {
    baseURL: EXTERNAL_URL ?? `http://127.0.0.1:${SERVER_PORT}`,
    // A trace records a screencast of every action, which took about a third of the journeys'
    // CPU: in CI only a failed journey's retry records one (beside its failure screenshot).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    // The journeys read the product as someone who asked for less motion: nothing slides or
    // pulses (about a third less of the browsers' CPU), and waits end when content is there, not
    // when an animation is. order-chat.spec.ts keeps motion, gliding to the chat included.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: EXTERNAL_URL
    ? []
    : [
        {
          command: `node support/smtp-sink.mjs ${SMTP_PORT}`,
          port: SMTP_PORT,
          reuseExistingServer: false,
        },
        {
          command: `node support/start-server.mjs ${SERVER_PORT} ${SMTP_PORT} ${CLIENT_PORT}`,
          url: `http://127.0.0.1:${SERVER_PORT}/api/health/ready`,
          reuseExistingServer: false,
          timeout: Number(process.env.E2E_SERVER_START_TIMEOUT_MS ?? 60_000),
          stdout: "pipe",
        },
      ],
});
