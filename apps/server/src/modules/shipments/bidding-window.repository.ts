import { and, asc, eq, inArray, isNull, lte, or, Placeholder, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import { quotations, shipments } from "../../db/schema/index.js";
/** The bid window's reads: windows that have passed unjudged, and the bids to weigh. */

const bind = {
  sellerId: sql.placeholder("sellerId"),
  now: sql.placeholder("now"),
  limit: sql.placeholder("limit"),
};

/**
 * Windows that have passed unjudged: with bids still to weigh, or without any bid and the seller
 * not yet told.
 */
function isDue(now: Date | Placeholder): SQL {
  return and(
    lte(shipments.biddingEndsAt, now),
    or(
      eq(shipments.status, "Quotation Received"),
      and(eq(shipments.status, "Shipment Pending"), isNull(shipments.biddingClosedAt)),
    ),
  )!;
}

/**
 * Whether any window has passed unjudged (of the seller's shipments, when `sellerId` is given),
 * as a column of another statement: the look findDueShipmentIds makes, on the same indexes, for
 * a list that reads its page of ids anyway. The shipments it looks at are named apart ("due"), so
 * it looks at every shipment whatever the statement around it reads.
 */
export function windowsDueSql(now: Placeholder, sellerId?: Placeholder): SQL<boolean> {
  const seller = sellerId ? sql` and "due"."seller_id" = ${sellerId}` : sql``;
  return sql<boolean>`(exists (select 1 from ${shipments} "due" where "due"."status" = 'Quotation Received'
      and "due"."bidding_ends_at" <= ${now}${seller})
    or exists (select 1 from ${shipments} "due" where "due"."status" = 'Shipment Pending'
      and "due"."bidding_closed_at" is null and "due"."bidding_ends_at" <= ${now}${seller}))`;
}

/**
 * Ids of shipments whose window has passed unjudged. Nearly always there are none (the closing
 * loop runs every second), so each kind of due window is looked up on its own index
 * (shipments_status_bidding_idx, shipments_unjudged_pending_idx) in deadline order: one query
 * over both with a LIMIT lets the planner expect due rows everywhere and scan the whole table.
 */
export async function findDueShipmentIds(
  db: DbOrTx,
  now: Date,
  options: { limit: number; shipmentId?: number; sellerId?: number },
): Promise<number[]> {
  const build = () => {
    const scope: SQL[] = [];
    if (options.shipmentId !== undefined) scope.push(eq(shipments.id, sql.placeholder("id")));
    if (options.sellerId !== undefined) scope.push(eq(shipments.sellerId, bind.sellerId));
    const dueOf = (kind: SQL) =>
      db
        .select({ id: shipments.id })
        .from(shipments)
        .where(and(kind, lte(shipments.biddingEndsAt, bind.now), ...scope))
        .orderBy(asc(shipments.biddingEndsAt))
        .limit(bind.limit);
    // The statuses are written into the text, not bound: a named statement's generic plan can
    // use shipments_seller_open_idx only where its predicate is in the SQL (bound, PostgreSQL
    // planned the seller's look afresh on every call, 0.3 ms each).
    return (
      unionAll(
        dueOf(sql`${shipments.status} = 'Quotation Received'`),
        dueOf(
          and(sql`${shipments.status} = 'Shipment Pending'`, isNull(shipments.biddingClosedAt))!,
        ),
      )
        .limit(bind.limit)
        // A seller's look (before each of their list reads) is named, so each connection plans
        // it once: every plan walks shipments_seller_open_idx. The others are planned per call.
        .prepare(
          options.sellerId !== undefined && options.shipmentId === undefined ? "due_of_seller" : "",
        )
    );
  };
  const shape = `due.${options.shipmentId !== undefined}.${options.sellerId !== undefined}`;
  const query = preparedOnce(db, shape, build) ?? build();
  const rows = await query.execute({
    now: now.toISOString(),
    id: options.shipmentId,
    sellerId: options.sellerId,
    limit: options.limit,
  });
  return rows.map((row) => row.id);
}

/**
 * Locks due shipments for closing. The background loop skips rows another instance holds; a
 * reader waits for them instead, so it never answers with a state that is about to change.
 */
export async function lockDueShipments(
  db: DbOrTx,
  now: Date,
  options: { limit: number; skipLocked: boolean; ids?: number[] },
): Promise<Array<{ id: number; sellerId: number }>> {
  const conditions: SQL[] = [isDue(now)];
  if (options.ids) conditions.push(inArray(shipments.id, options.ids));
  return db
    .select({ id: shipments.id, sellerId: shipments.sellerId })
    .from(shipments)
    .where(and(...conditions))
    .orderBy(asc(shipments.id))
    .limit(options.limit)
    .for("update", options.skipLocked ? { skipLocked: true } : {});
}

export interface BidRow {
  id: number;
  agentId: number;
  totalAmount: string;
  createdAt: Date;
}

/** Bids of a shipment, best first: lowest total, then earliest. */
export async function bidsByRank(db: DbOrTx, shipmentId: number): Promise<BidRow[]> {
  return db
    .select({
      id: quotations.id,
      agentId: quotations.agentId,
      totalAmount: quotations.totalAmount,
      createdAt: quotations.createdAt,
    })
    .from(quotations)
    .where(eq(quotations.shipmentId, shipmentId))
    .orderBy(asc(quotations.totalAmount), asc(quotations.createdAt), asc(quotations.id));
}
