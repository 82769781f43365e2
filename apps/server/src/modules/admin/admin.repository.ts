import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { Group } from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";
import { sampleShipments, shipments, users } from "../../db/schema/index.js";
import { resolveOrdering } from "../../lib/ordering.js";

export type UserRow = typeof users.$inferSelect;

export interface UserListFilter {
  search?: string;
  group?: Group;
  isActive?: boolean;
  ordering?: string;
  page: number;
  perPage: number;
}

const orderColumns = {
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  created_at: users.createdAt,
} as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(filter: UserListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.group) conditions.push(eq(users.group, filter.group));
  if (filter.isActive !== undefined) conditions.push(eq(users.isActive, filter.isActive));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const any = or(
      ilike(users.email, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    );
    if (any) conditions.push(any);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function orderOf(ordering: string | undefined): SQL[] {
  const resolved = resolveOrdering(orderColumns, ordering);
  if (!resolved) return [desc(users.createdAt), desc(users.id)];
  const { column, descending } = resolved;
  return [descending ? desc(column) : asc(column), desc(users.id)];
}

export async function listUsers(
  db: DbOrTx,
  filter: UserListFilter,
): Promise<{ rows: UserRow[]; count: number }> {
  const where = whereOf(filter);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...orderOf(filter.ordering))
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, count: total[0]?.value ?? 0 };
}

export async function findUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export interface DashboardCounts {
  shipmentsByStatus: Map<string, number>;
  samplesByStatus: Map<string, number>;
  usersByGroup: Map<string, number>;
  disabledUsers: number;
  /** Shipments still taking bids at `now`. */
  openForBids: number;
  /** Shipments whose window passed without a bid. */
  closedWithoutBids: number;
}

export async function dashboardCounts(db: DbOrTx, now: Date): Promise<DashboardCounts> {
  const windows = db
    .select({
      open: sql<number>`count(*) filter (where ${gt(shipments.biddingEndsAt, now)})`.mapWith(
        Number,
      ),
      bidless: sql<number>`count(*) filter (where ${and(
        eq(shipments.status, "Shipment Pending"),
        lte(shipments.biddingEndsAt, now),
      )})`.mapWith(Number),
    })
    .from(shipments)
    .where(inArray(shipments.status, ["Shipment Pending", "Quotation Received"]));
  const [shipmentRows, sampleRows, userRows, disabledRows, windowRows] = await Promise.all([
    db.select({ key: shipments.status, value: count() }).from(shipments).groupBy(shipments.status),
    db
      .select({ key: sampleShipments.status, value: count() })
      .from(sampleShipments)
      .groupBy(sampleShipments.status),
    db.select({ key: users.group, value: count() }).from(users).groupBy(users.group),
    db.select({ value: count() }).from(users).where(eq(users.isActive, false)),
    windows,
  ]);
  const toMap = (rows: Array<{ key: string; value: number }>) =>
    new Map(rows.map((row) => [row.key, row.value]));
  return {
    shipmentsByStatus: toMap(shipmentRows),
    samplesByStatus: toMap(sampleRows),
    usersByGroup: toMap(userRows),
    disabledUsers: disabledRows[0]?.value ?? 0,
    openForBids: windowRows[0]?.open ?? 0,
    closedWithoutBids: windowRows[0]?.bidless ?? 0,
  };
}
