import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { warehouses } from "../../db/schema/index.js";

export type WarehouseRow = typeof warehouses.$inferSelect;
export type WarehouseValues = Omit<typeof warehouses.$inferInsert, "id" | "createdAt">;

export async function countWarehouses(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: count() }).from(warehouses);
  return Number(row?.value ?? 0);
}

/** Idempotent: several instances may seed at once. */
export async function insertWarehousesIfMissing(
  db: DbOrTx,
  rows: WarehouseValues[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(warehouses).values(rows).onConflictDoNothing();
}

export async function searchWarehouses(
  db: DbOrTx,
  options: { q?: string; includeInactive: boolean; limit: number },
): Promise<WarehouseRow[]> {
  const conditions: SQL[] = [];
  const ranking: SQL[] = [];
  if (!options.includeInactive) conditions.push(eq(warehouses.isActive, true));
  if (options.q) {
    const term = options.q.toLowerCase();
    const escaped = term.replace(/[\\%_]/g, (char) => `\\${char}`);
    const anywhere = `%${escaped}%`;
    const code = sql`lower(${warehouses.code})`;
    const nameOrCity = sql`(lower(coalesce(${warehouses.name}, '')) like ${anywhere} or lower(coalesce(${warehouses.city}, '')) like ${anywhere})`;
    conditions.push(
      sql`(${code} like ${anywhere} or ${nameOrCity} or lower(${warehouses.address}) like ${anywhere} or lower(coalesce(${warehouses.postalCode}, '')) like ${anywhere})`,
    );
    // What was typed is most likely an FC code: the code itself, then codes starting with it,
    // then warehouses named or in a city like it, then the rest (an address or postcode match).
    ranking.push(
      sql`case when ${code} = ${term} then 0 when ${code} like ${`${escaped}%`} then 1 when ${nameOrCity} then 2 else 3 end`,
    );
  }
  return db
    .select()
    .from(warehouses)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...ranking, asc(warehouses.code), asc(warehouses.country))
    .limit(options.limit);
}

export async function findWarehouse(db: DbOrTx, id: number): Promise<WarehouseRow | undefined> {
  const [row] = await db.select().from(warehouses).where(eq(warehouses.id, id)).limit(1);
  return row;
}

/** The new row, or undefined when the code already exists in that country. */
export async function insertWarehouse(
  db: DbOrTx,
  values: WarehouseValues,
): Promise<WarehouseRow | undefined> {
  const [row] = await db.insert(warehouses).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateWarehouse(
  db: DbOrTx,
  id: number,
  values: Partial<WarehouseValues>,
): Promise<WarehouseRow | undefined> {
  const [row] = await db.update(warehouses).set(values).where(eq(warehouses.id, id)).returning();
  return row;
}
