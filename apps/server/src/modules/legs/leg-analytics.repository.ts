import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { LegsAttention } from "@fba/contract";
import { STALE_LEG_DAYS } from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import { shipmentLegs } from "../../db/schema/index.js";

/** An order's destinations not delivered yet (latest milestone short of Delivered), in order. */
export async function undeliveredLegs(
  db: DbOrTx,
  shipmentId: number,
): Promise<Array<{ fcCode: string; milestone: string }>> {
  return db
    .select({ fcCode: shipmentLegs.fcCode, milestone: shipmentLegs.milestone })
    .from(shipmentLegs)
    .where(
      and(eq(shipmentLegs.shipmentId, shipmentId), sql`${shipmentLegs.milestone} <> 'delivered'`),
    )
    .orderBy(asc(shipmentLegs.position));
}

/**
 * How many legs of each order are late (ETA passed, not delivered) or quiet (picked up, not
 * delivered, no event for STALE_LEG_DAYS), as the leg page judges them: one aggregate over the
 * legs of a page's orders (shipment_legs_shipment_fc_idx), which keep their latest milestone. Run
 * for the page's rows only, so a deep page costs what the first does.
 */
export async function legsAttentionOf(
  db: DbOrTx,
  shipmentIds: number[],
  now: Date,
): Promise<Map<number, LegsAttention>> {
  if (shipmentIds.length === 0) return new Map();
  const today = now.toISOString().slice(0, 10);
  const quietSince = new Date(now.getTime() - STALE_LEG_DAYS * 86_400_000).toISOString();
  const open = sql`${shipmentLegs.milestone} <> 'delivered'`;
  const build = (day: SQL, quiet: SQL, ids: SQL) =>
    db
      .select({
        shipmentId: shipmentLegs.shipmentId,
        late: sql<number>`count(*) filter (where ${open} and ${shipmentLegs.eta} < ${day}::date)`.mapWith(
          Number,
        ),
        stale: sql<number>`count(*) filter (where ${open} and ${shipmentLegs.milestone} <> 'booked'
        and ${shipmentLegs.lastEventAt} <= ${quiet}::timestamptz)`.mapWith(Number),
      })
      .from(shipmentLegs)
      .where(sql`${shipmentLegs.shipmentId} = any(${ids}::integer[])`)
      .groupBy(shipmentLegs.shipmentId);
  // One statement whatever the page size, planned once per connection.
  const prepared = preparedOnce(db, "legs-attention", () =>
    build(
      sql`${sql.placeholder("today")}`,
      sql`${sql.placeholder("quietSince")}`,
      sql`${sql.placeholder("ids")}`,
    ).prepare("legs_attention"),
  );
  const rows = prepared
    ? await prepared.execute({ today, quietSince, ids: shipmentIds })
    : await build(sql`${today}`, sql`${quietSince}`, sql`${sql.param(shipmentIds)}`);
  return new Map(rows.map(({ shipmentId, late, stale }) => [shipmentId, { late, stale }]));
}
