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
import { build } from "vite";

const webRoot = path.resolve(import.meta.dirname, "..");
const dist = path.resolve(webRoot, process.argv[2] ?? "dist");
const assets = path.join(dist, "assets");
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

/** The page's script: one small file with what it imports, nothing shared with the app. */
async function buildScript() {
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
        input: { landing: path.join(webRoot, "src/features/landing/landing-script.ts") },
        output: {
          entryFileNames: "assets/[name]-[hash].js",
          codeSplitting: false,
        },
      },
    },
  });
  const file = readdirSync(assets).find(
    (name) => !before.has(name) && /^landing-.*\.js$/.test(name),
  );
  if (!file) throw new Error("landing script not written");
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

const script = await buildScript();
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
compress(path.join(dist, script));
