import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A file per core (the default leaves one free, and 2-core CI then ran one file at a time):
    // every file builds its own app on a database of its own.
    maxWorkers: "100%",
    globalSetup: ["src/test/global-setup.ts"],
    setupFiles: ["src/test/setup-log-check.ts"],
  },
});
