import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "./app.js";

const LANDING = "<!doctype html><h1>Logistics for Amazon FBA Sellers!</h1>";
const APP = '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc.js">';

/** A web build as `npm run build` writes it: the app's index.html and the prerendered landing page. */
function webDist(withLanding: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fba-web-dist-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), APP);
  writeFileSync(path.join(dir, "assets", "index-abc.js"), "export {};");
  if (withLanding) writeFileSync(path.join(dir, "landing.html"), LANDING);
  return dir;
}

// "/" is the prerendered landing page: its content arrives as HTML, without any script running.
describe("the web app's pages", () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = webDist(true);
    ctx = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("sends the prerendered landing page for /", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe(LANDING);
  });

  it("sends the app for every other page, and hashed assets with a long cache life", async () => {
    for (const url of ["/login", "/seller/booking", "/seller/booking/order/status/7"]) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(APP);
    }
    const asset = await ctx.app.inject({ method: "GET", url: "/assets/index-abc.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

describe("a web build without a prerendered landing page", () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = webDist(false);
    ctx = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("sends the app for /", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(APP);
  });
});

// The web build's copies of index.html that also preload a page's own code (route-html.json).
describe("a web build with copies of index.html for its most opened pages", () => {
  let ctx: TestContext;
  let dist: string;
  const LIST = `${APP}<link rel="modulepreload" href="/assets/lists-abc.js">`;
  const SHIPMENT = `${APP}<link rel="modulepreload" href="/assets/shipment-abc.js">`;

  beforeAll(async () => {
    dist = webDist(true);
    writeFileSync(path.join(dist, "index.SellerList.html"), LIST);
    writeFileSync(path.join(dist, "index.SellerShipment.html"), SHIPMENT);
    writeFileSync(
      path.join(dist, "route-html.json"),
      JSON.stringify({
        "/seller/booking": "index.SellerList.html",
        "/seller/booking/order/status/*": "index.SellerShipment.html",
        // Never served: not a copy of index.html, or not in the build.
        "/admin": "../secrets.html",
        "/agent": "index.Missing.html",
      }),
    );
    ctx = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("sends each path its copy, and index.html to every other path", async () => {
    const expected: [string, string][] = [
      ["/seller/booking", LIST],
      ["/seller/booking/", LIST],
      ["/seller/booking?page=2", LIST],
      ["/seller/booking/order/status/7", SHIPMENT],
      ["/seller/booking/order/status/", APP],
      ["/seller/booking/pendingorders", APP],
      ["/admin", APP],
      ["/agent", APP],
      ["/login", APP],
      ["/", LANDING],
    ];
    for (const [url, body] of expected) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toBe(body);
    }
  });
});
