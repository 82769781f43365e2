import { Column, is, SQL } from "drizzle-orm";
import { PgDialect, PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client.js";

const caches = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database and kept: hot reads skip rebuilding their SQL on every request
 * and only bind values. Inside a transaction there is nothing to reuse, so it returns undefined
 * and the caller builds the query as usual.
 */
export function preparedOnce<T>(db: DbOrTx, key: string, build: () => T): T | undefined {
  if (db instanceof PgTransaction) return undefined;
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let query = cache.get(key) as T | undefined;
  if (query === undefined) {
    query = build();
    cache.set(key, query);
  }
  return query;
}

const dialect = new PgDialect();

/**
 * Runs a hand-written statement as a named prepared statement: each connection parses and plans
 * it once, where an unnamed one is planned on every call (a long statement's plan can cost more
 * than running it). Its text must be the same on every call (values only as `${value}`, which
 * become parameters), and the name is its own. Works inside a transaction too: the statement is
 * kept by the transaction's connection. Answers the statement's rows (a RETURNING clause's).
 */
export async function executeNamed(
  db: DbOrTx,
  name: string,
  statement: SQL,
): Promise<{ rows: unknown[] }> {
  const query = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  // Without selected fields both drivers answer with their raw result, rows included.
  return (await query.execute()) as { rows: unknown[] };
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectedField = { path: string[]; field: unknown };
/** What a prepared select of Drizzle's holds: its columns in order, and its rows' mapper. */
type MappedQuery = {
  fields?: SelectedField[];
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/** The decoder of a selected field, as Drizzle's own row mapping finds it. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // A SQL field's decoder is Drizzle's own (mapWith), kept off its public types.
  const sqlOf = is(field, SQL)
    ? field
    : is(field, SQL.Aliased)
      ? field.sql
      : (field as { _: { sql: SQL } })._.sql;
  return (sqlOf as unknown as { decoder: Decoder }).decoder;
}

/**
 * A function making one row's object from its values in column order, written out as an object
 * literal: every row it makes has the same shape from the start. Built up key by key in an order
 * no object took before, an object of more than a dozen or so properties falls back to a
 * dictionary, and every later read of it, spread or serialisation goes the slow way (on a page of
 * 50 shipments of 66 columns, the keyed stores alone were 4.9 % of the server's CPU samples). The
 * keys are the selection's own field names, quoted as JSON.
 */
function rowMaker(keys: readonly string[]): (row: unknown[], decoders: Decoder[]) => object {
  const entries = keys.map(
    (key, i) =>
      `${JSON.stringify(key)}: row[${i}] === null ? null : decoders[${i}].mapFromDriverValue(row[${i}])`,
  );
  return new Function("row", "decoders", `return { ${entries.join(", ")} };`) as (
    row: unknown[],
    decoders: Decoder[],
  ) => object;
}

/**
 * Maps a prepared flat select's rows by position, each value through its column's decoder: the
 * values Drizzle's mapping gives, without its per-field type checks and path walk (a page of 50
 * shipments of 66 columns made them a seventh of a list request's CPU time), into objects of one
 * shape (rowMaker). A nested selection, or a query not built the way this expects, keeps
 * Drizzle's mapping.
 */
export function mappedByPosition<T>(prepared: T): T {
  const query = prepared as MappedQuery;
  const fields = query.fields;
  if (!Array.isArray(fields) || !("customResultMapper" in query)) return prepared;
  // In an object literal "__proto__" would set the row's prototype, not a field of it.
  if (fields.some(({ path }) => path.length !== 1 || path[0] === "__proto__")) return prepared;
  const make = rowMaker(fields.map(({ path }) => path[0]!));
  const decoders = fields.map(({ field }) => decoderOf(field));
  query.customResultMapper = (rows) => rows.map((row) => make(row as unknown[], decoders));
  return prepared;
}
