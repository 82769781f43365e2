import { PgTransaction } from "drizzle-orm/pg-core";
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
