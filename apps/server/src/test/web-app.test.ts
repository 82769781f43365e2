import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepPreviousAssets } from "../lib/previous-assets.js";
import { buildTestApp, type TestContext } from "./app.js";

const LANDING = "<!doctype html><h1>Logistics for Amazon FBA Sellers!</h1>";
const LANDING_ZH = '<!doctype html><html lang="zh-CN"><h1>亚马逊 FBA 卖家的头程物流之选！</h1>';
const APP = '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc.js">';

/** A web build as `npm run build` writes it: the app's index.html and the prerendered landing page. */
function webDist(withLanding: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fba-web-dist-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), APP);
  writeFileSync(path.join(dir, "assets", "index-abc.js"), "export {};");
  if (withLanding) {
    writeFileSync(path.join(dir, "landing.html"), LANDING);
    writeFileSync(path.join(dir, "landing.zh-CN.html"), LANDING_ZH);
  }
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
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it("sends the Chinese landing page to a Chinese browser, or to whoever chose it", async () => {
    const get = (url: string, headers: Record<string, string>) =>
      ctx.app.inject({ method: "GET", url, headers });
    expect((await get("/", { "accept-language": "zh-CN,zh;q=0.9,en;q=0.8" })).body).toBe(
      LANDING_ZH,
    );
    expect((await get("/", { "accept-language": "en-US,en;q=0.9" })).body).toBe(LANDING);
    expect((await get("/?lang=zh-CN", { "accept-language": "en-US" })).body).toBe(LANDING_ZH);
    expect((await get("/?lang=en", { "accept-language": "zh-CN" })).body).toBe(LANDING);
    expect((await get("/", { cookie: "fba_locale=zh-CN" })).body).toBe(LANDING_ZH);
    // The app's other pages are one file for every language.
    expect((await get("/login", { "accept-language": "zh-CN" })).body).toBe(APP);
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

// A release replaces the web build; tabs opened before it still ask for the chunks they run.
describe("the web app's files after a release", () => {
  let dataDir: string;
  let oldDist: string;
  let newDist: string;

  /** A build whose screen chunk has its own hash, with brotli and gzip copies. */
  function build(hash: string): string {
    const dir = webDist(true);
    writeFileSync(
      path.join(dir, "assets", `Completed-${hash}.js`),
      `export const build = "${hash}";`,
    );
    writeFileSync(path.join(dir, "assets", `Completed-${hash}.js.br`), "brotli bytes");
    return dir;
  }

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "fba-data-"));
    oldDist = build("old111");
    newDist = build("new222");
  });
  afterAll(() => {
    for (const dir of [dataDir, oldDist, newDist]) rmSync(dir, { recursive: true, force: true });
  });

  it("serves the previous build's hashed files after the upgrade, the current build's first", async () => {
    // The previous release ran on this data folder...
    const before = await buildTestApp({ WEB_DIST_DIR: oldDist, DATA_DIR: dataDir });
    const served = await before.app.inject({ method: "GET", url: "/assets/Completed-old111.js" });
    expect(served.statusCode).toBe(200);
    await before.close();

    // ...and the new one starts there with other files.
    const after = await buildTestApp({ WEB_DIST_DIR: newDist, DATA_DIR: dataDir });
    try {
      const old = await after.app.inject({ method: "GET", url: "/assets/Completed-old111.js" });
      expect(old.statusCode).toBe(200);
      expect(old.body).toBe('export const build = "old111";');
      expect(old.headers["content-type"]).toMatch(/javascript/);
      expect(old.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      // Its precompressed copy too.
      const brotli = await after.app.inject({
        method: "GET",
        url: "/assets/Completed-old111.js",
        headers: { "accept-encoding": "br" },
      });
      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(brotli.body).toBe("brotli bytes");

      const current = await after.app.inject({ method: "GET", url: "/assets/Completed-new222.js" });
      expect(current.body).toBe('export const build = "new222";');

      // A file no build had is a 404, not the app's page (a browser refuses HTML as a script).
      for (const url of [
        "/assets/Completed-none.js",
        "/assets/..%2Fjwt-secret",
        "/assets/.Completed-old111.js.1.tmp",
      ]) {
        const missing = await after.app.inject({ method: "GET", url });
        expect(missing.statusCode, url).toBe(404);
        expect(missing.json()).toMatchObject({ status: "error", status_code: 404 });
      }
    } finally {
      await after.close();
    }
  });

  it("forgets a file once no build has had it for PREVIOUS_ASSETS_DAYS", async () => {
    const store = path.join(dataDir, "previous-assets");
    const start = new Date("2026-03-01T00:00:00Z");
    const day = 86_400_000;
    await keepPreviousAssets(oldDist, store, 14, start);
    // The new build ran every day since; the old build's chunk is kept 14 days after its last day.
    await keepPreviousAssets(newDist, store, 14, new Date(start.getTime() + 14 * day));
    expect(existsSync(path.join(store, "Completed-old111.js"))).toBe(true);
    const late = await keepPreviousAssets(newDist, store, 14, new Date(start.getTime() + 15 * day));
    expect(late.removed).toBe(2);
    expect(existsSync(path.join(store, "Completed-old111.js"))).toBe(false);
    expect(existsSync(path.join(store, "Completed-new222.js"))).toBe(true);
    expect(existsSync(path.join(store, "index-abc.js"))).toBe(true);
  });
});

describe("a server with PREVIOUS_ASSETS_DAYS=0", () => {
  it("keeps no earlier files", async () => {
    const dist = webDist(true);
    const ctx = await buildTestApp({ WEB_DIST_DIR: dist, PREVIOUS_ASSETS_DAYS: 0 });
    try {
      expect(existsSync(path.join(ctx.config.DATA_DIR, "previous-assets"))).toBe(false);
      const asset = await ctx.app.inject({ method: "GET", url: "/assets/index-abc.js" });
      expect(asset.statusCode).toBe(200);
    } finally {
      await ctx.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
