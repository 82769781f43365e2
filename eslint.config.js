import { readdirSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";

/**
 * The web app's floors, top to bottom: app (routes that compose features) -> features -> entities
 * (what several features show and read: a shipment) -> components, lib -> the contract. A floor
 * imports only from the floors below it; a feature never imports another feature. `app/paths.ts`
 * is the one file of `app` every floor may read: it imports nothing of the app.
 */
const web = "./apps/web/src";
const features = readdirSync(`${web}/features`);
const entities = readdirSync(`${web}/entities`);
const webZones = (isTest) => [
  ...features.map((name) => ({
    target: `${web}/features/${name}`,
    from: `${web}/features`,
    except: [`./${name}`],
    message: "A feature does not import another feature: compose them in app/routes.",
  })),
  ...entities.map((name) => ({
    target: `${web}/entities/${name}`,
    from: `${web}/entities`,
    except: [`./${name}`],
    message: "An entity does not import another entity.",
  })),
  {
    target: [`${web}/features`, `${web}/entities`],
    from: `${web}/app`,
    // Tests render with the app's theme.
    except: isTest ? ["./paths.ts", "./theme.ts"] : ["./paths.ts"],
    message: "Only app/paths.ts is read from app below it.",
  },
  {
    target: `${web}/entities`,
    from: `${web}/features`,
    message: "Entities sit below features.",
  },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/entities`],
    message: "components/ and lib/ sit below everything else of the app.",
  },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: `${web}/app`,
    except: isTest ? ["./theme.ts"] : [],
    message: "components/ and lib/ sit below everything else of the app.",
  },
  ...(isTest
    ? []
    : [
        {
          target: web,
          from: `${web}/test`,
          message: "Test helpers are for tests.",
        },
      ]),
];
const webTests = ["apps/web/src/**/*.test.{ts,tsx}", "apps/web/src/test/**"];

/**
 * The server's floors, top to bottom: main.ts and cli/ -> app.ts -> the module registries
 * (modules/index.ts, subscribers.ts, jobs.ts) -> container.ts (the composition root) ->
 * modules/<noun> -> realtime/ -> plugins/ -> lib/ -> db/, config.ts. A floor imports only from the
 * floors below it. Every module is used through its face (`index.ts`), and a module uses the faces
 * of modules on lower tiers only (docs/ARCHITECTURE.md, "The server's floors").
 */
const server = "./apps/server/src";
const serverModuleTiers = [
  ["auth", "notifications", "places", "exports", "settings", "average-costs"],
  ["users", "agents", "legs"],
  ["chat", "admin", "analytics", "documents"],
  ["shipments", "samples", "announcements"],
  ["charge-changes", "dashboard"],
  ["order-pdfs", "legacy-client"],
  ["warehouses"],
];
const serverModules = readdirSync(`${server}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const name of serverModules) {
  if (!serverModuleTiers.some((tier) => tier.includes(name))) {
    throw new Error(`eslint.config.js: place the server module "${name}" on a tier`);
  }
}
const registries = ["index.ts", "subscribers.ts", "jobs.ts"].map(
  (file) => `${server}/modules/${file}`,
);
const aboveModules = [
  `${server}/container.ts`,
  `${server}/app.ts`,
  `${server}/main.ts`,
  `${server}/cli`,
];
const serverZones = [
  ...serverModuleTiers.flatMap((tier, level) =>
    tier.map((name) => ({
      target: `${server}/modules/${name}`,
      from: `${server}/modules`,
      except: [
        `./${name}`,
        ...serverModuleTiers
          .slice(0, level)
          .flatMap((lower) => lower.map((other) => `./${other}/index.ts`)),
      ],
      message:
        "A module imports its own files and the faces (index.ts) of modules on lower tiers only.",
    })),
  ),
  ...serverModules.map((name) => ({
    target: [...aboveModules, ...registries],
    from: `${server}/modules/${name}`,
    except: ["./index.ts"],
    message: "Other code uses a module through its face (index.ts).",
  })),
  {
    target: serverModules.map((name) => `${server}/modules/${name}`),
    from: [...aboveModules, ...registries],
    message: "Modules sit below the composition root and the app.",
  },
  {
    target: `${server}/container.ts`,
    from: [`${server}/app.ts`, `${server}/main.ts`, `${server}/cli`, ...registries],
    message: "The composition root sits below the app and the module registries.",
  },
  {
    target: `${server}/realtime`,
    from: [`${server}/modules`, ...aboveModules],
    message: "realtime/ is transport only: it imports no module.",
  },
  {
    target: `${server}/plugins`,
    from: [`${server}/realtime`, `${server}/modules`, ...aboveModules],
    message: "plugins/ sit below realtime/ and the modules.",
  },
  {
    target: `${server}/lib`,
    from: [`${server}/plugins`, `${server}/realtime`, `${server}/modules`, ...aboveModules],
    message: "lib/ sits below plugins/, realtime/ and the modules: no Fastify plugin, no module.",
  },
  {
    target: [`${server}/db`, `${server}/config.ts`, `${server}/listen-address.ts`],
    from: [
      `${server}/lib`,
      `${server}/plugins`,
      `${server}/realtime`,
      `${server}/modules`,
      ...aboveModules,
    ],
    message: "db/ and config.ts are the ground floor.",
  },
];

/** Float arithmetic on money: amounts go through the contract's money module (cents) instead. */
const moneyWords = "/(amount|total|price|cost|fee|discount)$/i";
const useMoney =
  "Money is whole cents: use the contract's money module (parseCents, sumCents, centsToAmount, toAmount).";
const floatMoney = [
  "CallExpression[callee.name='parseFloat']",
  "CallExpression[callee.object.name='Number'][callee.property.name='parseFloat']",
  "CallExpression[callee.property.name='toFixed'][arguments.0.value=2]",
  "CallExpression[callee.object.name='Math'][callee.property.name='round'] > BinaryExpression[operator='*'][right.value=100]",
  `CallExpression[callee.name='Number'] > MemberExpression.arguments[property.name=${moneyWords}]`,
  `CallExpression[callee.name='Number'] > Identifier.arguments[name=${moneyWords}]`,
].map((selector) => ({ selector, message: useMoney }));

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/dist-*/**",
      "**/node_modules/**",
      "apps/server/drizzle/**",
      "data/**",
      "bench/results/**",
      "e2e/test-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: "apps/web/tsconfig.json" }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { attributes: false } },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: webZones(false) }],
      // The app runs in React Router's declarative mode (BrowserRouter + useRoutes), which leaves
      // the data router's 16 KB gzip out of the first download; its APIs would fail there.
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: [
                "Await",
                "Form",
                "RouterProvider",
                "ScrollRestoration",
                "createBrowserRouter",
                "createHashRouter",
                "unstable_usePrompt",
                "useActionData",
                "useAsyncError",
                "useAsyncValue",
                "useBlocker",
                "useFetcher",
                "useFetchers",
                "useLoaderData",
                "useMatches",
                "useNavigation",
                "useRevalidator",
                "useRouteError",
                "useRouteLoaderData",
                "useSubmit",
              ],
              message: "Data-router API: the app uses BrowserRouter and useRoutes.",
            },
          ],
        },
      ],
    },
  },
  {
    files: webTests,
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: webZones(true) }],
      // Tests render screens in a memory data router of their own.
      "no-restricted-imports": "off",
    },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/**/*.test.ts", "apps/server/src/test/**"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: "apps/server/tsconfig.json" }),
      ],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: serverZones }],
    },
  },
  {
    // Money is whole cents (packages/contract/src/values/money.ts): no float parse, multiply,
    // rounding or 2-decimal formatting of amounts anywhere else in the contract or the server.
    files: ["apps/server/src/**/*.ts", "packages/contract/src/**/*.ts"],
    ignores: ["**/*.test.ts", "apps/server/src/test/**", "packages/contract/src/values/money.ts"],
    rules: { "no-restricted-syntax": ["error", ...floatMoney] },
  },
  {
    // The build configuration is not part of the app's TypeScript project.
    files: ["apps/web/vite.config.ts"],
    ...tseslint.configs.disableTypeChecked,
  },
);
