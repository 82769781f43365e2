import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the build, so the server
 * can send compressed files without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "fba-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|txt)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
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
    },
  };
}

const requireFromWeb = createRequire(import.meta.url);
const muiSubpaths = new Map<string, boolean>();
const hasMuiSubpath = (name: string) => {
  let found = muiSubpaths.get(name);
  if (found === undefined) {
    try {
      requireFromWeb.resolve(`@mui/material/${name}`);
      found = true;
    } catch {
      found = false;
    }
    muiSubpaths.set(name, found);
  }
  return found;
};

/**
 * Rewrites `import { Box, Paper } from "@mui/material"` in the app's code to one import per
 * component (`import Box from "@mui/material/Box"`), as MUI's own guidance on bundle size does.
 * The bundle is the same; what changes is the module graph the chunk groups below read: through
 * the package's index module every screen would seem to import every MUI component.
 */
function muiDirectImports(): Plugin {
  const barrel = /import\s*\{([^}]*)\}\s*from\s*["']@mui\/material["'];?/g;
  return {
    name: "fba-mui-direct-imports",
    apply: "build",
    transform(code, id) {
      if (
        id.includes("/node_modules/") ||
        !/\.[jt]sx?$/.test(id) ||
        !code.includes("@mui/material")
      )
        return null;
      const next = code.replace(barrel, (whole, list: string) => {
        const direct: string[] = [];
        const rest: string[] = [];
        for (const part of list
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean)) {
          const [name, local = name] = part.split(/\s+as\s+/).map((item) => item.trim());
          if (name && /^[A-Z]|^use/.test(name) && hasMuiSubpath(name))
            direct.push(`import ${local} from "@mui/material/${name}";`);
          else rest.push(part);
        }
        if (direct.length === 0) return whole;
        return [
          ...direct,
          ...(rest.length ? [`import { ${rest.join(", ")} } from "@mui/material";`] : []),
        ].join(" ");
      });
      return next === code ? null : { code: next, map: null };
    },
  };
}

/**
 * Points the app's imports of "react-i18next" at src/i18n/react-i18next.tsx, which translates
 * English without the library and loads the library (src/i18n/full.ts, the one module that imports
 * it, with full-trans.ts) for another language: an English reader's first page downloads neither
 * i18next nor react-i18next. In the build and in the tests alike.
 */
function i18nLibraryOnDemand(): Plugin {
  const shim = path.resolve(import.meta.dirname, "src/i18n/react-i18next.tsx");
  const library = path.resolve(import.meta.dirname, "src/i18n/full.ts");
  return {
    name: "fba-i18n-on-demand",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "react-i18next" || !importer) return null;
      const from = importer.split("?")[0] ?? importer;
      if (from.includes("/node_modules/") || from === library) return null;
      return shim;
    },
  };
}

interface BuiltChunk {
  fileName: string;
  moduleIds: readonly string[];
  imports: readonly string[];
}

/** The chunks holding the root modules, and every chunk these import statically. */
function chunksOf(roots: string[], chunks: BuiltChunk[]): string[] {
  const ids = roots.map((root) => path.resolve(import.meta.dirname, root));
  const wanted = new Set<string>();
  const stack = chunks
    .filter((chunk) => chunk.moduleIds.some((id) => ids.includes(id)))
    .map((chunk) => chunk.fileName);
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (wanted.has(file)) continue;
    wanted.add(file);
    stack.push(...(chunks.find((chunk) => chunk.fileName === file)?.imports ?? []));
  }
  return [...wanted];
}

/** index.html with modulepreload links for the files it does not load already. */
function withPreloads(html: string, files: string[]): string {
  const links = files
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  if (links.length === 0) return html;
  return html.replace("</head>", `  ${links.join("\n    ")}\n  </head>`);
}

/**
 * Adds modulepreload links to index.html for the chunks of the data layer and the signed-in layout
 * (QueryRoot, AppLayout and what they import). index.html is served for every page but "/" (the
 * prerendered landing page), and all of them need the first, the signed-in ones both: the browser
 * fetches these alongside the entry instead of after it has run.
 */
function preloadShell(roots: string[]): Plugin {
  return {
    name: "fba-preload-shell",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
        return withPreloads(html, chunksOf(roots, chunks));
      },
    },
  };
}

/**
 * For the pages people open most (the seller's lists and shipment page), a copy of index.html
 * that also preloads the page's own chunks, and `route-html.json`, which tells the server which
 * copy to send for which path ("/x/*" for every path under /x/). Without it the browser learns of
 * those chunks only once the entry has run and the router has matched the path: a second round
 * of downloads before the page can show.
 */
function routeHtml(routes: Record<string, string>): Plugin {
  let outDir = "dist";
  return {
    name: "fba-route-html",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
      const html = readFileSync(path.join(outDir, "index.html"), "utf8");
      const files: Record<string, string> = {};
      const variants = new Map<string, string>();
      for (const [pattern, root] of Object.entries(routes)) {
        const name = path.basename(root).replace(/\.tsx?$/, "");
        let file = variants.get(name);
        if (!file) {
          file = `index.${name}.html`;
          writeFileSync(path.join(outDir, file), withPreloads(html, chunksOf([root], chunks)));
          variants.set(name, file);
        }
        files[pattern] = file;
      }
      writeFileSync(path.join(outDir, "route-html.json"), `${JSON.stringify(files, null, 2)}\n`);
    },
  };
}

/**
 * Writes `version.json`: the path of the build's entry script (`{"build": "/assets/index-x.js"}`).
 * Its hash changes with any file of the app (the entry names every chunk), so a tab that compares
 * it with its own entry script knows whether the server runs another release (src/lib/release.ts).
 * The server sends it with no-cache, like every file outside /assets.
 */
function releaseVersion(): Plugin {
  let outDir = "dist";
  return {
    name: "fba-release-version",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const html = readFileSync(path.join(outDir, "index.html"), "utf8");
      const entry = /<script type="module"[^>]*\ssrc="(\/assets\/[^"]+)"/.exec(html)?.[1];
      if (!entry) throw new Error("index.html has no entry script under /assets/");
      writeFileSync(path.join(outDir, "version.json"), `${JSON.stringify({ build: entry })}\n`);
    },
  };
}

// Static import roots of the signed-in screens' code: the shell every such screen needs, the
// shipment lists (with the seller's tab strip) and the shipment page. (The toast host is a lazy
// chunk of its own: it loads with the first toast.)
const SHELL = ["src/app/QueryRoot.tsx", "src/app/routes/AppLayout.tsx"];
const LISTS = [
  "src/features/shipments/components/SellerShipmentsList.tsx",
  "src/app/routes/SellerTabs.tsx",
];
const SHIPMENT = ["src/app/routes/SellerShipmentView.tsx"];

// The paths that get a copy of index.html preloading their page's chunks (routeHtml).
const ROUTE_HTML = {
  "/seller/booking": "src/app/routes/SellerActiveShipmentsPage.tsx",
  "/seller/booking/pendingorders": "src/app/routes/SellerPendingShipmentsPage.tsx",
  "/seller/booking/recentorders": "src/app/routes/SellerRecentOrdersPage.tsx",
  "/seller/booking/pastorders": "src/app/routes/SellerCompletedShipmentsPage.tsx",
  "/seller/booking/cancelledorders": "src/app/routes/SellerCancelledShipmentsPage.tsx",
  "/seller/booking/order/status/*": "src/app/routes/SellerShipmentPage.tsx",
  // An order (its panels' code, which the summary does not wait for, the page asks for itself).
  "/seller/booking/recentorderstatus/*": "src/app/routes/SellerOrderChatPage.tsx",
};

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

// MUI's text fields, selects and autocomplete: a chunk of their own keeps each under 60 KB gzip.
const MUI_INPUTS =
  /[\\/]@mui[\\/]material[\\/]esm[\\/](Autocomplete|Form\w*|\w*Input\w*|NativeSelect|Select|TextField)[\\/]/;

// Modules only the chart library uses (never the date pickers' shared MUI X internals).
const CHARTS_D3 =
  /[\\/]node_modules[\\/](@mui[\\/]x-charts-vendor|d3-[a-z-]+|internmap|flatqueue|bezier-easing)[\\/]/;
const CHARTS_PLOTS =
  /[\\/]node_modules[\\/]@mui[\\/]x-charts[\\/](BarChart|LineChart|Gauge|ChartsTooltip|ChartsLegend)[\\/]/;
const CHARTS = /[\\/]node_modules[\\/]@mui[\\/](x-charts|x-internal-gestures)[\\/]/;
// MUI's Popper and Portal with Popper.js, which the charts' tooltip uses as the app's tooltips,
// menus and popovers do: a chunk of their own, or the first chart chunk to take them would be
// fetched (with the two it imports) by every screen with a tooltip, the order page's chat among them.
const POPPER =
  /[\\/]node_modules[\\/](@popperjs[\\/]|@mui[\\/]material[\\/]esm[\\/](Popper|Portal|NoSsr)[\\/])/;

// Libraries the shell reaches only through an index module it imports for something else:
// react-transition-group's transitions (the signed-in shell uses only the ripple's group, which
// the entry holds) serve menus, dialogs and pickers, whose own chunks take them when they load.
const ON_DEMAND =
  /[\\/]node_modules[\\/](react-transition-group[\\/]esm[\\/](CSSTransition|ReplaceTransition|SwitchTransition|Transition)\.js|dom-helpers[\\/])/;

const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
// src/lib/zod.ts, what "zod" resolves to in the app (see resolve.alias below).
const ZOD_SETUP = path.resolve(import.meta.dirname, "src/lib/zod.ts");
const isZod = (id: string) => ZOD.test(id) || id === ZOD_SETUP;
const CONTRACT_VALUES = /[\\/]packages[\\/]contract[\\/]src[\\/](values[\\/]|order-pdfs\.ts$)/;

const isLibrary = (id: string) => id.includes("/node_modules/");

const reachable = new Map<string[], Set<string>>();

/**
 * Whether the module is among the static imports (direct or not) of the roots. Through a library's
 * index module this counts every export of that library, used or not: the shell chunks hold all
 * the MUI components the lazy screens use, which the screens share anyway.
 */
function importedFrom(roots: string[], id: string, graph: ModuleGraph): boolean {
  let modules = reachable.get(roots);
  if (!modules) {
    modules = new Set();
    const stack = roots.map((root) => path.resolve(import.meta.dirname, root));
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (modules.has(next)) continue;
      modules.add(next);
      stack.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
    }
    reachable.set(roots, modules);
  }
  return modules.has(id);
}

/**
 * A chunk for the modules `captures` accepts. Groups of higher priority take their modules (and
 * the modules these import) first.
 */
function screenGroup(
  name: string,
  priority: number,
  captures: (from: (roots: string[]) => boolean, id: string) => boolean,
) {
  return {
    // Never the contract or zod, which have groups of their own: a screen importing one value
    // through the contract's index module reaches every schema in the graph (used or not), and
    // the screen's chunk would take zod and the schemas the forms use along.
    name: (id: string, graph: ModuleGraph) =>
      !CONTRACT.test(id) &&
      !isZod(id) &&
      !ON_DEMAND.test(id) &&
      captures((roots) => importedFrom(roots, id, graph), id)
        ? name
        : null,
    debugName: name,
    priority,
  };
}

export default defineConfig({
  plugins: [
    react(),
    i18nLibraryOnDemand(),
    muiDirectImports(),
    preloadShell(SHELL),
    routeHtml(ROUTE_HTML),
    releaseVersion(),
    precompress(),
  ],
  // The contract is read from its source ("source"), and libraries from their browser builds for
  // production (Vite's default conditions, which a bare list would replace: emotion and stylis then
  // came in as CommonJS with their development checks).
  // "zod" is src/lib/zod.ts, which sets zod up for the Content-Security-Policy before any schema
  // is built.
  resolve: {
    conditions: ["source", ...defaultClientConditions],
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, "src/lib/zod.ts") }],
  },
  // Code run in Node (the landing page's prerender and its test) reads the contract from its
  // source too, as the browser build does, not from a build a fresh checkout lacks.
  ssr: { resolve: { conditions: ["source", ...defaultServerConditions] } },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
      "/ws": { target: "ws://localhost:3000", ws: true },
    },
  },
  build: {
    target: "es2022",
    // Browsers of this target follow <link rel="modulepreload"> themselves (Safari from 17); an
    // older one fetches the same files a moment later, as the entry asks for them.
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Everything the first page needs in one file, instead of the entry plus ten small shared
        // chunks: the same bytes in fewer requests (HTTP/1.1 fetches six at a time).
        // Then the code of the signed-in shell, the lists and the shipment page in a few chunks of
        // at most 60 KB gzip, instead of about fifty small files before anything shows.
        codeSplitting: {
          groups: [
            { name: "app", tags: ["$initial"], priority: 10 },
            screenGroup(
              "shell-libs",
              7,
              (from, id) => from(SHELL) && isLibrary(id) && !id.includes("/@mui/"),
            ),
            screenGroup("shell-inputs", 6, (from, id) => from(SHELL) && MUI_INPUTS.test(id)),
            screenGroup("shell-mui", 5, (from, id) => from(SHELL) && id.includes("/@mui/")),
            screenGroup("shell", 4, (from) => from(SHELL)),
            screenGroup("shipment-lists", 3, (from) => from(LISTS) && from(SHIPMENT)),
            // The contract's schemas and zod, for the screens with forms (the shipment page's
            // among them); the lists import only its constants and types.
            { name: "zod", test: isZod, priority: 2.6 },
            // The contract's values without schemas (its values/ folder), what screens show: a
            // chunk of their own, taken before the schemas' chunk (which imports them and would
            // take them along), so the shipment page's first download holds no zod.
            { name: "contract-values", test: CONTRACT_VALUES, priority: 2.7 },
            {
              name: "contract",
              // Not its tracking-number detection (with its carrier data, a chunk of its own).
              test: (id: string) => CONTRACT.test(id) && !/[\\/](tracking|examples)\.ts$/.test(id),
              priority: 2.5,
            },
            screenGroup("lists", 2, (from) => from(LISTS)),
            screenGroup("shipment", 1, (from) => from(SHIPMENT)),
            // The dashboards' chart library, fetched only when their charts show: d3's scales and
            // shapes, MUI X Charts' core, and its plots, tooltip and legend, each under 60 KB gzip.
            { name: "popper", test: POPPER, priority: 0.7 },
            { name: "charts-d3", test: CHARTS_D3, priority: 0.6 },
            {
              name: "charts",
              test: (id: string) => CHARTS.test(id) && !CHARTS_PLOTS.test(id),
              priority: 0.56,
            },
            { name: "charts-plots", test: CHARTS_PLOTS, priority: 0.55 },
          ],
        },
      },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    // A file per core (the default leaves one free, and 2-core CI then ran one file at a time).
    maxWorkers: "100%",
    // Each file in a worker thread of its own rather than a child process: the same isolation,
    // started faster (2 min 42 s for this project's files on a 2-core machine, 3 min 06 s forked).
    pool: "threads",
    css: false,
    // Form tests type into MUI inputs; shared CI machines can be slow, so allow more than 5 s.
    testTimeout: 30_000,
  },
});
