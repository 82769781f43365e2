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
    },
  },
  {
    files: webTests,
    rules: { "import-x/no-restricted-paths": ["error", { zones: webZones(true) }] },
  },
  {
    // The build configuration is not part of the app's TypeScript project.
    files: ["apps/web/vite.config.ts"],
    ...tseslint.configs.disableTypeChecked,
  },
);
