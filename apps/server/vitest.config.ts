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
    // A worker runs its files one after another in one module graph: each file still builds its
    // own app on a database of its own, but the server's modules load once per worker, not once
    // per file (7 min 14 s for the server's tests alone on a 2-core machine, 4 min 36 s shared).
    isolate: false,
    // A file per core (the default leaves one free, and 2-core CI then ran one file at a time):
    // every file builds its own app on a database of its own.
    maxWorkers: "100%",
    globalSetup: ["src/test/global-setup.ts"],
    setupFiles: ["src/test/setup-log-check.ts"],
  },
});
