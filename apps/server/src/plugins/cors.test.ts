// Cross-origin calls as a browser makes them: a preflight (OPTIONS with Origin and
// Access-Control-Request-*) before any call that is not a simple GET/POST, then the call itself,
// whose answer the page may read only when it names the page's origin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { buildTestApp, type TestContext } from "../test/app.js";
import { createSeller, type TestUser } from "../test/factories.js";

const CLIENT = "http://client.example.test:3111";
const SECOND = "https://second.example.test";
const OTHER = "http://elsewhere.example.test";

/** The headers the existing client and our own web app may send on a cross-origin call. */
const REQUESTED_HEADERS = "authorization,content-type,idempotency-key,x-request-id";

const listOf = (header: unknown) =>
  String(header ?? "")
    .split(",")
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

describe("CORS with CORS_ORIGINS set", () => {
  let ctx: TestContext;
  let seller: TestUser;
  beforeAll(async () => {
    // Written with a trailing slash and upper case: browsers send the origin without either.
    ctx = await buildTestApp({ CORS_ORIGINS: ` ${CLIENT.toUpperCase()}/ , ${SECOND}` });
    seller = await createSeller(ctx.app);
  });
  afterAll(async () => ctx.close());

  const preflight = (url: string, method: string, origin = CLIENT) =>
    ctx.app.inject({
      method: "OPTIONS",
      url,
      headers: {
        origin,
        "access-control-request-method": method,
        "access-control-request-headers": REQUESTED_HEADERS,
      },
    });

  it("lets every method the API serves through the preflight, with the headers clients send", async () => {
    for (const [method, url] of [
      ["GET", "/api/auth/me/"],
      ["HEAD", "/api/health"],
      ["POST", "/api/auth/login/"],
      ["PATCH", "/api/quotations/7/"],
      ["PUT", "/api/auth/update-profile/"],
      ["DELETE", "/api/average-cost/delete-multiple/"],
    ] as const) {
      const res = await preflight(url, method);
      expect(res.statusCode, `${method} ${url}`).toBe(204);
      expect(res.headers["access-control-allow-origin"]).toBe(CLIENT.toLowerCase());
      expect(listOf(res.headers["access-control-allow-methods"])).toContain(method.toLowerCase());
      expect(listOf(res.headers["access-control-allow-headers"])).toEqual(
        expect.arrayContaining(REQUESTED_HEADERS.split(",")),
      );
      expect(Number(res.headers["access-control-max-age"])).toBeGreaterThan(0);
      // No cookies are involved: bearer tokens only.
      expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
    }
  });

  it("answers calls, refusals included, with the origin and the headers clients read", async () => {
    const me = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/me/",
      headers: { origin: CLIENT, authorization: `Bearer ${seller.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers["access-control-allow-origin"]).toBe(CLIENT.toLowerCase());
    expect(listOf(me.headers["access-control-expose-headers"])).toEqual(
      expect.arrayContaining(["retry-after", "x-request-id", "content-disposition"]),
    );
    expect(me.headers["vary"]).toMatch(/origin/i);

    // The client must be able to read a refusal's body and status to react to it.
    const refused = await ctx.app.inject({
      method: "PATCH",
      url: "/api/quotations/7/",
      headers: { origin: CLIENT, "content-type": "application/json" },
      payload: "{}",
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["access-control-allow-origin"]).toBe(CLIENT.toLowerCase());
  });

  it("names no other origin, so browsers keep refusing pages elsewhere", async () => {
    const res = await preflight("/api/quotations/7/", "PATCH", OTHER);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    const call = await ctx.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { origin: OTHER },
    });
    expect(call.statusCode).toBe(200);
    expect(call.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("CORS without CORS_ORIGINS", () => {
  it("sends no CORS header and says at start how to allow a client on another origin", async () => {
    const ctx = await buildTestApp();
    const lines: string[] = [];
    const app = await buildApp(
      { ...ctx.config, LOG_LEVEL: "info", CORS_ORIGINS: "" },
      { database: ctx.database, logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      await app.ready();
      const said = lines
        .map((line) => JSON.parse(line) as { msg: string })
        .filter((line) => /CORS_ORIGINS/.test(line.msg));
      expect(said).toHaveLength(1);
      expect(said[0]!.msg).toMatch(/refuse/);
      expect(said[0]!.msg).toMatch(/set CORS_ORIGINS=/);

      const res = await app.inject({
        method: "OPTIONS",
        url: "/api/auth/login/",
        headers: { origin: CLIENT, "access-control-request-method": "POST" },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    } finally {
      await app.close();
      await ctx.close();
    }
  });
});

describe("the CORS_ORIGINS setting", () => {
  it("refuses entries that are not origins, naming the variable", () => {
    for (const value of [
      "app.example.com",
      "https://app.example.com/client",
      "ftp://app.example.com",
      "*",
    ]) {
      expect(() => loadConfig({ CORS_ORIGINS: value }), value).toThrow(/CORS_ORIGINS: .*origin/);
    }
  });

  it("takes comma-separated origins", () => {
    expect(
      loadConfig({ CORS_ORIGINS: "https://app.example.com/, http://127.0.0.1:3111" }).CORS_ORIGINS,
    ).toBe("https://app.example.com/, http://127.0.0.1:3111");
  });
});
