/* global document -- evaluated in the browser by Playwright */
// Web figures from the production build (npm run build): initial JS of the landing page (the
// scripts of landing.html, which the server sends for "/") and the largest lazy chunk (gzip, zlib
// level 9), the JS the seller list and shipment pages download before they show (measured in the
// browser), axe serious/critical violations on every screen, and Lighthouse mobile scores for the
// landing page, a list page and a shipment page (signed in by putting tokens in the browser
// profile's localStorage first). The built server runs on a fresh embedded database with demo
// accounts and seeded shipments. Loopback only, bounded in time.
// BENCH_WEB_SKIP_LIGHTHOUSE=1 runs only the bundle figures and axe (a quick loop while fixing
// findings); BENCH_WEB_SCREENS=text limits axe to the screens whose path contains that text;
// BENCH_WEB_DIST and BENCH_SERVER_DIST measure copies of the builds; BENCH_WEB_REPORTS=dir keeps
// the Lighthouse reports; BENCH_WEB_LIGHTHOUSE_FLAGS adds flags to Lighthouse's command line;
// BENCH_WEB_FILES=1 lists each file of the signed-in pages' first download with its size;
// BENCH_WEB_LIGHTHOUSE_RUNS=n runs Lighthouse n times a page (3 unless told) and reports the run
// with the median performance score; BENCH_WEB_LIGHTHOUSE_PAGES=text runs Lighthouse only on the
// pages whose label contains that text (e.g. "order /" for the order page).
// Notes on the figures: Lighthouse simulates slow 4G and a 4x slower CPU from the task times it
// observes, so TBT (and the performance score with it) grows with the machine's load; read them
// with the load average of the run. The signed-in pages' first download is mostly React, the
// router, MUI and emotion (about 140 KB gzip in the entry) before any screen code.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "e2e/package.json"));
const PORT = Number(process.env.BENCH_WEB_PORT ?? 27510);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// BENCH_WEB_DIST / BENCH_SERVER_DIST: measure copies of the builds (another build may be under way).
const dist = process.env.BENCH_WEB_DIST ?? path.join(root, "apps/web/dist");
const serverDist = process.env.BENCH_SERVER_DIST ?? path.join(root, "apps/server/dist");
const BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// Time limit for the whole script: a hung browser must not hang `npm run bench`.
setTimeout(() => {
  console.log("web bench: time limit reached");
  process.exit(1);
}, 15 * 60_000).unref();

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

/** The scripts an HTML page loads at once: its module scripts and their modulepreloads. */
function scriptsOf(htmlFile) {
  const html = readFileSync(path.join(dist, htmlFile), "utf8");
  return new Set(
    [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
      (match) => match[1],
    ),
  );
}

function bundleFigures() {
  // "/" is served the prerendered landing.html when the build has one (else the app's index.html).
  const landingHtml = existsSync(path.join(dist, "landing.html")) ? "landing.html" : "index.html";
  const landing = scriptsOf(landingHtml);
  const landingBytes = [...landing].reduce((sum, file) => sum + gz(file), 0);
  const initial = new Set([...landing, ...scriptsOf("index.html")]);
  const lazy = readdirSync(path.join(dist, "assets"))
    .filter((file) => file.endsWith(".js") && !initial.has(`assets/${file}`))
    .map((file) => ({ file, bytes: gz(`assets/${file}`) }))
    .sort((a, b) => b.bytes - a.bytes);
  const over = lazy.filter((chunk) => chunk.bytes > 60 * 1024);
  console.log(
    `initial JS landing (gzip): ${kb(landingBytes)} in ${landing.size} files (${landingHtml})`,
  );
  console.log(
    `largest lazy chunk (gzip): ${kb(lazy[0]?.bytes ?? 0)} ${lazy[0]?.file ?? ""}; ${over.length} of ${lazy.length} lazy chunks over 60 KB${over.length ? ` (${over.map((c) => `${c.file} ${kb(c.bytes)}`).join(", ")})` : ""}`,
  );
}

/**
 * The JavaScript a signed-in screen downloads before it shows its content: every script the
 * browser requested from opening the page until the screen's heading is up and its loading
 * indicators are gone (the entry, its modulepreloads, the lazy chunks of the data layer, the
 * layout and the screen, and anything else they start), gzip level 9 of the built files.
 */
async function firstPaintJs(label, url, session) {
  const { chromium } = require("playwright");
  const browser = await chromium.launch({ executablePath: CHROME, args: BROWSER_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    await context.addInitScript((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, storageEntries(session));
    const page = await context.newPage();
    const scripts = new Set();
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/assets/") && pathname.endsWith(".js"))
        scripts.add(pathname.slice(1));
    });
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: 45_000 });
    await page.waitForSelector("h1, h2", { timeout: 20_000 });
    await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'), null, {
      timeout: 20_000,
    });
    const files = [...scripts];
    const bytes = files.reduce((sum, file) => sum + gz(file), 0);
    console.log(`initial JS ${label} (gzip): ${kb(bytes)} in ${files.length} files`);
    if (process.env.BENCH_WEB_FILES)
      for (const file of files) console.log(`  ${file} ${kb(gz(file))}`);
  } catch (error) {
    console.log(`initial JS ${label} (gzip): not measured (${error.message.split("\n")[0]})`);
  } finally {
    await browser.close();
  }
}

async function startServer(dataDir) {
  // Seed first: PGlite is single-process, so the server must not hold the database yet.
  const seed = spawnSync(
    process.execPath,
    [path.join(serverDist, "cli/seed.js"), "--shipments", "300", "--sellers", "5", "--agents", "3"],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      timeout: 180_000,
    },
  );
  const emails = /(seller1\.[^\s@]+@seed\.example\.com)/.exec(seed.stdout ?? "");
  if (seed.status !== 0 || !emails) throw new Error(`seeding failed: ${seed.stderr}`);
  const child = spawn(process.execPath, [path.join(serverDist, "main.js")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      SMTP_URL: "",
      PUBLIC_URL: ORIGIN,
      WEB_DIST_DIR: dist,
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
      RATE_LIMIT_DISABLED: "true",
      MAX_EVENT_LOOP_DELAY_MS: "0",
    },
  });
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error("server exited early");
    try {
      if ((await fetch(`${ORIGIN}/api/health/ready`)).ok) return { child, seller: emails[1] };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error("server did not start");
}

async function login(email, password, group) {
  const response = await fetch(`${ORIGIN}/api/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, group }),
  });
  const body = await response.json();
  const data = body.data ?? body;
  if (!data.access_token) throw new Error(`login ${email} failed: ${JSON.stringify(body)}`);
  return data;
}

/** The first object with a numeric id inside a list response. */
function firstId(body) {
  const stack = [body];
  while (stack.length) {
    const value = stack.shift();
    if (Array.isArray(value)) {
      const hit = value.find((item) => item && typeof item.id === "number");
      if (hit) return hit.id;
      stack.push(...value);
    } else if (value && typeof value === "object") stack.push(...Object.values(value));
  }
  return null;
}

async function getId(session, url) {
  const response = await fetch(`${ORIGIN}${url}`, {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  return firstId(await response.json());
}

function storageEntries(session) {
  return {
    AUTH_TOKEN: session.access_token,
    REFRESH_TOKEN: session.refresh_token,
    USER_DETAILS: JSON.stringify(session.user),
  };
}

async function axeAll(screens) {
  const { chromium } = require("playwright");
  const { AxeBuilder } = require("@axe-core/playwright");
  const browser = await chromium.launch({ executablePath: CHROME, args: BROWSER_ARGS });
  let total = 0;
  const failing = [];
  try {
    for (const screen of screens) {
      for (const width of [1280, 375]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        if (screen.session) {
          const entries = storageEntries(screen.session);
          await context.addInitScript((items) => {
            if (!localStorage.getItem("AUTH_TOKEN"))
              for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
          }, entries);
        }
        const page = await context.newPage();
        try {
          await page.goto(`${ORIGIN}${screen.path}`, { waitUntil: "load", timeout: 45_000 });
          // Screens render after their lazy chunk and first query: wait for the heading, then
          // for the loading indicators to go.
          await page.waitForSelector("h1, h2", { timeout: 20_000 }).catch(() => {});
          await page
            .waitForFunction(() => !document.querySelector('[role="progressbar"]'), null, {
              timeout: 10_000,
            })
            .catch(() => {});
          await sleep(300);
          const result = await new AxeBuilder({ page })
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
            .analyze();
          const bad = result.violations.filter(
            (v) => v.impact === "serious" || v.impact === "critical",
          );
          const count = bad.reduce((sum, v) => sum + v.nodes.length, 0);
          total += count;
          process.stderr.write(`axe ${screen.path} @${width} ${count}\n`);
          for (const v of bad)
            for (const node of v.nodes.slice(0, 3))
              process.stderr.write(`    ${v.id} ${node.target.join(" ")}\n`);
          if (count > 0)
            failing.push(
              `${screen.path}@${width}: ${bad.map((v) => `${v.id}(${v.nodes.length})`).join(" ")}`,
            );
        } catch (error) {
          failing.push(`${screen.path}@${width}: not measured (${error.message.split("\n")[0]})`);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  // No colon after the screen: these detail lines must not become rows of the table.
  for (const line of failing) console.log(`  axe finding ${line.replace(/:/g, " -")}`);
  console.log(
    `axe serious+critical: ${total} on ${screens.length} screens x 2 widths${failing.length ? `; ${failing.length} screen/width with findings` : ""}`,
  );
}

/** One line of Lighthouse's scores and the three metrics they weigh most. */
function printScores(label, url, report, note = "") {
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id]?.displayValue ?? "?";
  const landed = report.finalDisplayedUrl ?? report.finalUrl;
  console.log(
    `lighthouse mobile ${label}: performance ${score("performance")}, accessibility ${score("accessibility")}, best practices ${score("best-practices")} (FCP ${audit("first-contentful-paint")}, LCP ${audit("largest-contentful-paint")}, TBT ${audit("total-blocking-time")}, CLS ${audit("cumulative-layout-shift")})${note}${landed.endsWith(new URL(url).pathname) ? "" : ` [landed on ${landed}]`}`,
  );
}

// Lighthouse's own guidance on variability: one run's performance score swings with the machine
// (here 92 to 96 for one build), so a page's figure is the run with the median score of several.
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_WEB_LIGHTHOUSE_RUNS ?? 3);

/** The page's median run of LIGHTHOUSE_RUNS, printed with every run's performance score. */
async function lighthouse(label, url, session) {
  const only = process.env.BENCH_WEB_LIGHTHOUSE_PAGES;
  if (only && !label.includes(only)) return;
  const reports = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    const report = await lighthouseRun(label, url, session);
    if (report) reports.push(report);
  }
  if (reports.length === 0) return;
  const performance = (report) => report.categories.performance.score;
  const sorted = [...reports].sort((a, b) => performance(a) - performance(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const scores = reports.map((report) => Math.round(performance(report) * 100)).join(", ");
  printScores(
    label,
    url,
    median,
    reports.length > 1 ? `; median of ${reports.length} runs (performance ${scores})` : "",
  );
}

/** One Lighthouse run of the page; its report, or undefined (said why) if it has none. */
async function lighthouseRun(label, url, session, attempt = 1) {
  const cli = path.join(root, "node_modules/lighthouse/cli/index.js");
  if (!existsSync(cli)) {
    console.log(`lighthouse ${label}: not measured (lighthouse not installed)`);
    return undefined;
  }
  const profile = mkdtempSync(path.join(tmpdir(), "fba-lh-profile-"));
  let retry = false;
  let result;
  try {
    if (session) {
      const { chromium } = require("playwright");
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROME,
        args: BROWSER_ARGS,
      });
      const page = await context.newPage();
      await page.goto(`${ORIGIN}/favicon.svg`);
      // What the app keeps at login: the session in localStorage, the access token's copy in the
      // cookie the server's first paint of an order page reads.
      await page.evaluate((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
        document.cookie = `fba_view=${items.AUTH_TOKEN}; path=/; max-age=900; samesite=lax`;
      }, storageEntries(session));
      await context.close();
    }
    const out = path.join(profile, "report.json");
    const run = spawnSync(
      process.execPath,
      [
        cli,
        url,
        "--quiet",
        "--output=json",
        `--output-path=${out}`,
        "--only-categories=performance,accessibility,best-practices",
        "--disable-storage-reset",
        `--chrome-flags=--headless=new --no-sandbox --disable-gpu --user-data-dir=${profile}`,
        // e.g. BENCH_WEB_LIGHTHOUSE_FLAGS=--throttling-method=devtools: throttle for real instead
        // of simulating, to see what the order of requests does on a slow network.
        ...(process.env.BENCH_WEB_LIGHTHOUSE_FLAGS ?? "").split(" ").filter(Boolean),
      ],
      { env: { ...process.env, CHROME_PATH: CHROME }, encoding: "utf8", timeout: 180_000 },
    );
    if (!existsSync(out))
      throw new Error(run.stderr?.split("\n").slice(-3).join(" ") || "no report");
    const report = JSON.parse(readFileSync(out, "utf8"));
    // BENCH_WEB_REPORTS=dir keeps each Lighthouse report (JSON) there, to see what the figures are made of.
    if (process.env.BENCH_WEB_REPORTS)
      copyFileSync(
        out,
        path.join(
          process.env.BENCH_WEB_REPORTS,
          `${label.replace(/\W+/g, "_")}.${Date.now()}.json`,
        ),
      );
    // A run Lighthouse itself could not finish (on this shared machine now and then, e.g. a
    // trace without its paint events) is run again once rather than read as a score of 0.
    const failure =
      report.runtimeError?.code ??
      (report.categories.performance?.score == null ? "no performance score" : null);
    if (failure && attempt === 1) {
      process.stderr.write(`lighthouse ${label}: run failed (${failure}), running it again\n`);
      retry = true;
    } else if (failure) {
      throw new Error(`Lighthouse run failed twice: ${failure}`);
    } else {
      result = report;
    }
  } catch (error) {
    console.log(`lighthouse ${label}: not measured (${error.message})`);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  return retry ? lighthouseRun(label, url, session, attempt + 1) : result;
}

async function main() {
  if (!existsSync(path.join(dist, "index.html")) || !existsSync(path.join(serverDist, "main.js"))) {
    console.log("web bench: run `npm run build` first");
    process.exit(1);
  }
  bundleFigures();
  const dataDir = mkdtempSync(path.join(tmpdir(), "fba-bench-web-"));
  let server;
  try {
    server = await startServer(dataDir);
    const seller = await login(server.seller, "Passw0rd!", "Seller");
    const demoSeller = await login("demo.seller@example.com", "Seller#Demo1", "Seller");
    const agent = await login("demo.agent@example.com", "Agent#Demo1", "Shipper");
    const admin = await login("demo.admin@example.com", "Admin#Demo1", "Seller");
    const shipmentId = await getId(seller, "/api/seller/shipments/?page=1&per_page=5");
    const openId = await getId(agent, "/api/shipper/shipments/?page=1&per_page=5");
    // An order the demo agent won and the seller accepted: the agent's order page.
    const orderId = await getId(agent, "/api/shipper/recent-orders/?page=1&per_page=5");
    const screens = [
      { path: "/" },
      { path: "/login" },
      { path: "/signup" },
      { path: "/no-such-page" },
      ...[
        "/seller/dashboard",
        "/quotes",
        "/seller/booking",
        "/seller/booking/pendingorders",
        "/seller/booking/recentorders",
        "/seller/booking/pastorders",
        "/seller/booking/cancelledorders",
        "/seller/booking/sampleshipments",
        "/seller/announcement",
        `/seller/booking/order/status/${shipmentId}`,
        `/seller/booking/recentorderstatus/${shipmentId}`,
      ].map((p) => ({ path: p, session: seller })),
      { path: "/seller/profile", session: demoSeller },
      ...[
        "/shipper/dashboard",
        "/shipper/dashboard/orders",
        "/shipper/dashboard/orders/pastorders",
        "/shipper/dashboard/orders/shipment-histories",
        "/shipper/dashboard/orders/sample-shipments",
        "/shipper/dashboard/announcement",
        "/shipper/profile",
        `/shipper/bid/${openId}`,
      ].map((p) => ({ path: p, session: agent })),
      ...[
        "/admin/dashboard",
        "/admin/users",
        "/admin/warehouses",
        "/admin/announcement",
        "/admin/profile",
        `/admin/shipments/${shipmentId}`,
      ].map((p) => ({ path: p, session: admin })),
    ];
    await firstPaintJs("list /seller/booking", `${ORIGIN}/seller/booking`, seller);
    await firstPaintJs(
      "shipment /seller/booking/order/status/{id}",
      `${ORIGIN}/seller/booking/order/status/${shipmentId}`,
      seller,
    );
    // The order page: the demo agent's accepted order, or else the seeded seller's, as the seller
    // opens it.
    const sellerOrderId = orderId
      ? null
      : await getId(seller, "/api/seller/recent-orders/?page=1&per_page=5");
    const order = orderId
      ? {
          label: "/shipper/dashboard/orders/status/{id}",
          path: `/shipper/dashboard/orders/status/${orderId}?src=accepted`,
          session: agent,
        }
      : sellerOrderId
        ? {
            label: "/seller/booking/recentorderstatus/{id}",
            path: `/seller/booking/recentorderstatus/${sellerOrderId}`,
            session: seller,
          }
        : null;
    if (order) await firstPaintJs(`order ${order.label}`, `${ORIGIN}${order.path}`, order.session);
    const only = process.env.BENCH_WEB_SCREENS;
    await axeAll(only ? screens.filter((screen) => screen.path.includes(only)) : screens);
    if (process.env.BENCH_WEB_SKIP_LIGHTHOUSE === "1") return;
    await lighthouse("landing /", `${ORIGIN}/`);
    await lighthouse("list /seller/booking", `${ORIGIN}/seller/booking`, seller);
    await lighthouse(
      "shipment /seller/booking/order/status/{id}",
      `${ORIGIN}/seller/booking/order/status/${shipmentId}`,
      seller,
    );
    if (order) await lighthouse(`order ${order.label}`, `${ORIGIN}${order.path}`, order.session);
    else console.log("web bench: no accepted order to open; order page not measured");
  } finally {
    server?.child.kill("SIGTERM");
    await sleep(1000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
