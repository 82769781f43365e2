import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { averageCosts, users } from "../../db/schema/index.js";

export type AverageCostRow = typeof averageCosts.$inferSelect;
export type AverageCostValues = Pick<
  AverageCostRow,
  "fcCode" | "slowCost" | "fastCost" | "airCost"
>;

/** Rows of active agents only: a disabled agent's prices are nobody's estimate. */
const activeAgent = and(eq(users.group, "Shipper"), eq(users.isActive, true));

/** One agent's rows, or (agentId null) every active agent's, by warehouse. */
export async function listAverageCosts(
  db: DbOrTx,
  agentId: number | null,
  page: { limit: number; offset: number },
): Promise<{ rows: AverageCostRow[]; count: number }> {
  const where =
    agentId === null ? activeAgent : and(activeAgent, eq(averageCosts.agentId, agentId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ cost: averageCosts })
      .from(averageCosts)
      .innerJoin(users, eq(users.id, averageCosts.agentId))
      .where(where)
      .orderBy(asc(averageCosts.fcCode), asc(averageCosts.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ value: count() })
      .from(averageCosts)
      .innerJoin(users, eq(users.id, averageCosts.agentId))
      .where(where),
  ]);
  return { rows: rows.map((row) => row.cost), count: Number(total?.value ?? 0) };
}

export async function insertAverageCost(
  db: DbOrTx,
  agentId: number,
  values: AverageCostValues,
): Promise<AverageCostRow> {
  const [row] = await db
    .insert(averageCosts)
    .values({ agentId, ...values })
    .returning();
  return row!;
}

/** Changes one of the agent's own rows; undefined when they have no such row. */
export async function updateAverageCost(
  db: DbOrTx,
  agentId: number,
  id: number,
  values: Partial<AverageCostValues>,
): Promise<AverageCostRow | undefined> {
  const [row] = await db
    .update(averageCosts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(averageCosts.id, id), eq(averageCosts.agentId, agentId)))
    .returning();
  return row;
}

/** Deletes those of the ids that are the agent's own; returns the ids deleted. */
export async function deleteAverageCosts(
  db: DbOrTx,
  agentId: number,
  ids: number[],
): Promise<number[]> {
  const rows = await db
    .delete(averageCosts)
    .where(and(inArray(averageCosts.id, ids), eq(averageCosts.agentId, agentId)))
    .returning({ id: averageCosts.id });
  return rows.map((row) => row.id);
}

export interface CostRange {
  fcCode: string;
  agents: number;
  slowMin: string | null;
  slowMax: string | null;
  fastMin: string | null;
  fastMax: string | null;
  airMin: string | null;
  airMax: string | null;
}

/** Per FC, how many active agents priced it and the range of each service (0 is "not offered"). */
export async function costRanges(db: DbOrTx, fcCodes: string[]): Promise<CostRange[]> {
  const range = (column: AnyPgColumn) => ({
    min: sql<string | null>`min(${column}) filter (where ${column} > 0)`,
    max: sql<string | null>`max(${column}) filter (where ${column} > 0)`,
  });
  const [slow, fast, air] = [
    range(averageCosts.slowCost),
    range(averageCosts.fastCost),
    range(averageCosts.airCost),
  ];
  return db
    .select({
      fcCode: averageCosts.fcCode,
      agents: sql<number>`count(distinct ${averageCosts.agentId})::int`,
      slowMin: slow.min,
      slowMax: slow.max,
      fastMin: fast.min,
      fastMax: fast.max,
      airMin: air.min,
      airMax: air.max,
    })
    .from(averageCosts)
    .innerJoin(users, eq(users.id, averageCosts.agentId))
    .where(and(activeAgent, inArray(averageCosts.fcCode, fcCodes)))
    .groupBy(averageCosts.fcCode);
}
