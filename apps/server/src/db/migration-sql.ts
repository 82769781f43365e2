/**
 * PostgreSQL parse trees of migrations (libpg-query, WebAssembly), as db/migration-lint.ts reads
 * them: statements by step, and the few node shapes its rules look at.
 */
import { parseSync } from "libpg-query";

export type Node = Record<string, unknown>;
export const asNode = (value: unknown): Node | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Node)
    : undefined;
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** The single key of a parse-tree node ({ IndexStmt: {...} } -> ["IndexStmt", {...}]). */
export const unwrap = (value: unknown): [string, Node] | undefined => {
  const node = asNode(value);
  if (!node) return undefined;
  const [key] = Object.keys(node);
  const inner = key ? asNode(node[key]) : undefined;
  return key && inner ? [key, inner] : undefined;
};
export const relname = (relation: unknown) => String(asNode(relation)?.relname ?? "").toLowerCase();
export const sval = (value: unknown) => String(asNode(asNode(value)?.String)?.sval ?? "");

/** Functions a column default may call without making PostgreSQL fill every existing row. */
export const STABLE_DEFAULTS = new Set([
  "now",
  "transaction_timestamp",
  "statement_timestamp",
  "current_timestamp",
  "localtimestamp",
  "current_date",
]);
export const SERIAL_TYPES = new Set([
  "serial",
  "serial4",
  "bigserial",
  "serial8",
  "smallserial",
  "serial2",
]);

/** Every node of a tree, depth first. */
export function* walk(value: unknown): Generator<[string, Node]> {
  if (Array.isArray(value)) {
    for (const item of value) yield* walk(item);
    return;
  }
  const node = asNode(value);
  if (!node) return;
  for (const [key, child] of Object.entries(node)) {
    const inner = asNode(child);
    if (inner && /^[A-Z]/.test(key)) yield [key, inner];
    if (typeof child === "object") yield* walk(child);
  }
}

export function volatileDefault(expr: unknown): boolean {
  for (const [kind, node] of walk({ expr })) {
    if (kind !== "FuncCall") continue;
    const names = list(node.funcname).map(sval);
    if (!STABLE_DEFAULTS.has(names.at(-1)!.toLowerCase())) return true;
  }
  return false;
}

/** `x IS NOT NULL` of a CHECK constraint: the column it proves not null. */
export function notNullColumn(expr: unknown): string | undefined {
  const test = asNode(asNode(expr)?.NullTest);
  if (test?.nulltesttype !== "IS_NOT_NULL") return undefined;
  const fields = list(asNode(asNode(test.arg)?.ColumnRef)?.fields);
  return fields.length === 1 ? sval(fields[0]).toLowerCase() : undefined;
}

export interface Statement {
  text: string;
  stmt: unknown;
}

/** The statements of each step (`--> statement-breakpoint`), or the parser's error. */
export function parseSteps(sql: string): { steps: Statement[][]; error?: string } {
  const steps: Statement[][] = [];
  for (const chunk of sql.split("--> statement-breakpoint")) {
    try {
      const parsed = parseSync(chunk) as { stmts?: Array<Node> };
      // Each statement's text runs from the end of the one before, so the comments above it
      // (a `migrate:allow`) are part of it.
      let previousEnd = 0;
      steps.push(
        list(parsed.stmts).map((raw) => {
          const entry = asNode(raw)!;
          const start = Number(entry.stmt_location ?? 0);
          const end = entry.stmt_len === undefined ? chunk.length : start + Number(entry.stmt_len);
          const text = chunk.slice(previousEnd, end);
          previousEnd = end;
          return { text, stmt: entry.stmt };
        }),
      );
    } catch (error) {
      return { steps, error: (error as Error).message };
    }
  }
  return { steps };
}
