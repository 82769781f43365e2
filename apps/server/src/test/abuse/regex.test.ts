import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { check } from "recheck";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every regular expression the server and the contract run over user input must match in linear
 * time: one pattern that backtracks exponentially lets a single request freeze an instance. The
 * patterns are collected from the source itself, so a new one is checked without being listed.
 */

const repoRoot = fileURLToPath(new URL("../../../../../", import.meta.url));
const sourceRoots = ["apps/server/src", "packages/contract/src"].map((dir) =>
  path.join(repoRoot, dir),
);

interface FoundPattern {
  where: string;
  source: string;
  flags: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name))
    .filter((entry) => !/\.test\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}test${path.sep}`));
}

/** Regex literals and `new RegExp("...")` / `RegExp("...")` with a constant pattern. */
function patternsIn(file: string): FoundPattern[] {
  const text = readFileSync(file, "utf8");
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FoundPattern[] = [];
  const where = (node: ts.Node) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(repoRoot, file)}:${line + 1}`;
  };
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const literal = node.text;
      const end = literal.lastIndexOf("/");
      found.push({
        where: where(node),
        source: literal.slice(1, end),
        flags: literal.slice(end + 1),
      });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "RegExp"
    ) {
      const [pattern, flags] = node.arguments ?? [];
      // A pattern built at run time cannot be checked here; keep such code out of the server.
      expect(
        pattern && ts.isStringLiteralLike(pattern),
        `${where(node)}: RegExp built from a non-constant pattern`,
      ).toBe(true);
      if (pattern && ts.isStringLiteralLike(pattern)) {
        found.push({
          where: where(node),
          source: pattern.text,
          flags: flags && ts.isStringLiteralLike(flags) ? flags.text : "",
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * Patterns that never see user input, with the reason. Keyed by pattern, so using one of them on a
 * request field elsewhere still has to pass the checks.
 */
const configurationOnly = new Map<string, { reason: string; files: string[] }>([
  [
    "\\/+$",
    {
      reason: "trims PUBLIC_URL, which the operator sets",
      files: [
        "apps/server/src/plugins/idempotency.ts",
        "apps/server/src/modules/auth/user.presenter.ts",
        "apps/server/src/lib/signed-urls.ts",
        "apps/server/src/modules/notifications/notifications.service.ts",
      ],
    },
  ],
]);

const isConfigurationOnly = (pattern: FoundPattern) =>
  configurationOnly
    .get(pattern.source)
    ?.files.some((file) => pattern.where.startsWith(`${file}:`)) ?? false;

const allPatterns = sourceRoots.flatMap(sourceFiles).flatMap(patternsIn);
const patterns = allPatterns.filter((pattern) => !isConfigurationOnly(pattern));

/** Inputs known to trip the usual backtracking shapes (nested or adjacent overlapping loops). */
const adversarialInputs = [
  `${"<!---->".repeat(28)}x`,
  `${"<!--".repeat(2000)}x`,
  `${" ".repeat(20_000)}x`,
  `${"a".repeat(20_000)}!`,
  `${"a.".repeat(10_000)}!`,
  `${"0".repeat(20_000)}x`,
  `${"-".repeat(20_000)}x`,
  `${"\t\n".repeat(10_000)}\u0000`,
  `${"ab@".repeat(5000)}x`,
  `${"/".repeat(20_000)}x`,
];

/**
 * The checker's fuzzing judges by counted matching steps only: with its time limits (on by
 * default) a busy machine made slow matching look like backtracking, and linear patterns with
 * lookarounds were reported polynomial on some runs and not on others.
 */
const STEPS_ONLY = {
  timeout: 30_000,
  incubationTimeout: null,
  attackTimeout: null,
  seedingTimeout: null,
  recallTimeout: -1,
} as const;

describe("regular expressions that read user input", () => {
  it("are found in the server and the contract", () => {
    // Guards the collector itself: the detection patterns of uploads are among them.
    expect(patterns.length).toBeGreaterThan(20);
    expect(patterns.map((pattern) => pattern.where)).toContainEqual(
      expect.stringMatching(/attachment-files\.ts/),
    );
  });

  it("the checker recognises an exponential pattern", async () => {
    const result = await check("^(a|a)*$", "", { timeout: 10_000 });
    expect(result.status).toBe("vulnerable");
  });

  it.each(patterns.map((pattern) => [pattern.where, pattern] as const))(
    "%s is linear by static analysis",
    async (_where, pattern) => {
      const result = await check(pattern.source, pattern.flags, STEPS_ONLY);
      const detail =
        result.status === "vulnerable"
          ? `${result.complexity.summary}, attack: ${result.attack.pattern}`
          : result.status;
      expect(detail, `/${pattern.source}/${pattern.flags}`).toBe("safe");
    },
    20_000,
  );

  it.each(patterns.map((pattern) => [pattern.where, pattern] as const))(
    "%s answers adversarial inputs at once",
    (_where, pattern) => {
      const regex = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ""));
      for (const input of adversarialInputs) {
        const started = performance.now();
        regex.test(input);
        // A hang guard, not a speed target: linear patterns take well under a millisecond here,
        // a backtracking one seconds to hours.
        expect(
          performance.now() - started,
          `/${pattern.source}/ on ${input.slice(0, 20)}...`,
        ).toBeLessThan(1_000);
      }
    },
  );
});
