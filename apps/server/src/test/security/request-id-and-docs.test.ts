import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../../app.js";
import { loadConfig, testConfig } from "../../config.js";
import { buildTestApp, openTestDatabase, type TestContext } from "../app.js";

describe("request ids", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  const idOf = async (given: string) => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": given },
    });
    expect(res.statusCode).toBe(200);
    return String(res.headers["x-request-id"]);
  };
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("keeps a short, plain id from the caller", async () => {
    expect(await idOf("edge-7f3a.B_01")).toBe("edge-7f3a.B_01");
    expect(await idOf("a".repeat(64))).toBe("a".repeat(64));
  });

  it("replaces an 8,000-character id with its own", async () => {
    const own = await idOf("x".repeat(8_000));
    expect(own).toMatch(uuid);
    expect(await idOf("a".repeat(65))).toMatch(uuid);
  });

  it("replaces hostile ids (log forging, markup, spaces) with its own", async () => {
    for (const hostile of [
      'abc" level=fatal msg="forged',
      "<script>alert(1)</script>",
      "id with spaces",
      "../../etc/passwd",
      "naïve",
      "",
    ]) {
      expect(await idOf(hostile), hostile).toMatch(uuid);
    }
  });

  it("never writes a refused id into a log line", async () => {
    const lines: string[] = [];
    const dataDir = mkdtempSync(path.join(tmpdir(), "fba-reqid-"));
    const { database, drop } = await openTestDatabase();
    const config = testConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "info",
    });
    const app = await buildApp(config, {
      database,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      const hostile = `evil${"Z".repeat(8_000)}`;
      const res = await app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-request-id": hostile },
      });
      expect(res.headers["x-request-id"]).toMatch(uuid);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.some((line) => line.includes("ZZZZZZZZ"))).toBe(false);
    } finally {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("API docs", () => {
  it("are off by default in production, on in development and test", () => {
    expect(loadConfig({ NODE_ENV: "production" }).API_DOCS).toBe("off");
    expect(loadConfig({ NODE_ENV: "development" }).API_DOCS).toBe("on");
    expect(loadConfig({}).API_DOCS).toBe("on");
    expect(loadConfig({ NODE_ENV: "test" }).API_DOCS).toBe("on");
    expect(loadConfig({ NODE_ENV: "production", API_DOCS: "on" }).API_DOCS).toBe("on");
    expect(loadConfig({ NODE_ENV: "development", API_DOCS: "off" }).API_DOCS).toBe("off");
    expect(() => loadConfig({ API_DOCS: "yes" })).toThrow(/API_DOCS/);
  });

  it("answer 404 in the contract's shape when off", async () => {
    const ctx = await buildTestApp({ API_DOCS: "off" });
    try {
      for (const url of ["/api/docs", "/api/docs/", "/api/docs/openapi.json", "/api/docs/json"]) {
        const res = await ctx.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ status: "error", status_code: 404 });
      }
      // The API itself is unchanged.
      expect((await ctx.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it("are served when on", async () => {
    const ctx = await buildTestApp({ API_DOCS: "on" });
    try {
      const doc = await ctx.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
      expect(doc.statusCode).toBe(200);
      expect(doc.json()).toHaveProperty("openapi");
      const page = await ctx.app.inject({ method: "GET", url: "/api/docs/" });
      expect(page.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
