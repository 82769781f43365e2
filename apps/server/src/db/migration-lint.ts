/**
 * Checks migrations for statements that lock a busy table for long or rewrite it, so every
 * migration can be applied while the previous release serves requests. Statements are read by
 * PostgreSQL's own parser (libpg-query, WebAssembly). Migrations up to GRANDFATHERED_THROUGH were
 * written before this check and are not judged (they are only read, for what they create).
 *
 * A finding can be accepted for one statement with a comment in it or just above it:
 * `-- migrate:allow <rule> <why>` (for instance an UPDATE of a table known to hold a few rows).
 */
import { loadModule } from "libpg-query";
import { NO_TRANSACTION_MARKER } from "./migrator.js";
import {
  asNode,
  list,
  notNullColumn,
  parseSteps,
  relname,
  sval,
  unwrap,
  volatileDefault,
  walk,
  SERIAL_TYPES,
  type Statement,
} from "./migration-sql.js";

/** The newest migration written before this check: it and older ones are grandfathered. */
export const GRANDFATHERED_THROUGH = "0024_domain_events";

export type Rule =
  | "parse-error"
  | "index-not-concurrent"
  | "concurrent-in-transaction"
  | "concurrent-index-rerun"
  | "drop-index-not-concurrent"
  | "reindex-not-concurrent"
  | "constraint-validated-at-once"
  | "index-built-under-lock"
  | "validate-with-strong-lock"
  | "locks-accumulate"
  | "column-type-change"
  | "volatile-default"
  | "stored-generated-column"
  | "set-not-null-unproven"
  | "table-rewrite"
  | "lock-table"
  | "unbatched-write"
  | "rename"
  | "statements-per-step";

export interface Finding {
  tag: string;
  rule: Rule;
  message: string;
  /** The statement, shortened, as written in the file. */
  statement: string;
}

export interface MigrationFile {
  tag: string;
  sql: string;
}

/** What the migrations before the one judged left behind, as far as the rules need it. */
interface History {
  /** NOT VALID checks of `column IS NOT NULL`, by constraint name: table and column. */
  notNullChecks: Map<string, { table: string; column: string }>;
  /** "table.column" proven not null by a check validated in an earlier migration. */
  provenNotNull: Set<string>;
}

const ALLOWANCE = /--\s*migrate:allow\s+([a-z-]+)/g;

function allowed(text: string, rule: Rule): boolean {
  return [...text.matchAll(ALLOWANCE)].some((match) => match[1] === rule);
}

function shorten(text: string): string {
  const flat = text
    .replace(/--[^\n]*/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > 140 ? `${flat.slice(0, 137)}...` : flat;
}

/** Records what a migration leaves for later ones (whether judged or grandfathered). */
function remember(steps: Statement[][], history: History): void {
  for (const { stmt } of steps.flat()) {
    const [kind, node] = unwrap(stmt) ?? [];
    if (kind !== "AlterTableStmt" || !node) continue;
    const table = relname(node.relation);
    for (const cmd of list(node.cmds)) {
      const alter = asNode(asNode(cmd)?.AlterTableCmd);
      if (!alter) continue;
      const constraint = asNode(asNode(alter.def)?.Constraint);
      if (alter.subtype === "AT_AddConstraint" && constraint?.contype === "CONSTR_CHECK") {
        const column = notNullColumn(constraint.raw_expr);
        if (column && constraint.conname) {
          const name = String(constraint.conname).toLowerCase();
          if (constraint.skip_validation) history.notNullChecks.set(name, { table, column });
          else history.provenNotNull.add(`${table}.${column}`);
        }
      }
      if (alter.subtype === "AT_ValidateConstraint") {
        const check = history.notNullChecks.get(String(alter.name).toLowerCase());
        if (check) history.provenNotNull.add(`${check.table}.${check.column}`);
      }
    }
  }
}

/** Judges one migration's statements; `history` is what the migrations before it did. */
function judge(file: MigrationFile, steps: Statement[][], history: History): Finding[] {
  const findings: Finding[] = [];
  const transactional = !file.sql.trimStart().startsWith(NO_TRANSACTION_MARKER);
  const statements = steps.flat();
  // Tables this migration creates are empty while it runs: nothing on them is slow.
  const created = new Set<string>();
  for (const { stmt } of statements) {
    const [kind, node] = unwrap(stmt) ?? [];
    if (kind === "CreateStmt" || kind === "CreateTableAsStmt") {
      created.add(relname(node?.relation ?? asNode(node?.into)?.rel));
    }
  }
  // Tables this migration (when transactional) locks strongly: a VALIDATE there holds that lock.
  const stronglyLocked = new Set<string>();

  const flag = (text: string, rule: Rule, message: string) => {
    if (!allowed(text, rule)) {
      findings.push({ tag: file.tag, rule, message, statement: shorten(text) });
    }
  };

  if (!transactional) {
    steps.forEach((step) => {
      if (step.length > 1) {
        flag(
          step.map((s) => s.text).join(";"),
          "statements-per-step",
          "A no-transaction migration runs one statement per step: separate them with `--> statement-breakpoint`",
        );
      }
    });
  }

  for (const { text, stmt } of statements) {
    const [kind, node] = unwrap(stmt) ?? ["", {}];
    switch (kind) {
      case "IndexStmt": {
        const table = relname(node.relation);
        if (!node.concurrent) {
          if (!created.has(table)) {
            flag(
              text,
              "index-not-concurrent",
              `CREATE INDEX on the existing table "${table}" blocks its writes while it builds: use CREATE INDEX CONCURRENTLY IF NOT EXISTS in a no-transaction migration`,
            );
          }
        } else {
          if (transactional) {
            flag(
              text,
              "concurrent-in-transaction",
              `CONCURRENTLY cannot run in a transaction: start the migration with "${NO_TRANSACTION_MARKER}"`,
            );
          }
          if (!node.if_not_exists) {
            flag(
              text,
              "concurrent-index-rerun",
              "CREATE INDEX CONCURRENTLY needs IF NOT EXISTS, so a rerun after a failure goes on (the runner drops an invalid leftover first)",
            );
          }
        }
        break;
      }
      case "DropStmt":
        if (node.removeType === "OBJECT_INDEX" && !node.concurrent) {
          flag(
            text,
            "drop-index-not-concurrent",
            "DROP INDEX locks its table against reads and writes: use DROP INDEX CONCURRENTLY IF EXISTS in a no-transaction migration",
          );
        }
        if (node.removeType === "OBJECT_INDEX" && node.concurrent && transactional) {
          flag(
            text,
            "concurrent-in-transaction",
            `CONCURRENTLY cannot run in a transaction: start the migration with "${NO_TRANSACTION_MARKER}"`,
          );
        }
        break;
      case "ReindexStmt": {
        const concurrent = list(node.params).some(
          (param) => asNode(asNode(param)?.DefElem)?.defname === "concurrently",
        );
        if (!concurrent) {
          flag(text, "reindex-not-concurrent", "REINDEX locks the table: use REINDEX CONCURRENTLY");
        }
        break;
      }
      case "VacuumStmt": {
        const full = list(node.options).some(
          (option) => asNode(asNode(option)?.DefElem)?.defname === "full",
        );
        if (full) {
          flag(text, "table-rewrite", "VACUUM FULL rewrites the table under an exclusive lock");
        }
        break;
      }
      case "ClusterStmt":
        flag(text, "table-rewrite", "CLUSTER rewrites the table under an exclusive lock");
        break;
      case "LockStmt":
        flag(text, "lock-table", "LOCK TABLE blocks requests for as long as the migration runs");
        break;
      case "RenameStmt":
        if (node.renameType === "OBJECT_TABLE" || node.renameType === "OBJECT_COLUMN") {
          flag(
            text,
            "rename",
            "Renaming a table or column breaks the instances of the previous release still serving: add the new one, copy, then drop the old one in a later release",
          );
        }
        break;
      case "UpdateStmt":
      case "DeleteStmt": {
        const table = relname(node.relation);
        if (created.has(table)) break;
        // One bounded batch: WHERE key IN (SELECT ... LIMIT n).
        const batched = [...walk(node.whereClause)].some(
          ([inner, sub]) =>
            inner === "SubLink" && asNode(asNode(sub.subselect)?.SelectStmt)?.limitCount,
        );
        if (!batched) {
          flag(
            text,
            "unbatched-write",
            `${kind === "UpdateStmt" ? "UPDATE" : "DELETE"} of every matching row of "${table}" in one statement locks them all until it commits: write batches (WHERE id IN (SELECT id ... LIMIT n)) in a DO loop that commits each, in a no-transaction migration`,
          );
        }
        break;
      }
      case "DoStmt": {
        const body = list(node.args)
          .map((arg) => sval(asNode(asNode(arg)?.DefElem)?.arg))
          .join("\n");
        if (/\b(update|delete)\b/i.test(body)) {
          const loops = /\blimit\b/i.test(body) && /\bcommit\b/i.test(body);
          if (!loops || transactional) {
            flag(
              text,
              "unbatched-write",
              "A backfill in a DO block writes batches (LIMIT n) and commits after each (COMMIT), in a no-transaction migration",
            );
          }
        }
        break;
      }
      case "AlterTableStmt": {
        const table = relname(node.relation);
        const isNew = created.has(table);
        for (const cmd of list(node.cmds)) {
          const alter = asNode(asNode(cmd)?.AlterTableCmd);
          if (!alter) continue;
          const subtype = String(alter.subtype);
          if (subtype !== "AT_ValidateConstraint") stronglyLocked.add(table);
          if (isNew) continue;
          const constraint = asNode(asNode(alter.def)?.Constraint);
          switch (subtype) {
            case "AT_AddConstraint":
              if (
                (constraint?.contype === "CONSTR_CHECK" ||
                  constraint?.contype === "CONSTR_FOREIGN") &&
                !constraint.skip_validation
              ) {
                flag(
                  text,
                  "constraint-validated-at-once",
                  `ADD CONSTRAINT on "${table}" checks every row under a lock that blocks writes: add it NOT VALID, then VALIDATE CONSTRAINT in a following no-transaction migration`,
                );
              }
              if (
                (constraint?.contype === "CONSTR_UNIQUE" ||
                  constraint?.contype === "CONSTR_PRIMARY" ||
                  constraint?.contype === "CONSTR_EXCLUSION") &&
                !constraint.indexname
              ) {
                flag(
                  text,
                  "index-built-under-lock",
                  `A ${String(constraint.contype).slice(7).toLowerCase()} constraint builds its index under an exclusive lock: build it with CREATE UNIQUE INDEX CONCURRENTLY, then ADD CONSTRAINT ... USING INDEX`,
                );
              }
              break;
            case "AT_AlterColumnType":
              flag(
                text,
                "column-type-change",
                `ALTER COLUMN ${String(alter.name)} TYPE on "${table}" rewrites the table (or scans it) under an exclusive lock: add a new column, backfill in batches, switch over`,
              );
              break;
            case "AT_AddColumn": {
              const column = asNode(asNode(alter.def)?.ColumnDef);
              const typeNames = list(asNode(column?.typeName)?.names).map(sval);
              if (SERIAL_TYPES.has(typeNames.at(-1)?.toLowerCase() ?? "")) {
                flag(
                  text,
                  "volatile-default",
                  `A serial column added to "${table}" fills every row (a table rewrite): add a nullable column and backfill it in batches`,
                );
              }
              for (const item of list(column?.constraints)) {
                const inline = asNode(asNode(item)?.Constraint);
                if (!inline) continue;
                if (inline.contype === "CONSTR_DEFAULT" && volatileDefault(inline.raw_expr)) {
                  flag(
                    text,
                    "volatile-default",
                    `A volatile default on a column added to "${table}" rewrites the table: add it without one (or with a constant), then backfill in batches`,
                  );
                }
                if (inline.contype === "CONSTR_GENERATED") {
                  flag(
                    text,
                    "stored-generated-column",
                    `A stored generated column added to "${table}" rewrites the table under an exclusive lock`,
                  );
                }
                if (inline.contype === "CONSTR_IDENTITY") {
                  flag(
                    text,
                    "volatile-default",
                    `An identity column added to "${table}" fills every row (a table rewrite)`,
                  );
                }
                if (
                  (inline.contype === "CONSTR_CHECK" || inline.contype === "CONSTR_FOREIGN") &&
                  !inline.skip_validation
                ) {
                  flag(
                    text,
                    "constraint-validated-at-once",
                    `A CHECK or REFERENCES on a column added to "${table}" is checked on every row under an exclusive lock: add the column, then the constraint NOT VALID`,
                  );
                }
                if (inline.contype === "CONSTR_UNIQUE" || inline.contype === "CONSTR_PRIMARY") {
                  flag(
                    text,
                    "index-built-under-lock",
                    `A unique column added to "${table}" builds its index under an exclusive lock`,
                  );
                }
              }
              break;
            }
            case "AT_SetNotNull": {
              const column = String(alter.name).toLowerCase();
              if (!history.provenNotNull.has(`${table}.${column}`)) {
                flag(
                  text,
                  "set-not-null-unproven",
                  `SET NOT NULL on "${table}"."${column}" scans the table under an exclusive lock: first add CHECK ("${column}" IS NOT NULL) NOT VALID and validate it in an earlier migration`,
                );
              }
              break;
            }
            case "AT_SetLogged":
            case "AT_SetUnLogged":
            case "AT_SetTableSpace":
            case "AT_SetAccessMethod":
              flag(text, "table-rewrite", `${subtype.slice(3)} rewrites "${table}"`);
              break;
            default:
              break;
          }
        }
        break;
      }
      default:
        break;
    }
  }

  const lockedExisting = [...stronglyLocked].filter((table) => !created.has(table));
  if (transactional && lockedExisting.length > 1) {
    const text = statements.map((s) => s.text).join(";");
    flag(
      text,
      "locks-accumulate",
      `One transaction alters ${lockedExisting.map((t) => `"${t}"`).join(", ")}: each table's lock is held until the last statement commits (and waits for the next table's lock): alter one existing table per transactional migration, or use a no-transaction migration of repeatable statements`,
    );
  }

  if (transactional) {
    for (const { text, stmt } of statements) {
      const [kind, node] = unwrap(stmt) ?? ["", {}];
      if (kind !== "AlterTableStmt") continue;
      const table = relname(node.relation);
      const validates = list(node.cmds).some(
        (cmd) => asNode(asNode(cmd)?.AlterTableCmd)?.subtype === "AT_ValidateConstraint",
      );
      if (validates && stronglyLocked.has(table) && !created.has(table)) {
        flag(
          text,
          "validate-with-strong-lock",
          `VALIDATE CONSTRAINT on "${table}" in the transaction that altered it keeps that lock while every row is checked: validate in a following no-transaction migration`,
        );
      }
    }
  }
  return findings;
}

/**
 * Judges the migrations after GRANDFATHERED_THROUGH, in journal order; the earlier ones are only
 * read (what they prove not null, for SET NOT NULL later).
 */
export async function lintMigrations(files: MigrationFile[]): Promise<Finding[]> {
  await loadModule();
  const history: History = { notNullChecks: new Map(), provenNotNull: new Set() };
  const findings: Finding[] = [];
  for (const file of files) {
    const { steps, error } = parseSteps(file.sql);
    const grandfathered = file.tag <= GRANDFATHERED_THROUGH;
    if (error) {
      if (!grandfathered) {
        findings.push({ tag: file.tag, rule: "parse-error", message: error, statement: "" });
      }
      continue;
    }
    if (!grandfathered) findings.push(...judge(file, steps, history));
    remember(steps, history);
  }
  return findings;
}
