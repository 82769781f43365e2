import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_PAINTING, PAINT_MS_PER_SECOND, withFirstPaint } from "../lib/first-paint.js";
import { buildTestApp, type TestContext } from "./app.js";
import { createSeller, type TestUser } from "./factories.js";
import { postShipment } from "./shipment-factories.js";

const APP =
  '<!doctype html>\n<html lang="en"><head></head><body><div id="root"></div></body></html>';
/** The copy of index.html a painted page is sent in (it loads the app after the paint). */
const PAINTED_COPY = APP.replace("<head>", '<head><script type="module" src="/assets/after.js">');

/**
 * What the web build's dist/ssr/first-paint.mjs offers, as a module of a few lines: the seller's
 * shipment page reads `me` and the shipment, and its "render" names what it was given. What it is
 * given (the answers, the language, the width) is recorded for the tests to read.
 */
const MODULE = `
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => "&#" + c.charCodeAt(0) + ";");
export function firstPaintReads(pathname) {
  const match = /^\\/seller\\/booking\\/order\\/status\\/(\\d+)$/.exec(pathname);
  return match ? ["/api/auth/v1/me/", "/api/shipments/" + match[1] + "/"] : null;
}
export async function renderFirstPaint(input) {
  globalThis.firstPaintCalls.push(input);
  if (globalThis.firstPaintFails) throw new Error("render failed");
  await globalThis.firstPaintHeld;
  // The time the render takes, on the test's clock.
  globalThis.firstPaintRenders?.();
  const id = input.pathname.split("/").at(-1);
  const shipment = input.answers["/api/shipments/" + id + "/"].data;
  return { html: "<p>" + escape(shipment.product_name) + "</p>", css: ".paint{color:red}" };
}
`;

interface Call {
  pathname: string;
  search: string;
  locale: string;
  phone: boolean;
  answers: Record<string, { data: { id: number; product_name?: string } }>;
}
const calls = (): Call[] => (globalThis as unknown as { firstPaintCalls: Call[] }).firstPaintCalls;
const setFails = (fails: boolean) => {
  (globalThis as unknown as { firstPaintFails: boolean }).firstPaintFails = fails;
};

function webDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fba-web-first-paint-"));
  mkdirSync(path.join(dir, "assets"));
  mkdirSync(path.join(dir, "ssr"));
  writeFileSync(path.join(dir, "index.html"), APP);
  writeFileSync(path.join(dir, "ssr", "index.html"), PAINTED_COPY);
  writeFileSync(path.join(dir, "ssr", "first-paint.mjs"), MODULE);
  return dir;
}

/** The first paint's parts in a page, or null when the page has none. */
function paintOf(html: string): { paint: string; answers: Record<string, unknown> } | null {
  const match =
    /<div id="first-paint">([\s\S]*?)<\/div><div id="root"><\/div><script type="application\/json" id="first-paint-answers">([\s\S]*?)<\/script>/.exec(
      html,
    );
  if (!match) return null;
  return {
    paint: match[1] ?? "",
    answers: JSON.parse(match[2] ?? "null") as Record<string, unknown>,
  };
}

describe("the order pages' first paint", () => {
  let ctx: TestContext;
  let dist: string;
  let seller: TestUser;
  let other: TestUser;
  let shipmentId: number;
  const page = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: "GET", url, headers });
  const cookie = (user: TestUser) => ({ cookie: `fba_locale=en; fba_view=${user.token}` });

  beforeAll(async () => {
    // Painting's time budget reads performance.now(): on this clock time passes only as a test
    // says (a render's CPU, a second's rest), whatever else the machine is doing.
    vi.useFakeTimers({ toFake: ["performance"] });
    dist = webDist();
    ctx = await buildTestApp({ WEB_DIST_DIR: dist });
    seller = await createSeller(ctx.app);
    other = await createSeller(ctx.app);
    shipmentId = await postShipment(ctx.app, seller, { product_name: "Bamboo Cutting Board" });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });
  beforeEach(() => {
    (globalThis as unknown as { firstPaintCalls: Call[] }).firstPaintCalls = [];
    setFails(false);
  });

  it("puts the reader's order into the page, with the answers it was rendered from", async () => {
    const url = `/seller/booking/order/status/${shipmentId}`;
    const res = await page(url, cookie(seller));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    // The reader's own order: kept by no shared cache, and never sent for another cookie.
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers.vary).toMatch(/Cookie/);
    const painted = paintOf(res.body);
    expect(painted?.paint).toBe("<style>.paint{color:red}</style><p>Bamboo Cutting Board</p>");
    // The copy that loads the app after the paint, not index.html.
    expect(res.body).toContain('src="/assets/after.js"');
    // The answers are the API's own, read with the reader's session.
    const api = await ctx.app.inject({
      method: "GET",
      url: `/api/shipments/${shipmentId}/`,
      headers: seller.auth,
    });
    expect(painted?.answers[`/api/shipments/${shipmentId}/`]).toEqual(api.json());
    const me = painted?.answers["/api/auth/v1/me/"] as { data: { email: string } };
    expect(me.data.email).toBe(seller.email);
    expect(calls()).toHaveLength(1);
    expect(calls()[0]).toMatchObject({ pathname: url, search: "", locale: "en", phone: false });
  });

  it("renders in the reader's language and for a phone's width", async () => {
    const res = await page(`/seller/booking/order/status/${shipmentId}?src=pendingorders`, {
      cookie: `fba_view=${seller.token}`,
      "accept-language": "zh-CN,zh;q=0.9",
      "user-agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36",
    });
    expect(paintOf(res.body)).not.toBeNull();
    expect(res.body).toContain('<html lang="zh-CN">');
    expect(calls()[0]).toMatchObject({
      search: "?src=pendingorders",
      locale: "zh-CN",
      phone: true,
    });
  });

  it("sends the page as before to anyone the reads refuse, and without a usable session", async () => {
    const url = `/seller/booking/order/status/${shipmentId}`;
    const cases: Record<string, string>[] = [
      {},
      cookie(other),
      { cookie: "fba_view=not-a-token" },
      { cookie: 'fba_view="quoted"' },
      { cookie: `fba_view=${seller.token}x` },
      { authorization: `Bearer ${seller.token}` },
    ];
    for (const headers of cases) {
      const res = await page(url, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.body, JSON.stringify(headers)).toBe(APP);
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
    // Another seller's session read nothing of this order, so nothing was rendered with it.
    expect(calls()).toHaveLength(0);
    // A page without a first paint is sent as before, whoever asks.
    expect((await page("/seller/booking", cookie(seller))).body).toBe(APP);
    expect((await page("/seller/booking/order/status/99999999", cookie(seller))).body).toBe(APP);
  });

  it("sends the page as before when the render fails", async () => {
    setFails(true);
    const res = await page(`/seller/booking/order/status/${shipmentId}`, cookie(seller));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(APP);
    expect(calls()).toHaveLength(1);
  });

  it("paints a few pages at once, and sends the others at once without a paint", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    (globalThis as unknown as { firstPaintHeld: Promise<void> }).firstPaintHeld = held;
    const url = `/seller/booking/order/status/${shipmentId}`;
    const waiting = Array.from({ length: MAX_PAINTING }, () => page(url, cookie(seller)));
    await expect.poll(() => calls().length).toBe(MAX_PAINTING);
    // Every painting slot is taken: the next reader gets the page without waiting.
    const busy = await page(url, cookie(seller));
    expect(busy.body).toBe(APP);
    release();
    for (const res of await Promise.all(waiting)) expect(paintOf(res.body)).not.toBeNull();
    (globalThis as unknown as { firstPaintHeld: undefined }).firstPaintHeld = undefined;
    // The slots are free again.
    expect(paintOf((await page(url, cookie(seller))).body)).not.toBeNull();
  });

  it("paints for at most a quarter of the server's time, and sends the rest without a paint", async () => {
    const globals = globalThis as unknown as { firstPaintRenders?: () => void };
    // A second without painting: the budget is whole again after the tests before.
    vi.advanceTimersByTime(1_000);
    // Each render takes 100 ms, during which the budget of 250 ms a second refills by 25: it
    // lasts four in a row (250, 175, 100 and 25 ms left before each), and the fifth is sent at
    // once without a paint.
    globals.firstPaintRenders = () => vi.advanceTimersByTime(100);
    const url = `/seller/booking/order/status/${shipmentId}`;
    const painted: boolean[] = [];
    for (let i = 0; i < 5; i += 1)
      painted.push(paintOf((await page(url, cookie(seller))).body) !== null);
    globals.firstPaintRenders = undefined;
    expect(PAINT_MS_PER_SECOND).toBe(250);
    expect(painted).toEqual([true, true, true, true, false]);
    // The budget refills with time, 25 ms in a tenth of a second: 50 ms were overspent.
    vi.advanceTimersByTime(100);
    expect(paintOf((await page(url, cookie(seller))).body)).toBeNull();
    vi.advanceTimersByTime(900);
    expect(paintOf((await page(url, cookie(seller))).body)).not.toBeNull();
  });

  it("compresses the page as the API's reads are", async () => {
    const res = await page(`/seller/booking/order/status/${shipmentId}`, {
      ...cookie(seller),
      "accept-encoding": "br, gzip",
    });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/);
    const html = brotliDecompressSync(res.rawPayload).toString("utf8");
    expect(paintOf(html)?.paint).toContain("Bamboo Cutting Board");
  });

  it("never sends the server's own module or its copies of the pages", async () => {
    for (const url of ["/ssr/first-paint.mjs", "/ssr/index.html", "/ssr/"]) {
      const res = await page(url, cookie(seller));
      expect(res.body, url).not.toContain("renderFirstPaint");
      expect(res.body, url).not.toContain("/assets/after.js");
    }
  });

  it("is never a way into the API: the API reads no cookie", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/shipments/${shipmentId}/`,
      headers: cookie(seller),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("withFirstPaint", () => {
  it("keeps the answers from ending their script element", () => {
    const answers = { "/api/x/": { text: "</script><script>alert(1)</script>\u2028<!--" } };
    const html = withFirstPaint(APP, { html: "<p>x</p>", css: "", locale: "en", answers });
    expect(html).not.toBeNull();
    const script = /id="first-paint-answers">([\s\S]*?)<\/script>/.exec(html ?? "")?.[1] ?? "";
    expect(script).not.toMatch(/<\/script|<!--|\u2028/i);
    expect(JSON.parse(script)).toEqual(answers);
  });

  it("keeps the CSS inside its style element and names the page's language", () => {
    const html = withFirstPaint(APP, {
      html: "<p>x</p>",
      css: "p{content:'</style><script>'}",
      locale: "zh-CN",
      answers: {},
    });
    expect(html).toContain('<html lang="zh-CN">');
    expect(html?.match(/<\/style>/g)).toHaveLength(1);
  });

  it("leaves a page without the app's root alone", () => {
    expect(
      withFirstPaint("<!doctype html><p>x</p>", { html: "", css: "", locale: "en", answers: {} }),
    ).toBeNull();
  });
});
