// Runs after `vite build` (npm run build): writes dist/landing.html, the landing page rendered to
// static HTML with its CSS inlined, and the one small script that makes its buttons act. The
// server sends it for "/": the page paints without any JavaScript, crawlers and visitors without
// JavaScript read the real content, and none of the app's code (React, the router, the data
// layer) is downloaded before the visitor goes further. The app itself still renders the landing
// page when it navigates to "/" (logout, the logo).
// One page per language: landing.html (English) and landing.zh-CN.html; the server picks one by
// the visitor's choice (?lang=, the fba_locale cookie) or Accept-Language, and each names the
// other with <link rel="alternate" hreflang>.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build, loadConfigFromFile } from "vite";

const webRoot = path.resolve(import.meta.dirname, "..");
const dist = path.resolve(webRoot, process.argv[2] ?? "dist");
const assets = path.join(dist, "assets");
const FIRST_PAINT_DIR = "ssr";
const LOCALES = [
  { locale: "en", file: "landing.html", expect: "Logistics for Amazon FBA Sellers!" },
  { locale: "zh-CN", file: "landing.zh-CN.html", expect: "亚马逊 FBA 卖家" },
];

const common = {
  configFile: false,
  root: webRoot,
  logLevel: "warn",
  plugins: [react()],
  resolve: { conditions: ["source"] },
};

/** A page's script: one small file with what it imports, nothing shared with the app. */
async function buildScript(name, entry) {
  const before = new Set(readdirSync(assets));
  await build({
    ...common,
    publicDir: false,
    build: {
      outDir: dist,
      emptyOutDir: false,
      target: "es2022",
      modulePreload: false,
      rolldownOptions: {
        input: { [name]: path.join(webRoot, entry) },
        output: {
          entryFileNames: "assets/[name]-[hash].js",
          codeSplitting: false,
        },
      },
    },
  });
  const file = readdirSync(assets).find(
    (file) => !before.has(file) && file.startsWith(`${name}-`) && file.endsWith(".js"),
  );
  if (!file) throw new Error(`${name} script not written`);
  compress(path.join(assets, file));
  return `/assets/${file}`;
}

/** Renders the page in Node from a server build of its component. */
async function render() {
  const outDir = mkdtempSync(path.join(tmpdir(), "fba-prerender-"));
  try {
    await build({
      ...common,
      ssr: { noExternal: true, resolve: { conditions: ["source"] } },
      build: {
        ssr: path.join(webRoot, "src/app/prerender-landing.tsx"),
        outDir,
        emptyOutDir: true,
        rolldownOptions: { output: { entryFileNames: "prerender.mjs" } },
      },
    });
    const entry = await import(pathToFileURL(path.join(outDir, "prerender.mjs")).href);
    const pages = [];
    for (const { locale } of LOCALES) pages.push(await entry.renderLanding(locale));
    return pages;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * The order pages' first paint (src/app/first-paint.tsx) as a module for Node, in dist/ssr/: the
 * server loads it to render those pages' HTML with the reader's data (the server never sends
 * files from this folder).
 */
async function buildFirstPaint() {
  const outDir = path.join(dist, FIRST_PAINT_DIR);
  // The app's own resolution: "react-i18next" and "zod" as the app's build resolves them.
  const { config } = await loadConfigFromFile(
    { command: "build", mode: "production" },
    path.join(webRoot, "vite.config.ts"),
  );
  const resolution = config.plugins
    .flat()
    .filter((plugin) => plugin?.name === "fba-i18n-on-demand");
  if (resolution.length !== 1) throw new Error("vite.config.ts has no fba-i18n-on-demand plugin");
  await build({
    ...common,
    plugins: [...common.plugins, ...resolution],
    resolve: { ...common.resolve, alias: config.resolve.alias },
    publicDir: false,
    ssr: { noExternal: true, resolve: { conditions: ["source"] } },
    build: {
      ssr: path.join(webRoot, "src/app/first-paint.tsx"),
      outDir,
      emptyOutDir: true,
      rolldownOptions: { output: { entryFileNames: "first-paint.mjs" } },
    },
  });
  const entry = await import(pathToFileURL(path.join(outDir, "first-paint.mjs")).href);
  if (typeof entry.renderFirstPaint !== "function" || typeof entry.firstPaintReads !== "function")
    throw new Error("first paint module lacks its functions");
  console.log(`built the order pages' first paint: ${path.relative(webRoot, outDir)}`);
}

/**
 * The copies of the app's pages the server sends with a first paint (dist/ssr/, same names): their
 * scripts and module preloads become names the after-paint script loads once the page is painted.
 */
async function writeFirstPaintPages(afterPaint) {
  for (const file of readdirSync(dist).filter((name) => /^index(\.[\w-]+)?\.html$/.test(name))) {
    let entries = 0;
    const page = readFileSync(path.join(dist, file), "utf8")
      .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src) => {
        entries += 1;
        return `<meta name="app-entry" content="${src}">\n    <script type="module" src="${afterPaint}"></script>`;
      })
      .replace(
        /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
        (_, href) => `<meta name="app-module" content="${href}">`,
      );
    if (entries !== 1 || page.includes('rel="modulepreload"'))
      throw new Error(`${file}: its scripts are not as the first paint's copy expects`);
    writeFileSync(path.join(dist, FIRST_PAINT_DIR, file), page);
  }
}

/** The app's index.html head (charset, icon, viewport, description, colour) without its scripts. */
function headOf(indexHtml, title) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(indexHtml)?.[1];
  if (!head) throw new Error("index.html has no head");
  return head
    .replace(/\s*<script[\s\S]*?<\/script>/g, "")
    .replace(/\s*<link rel="(modulepreload|stylesheet)"[^>]*>/g, "")
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
}

function compress(file) {
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

await buildFirstPaint();
await writeFirstPaintPages(await buildScript("after-paint", "src/app/after-paint.ts"));
const script = await buildScript("landing", "src/features/landing/landing-script.ts");
const rendered = await render();
const indexHtml = readFileSync(path.join(dist, "index.html"), "utf8");
const alternates = [
  ...LOCALES.map(
    ({ locale }) => `<link rel="alternate" hreflang="${locale}" href="/?lang=${locale}">`,
  ),
  '<link rel="alternate" hreflang="x-default" href="/">',
].join("\n    ");
LOCALES.forEach(({ locale, file, expect }, index) => {
  const { html, css, title } = rendered[index];
  if (!html.includes(expect)) throw new Error(`landing render (${locale}) is empty`);
  const page = `<!doctype html>
<html lang="${locale}">
  <head>${headOf(indexHtml, title)}
    ${alternates}
    <style>${css}</style>
    <script type="module" src="${script}"></script>
  </head>
  <body>
    <div id="root">${html}</div>
  </body>
</html>
`;
  writeFileSync(path.join(dist, file), page);
  compress(path.join(dist, file));
  console.log(
    `prerendered ${file}: ${(page.length / 1024).toFixed(1)} KB (CSS ${(css.length / 1024).toFixed(1)} KB), script ${script}`,
  );
});
