import { and, asc, eq, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { STALE_LEG_DAYS } from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";
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

/** A leg not delivered yet whose ETA is before `today`. */
const lateLeg = (today: SQL | Placeholder) =>
  sql`${shipmentLegs.milestone} <> 'delivered' and ${shipmentLegs.eta} < ${today}::date`;

/** A leg picked up, not delivered, and without an event since `quietSince`. */
const quietLeg = (quietSince: SQL | Placeholder) =>
  sql`${shipmentLegs.milestone} <> 'delivered' and ${shipmentLegs.milestone} <> 'booked'
        and ${shipmentLegs.lastEventAt} <= ${quietSince}::timestamptz`;

/** The day and time legsAttentionSql judges legs by at `now`: its `today` and `quietSince`. */
export function legsAttentionClock(now: Date): { today: string; quietSince: string } {
  return {
    today: now.toISOString().slice(0, 10),
    quietSince: new Date(now.getTime() - STALE_LEG_DAYS * 86_400_000).toISOString(),
  };
}

/**
 * How many legs of an order are late (ETA passed, not delivered) or quiet (picked up, not
 * delivered, no event for STALE_LEG_DAYS), as the leg page judges them, as a column of a statement
 * that reads its shipment (`shipmentId`): `[late, stale]`, or null for an order without legs. An
 * aggregate over the order's legs (shipment_legs_shipment_fc_idx), which keep their latest
 * milestone: a list page reads it with its rows, for those rows only, so a deep page costs what
 * the first does.
 */
export function legsAttentionSql(
  shipmentId: AnyColumn,
  today: Placeholder,
  quietSince: Placeholder,
): SQL<[number, number] | null> {
  return sql<[number, number] | null>`(select json_build_array(
    count(*) filter (where ${lateLeg(today)}), count(*) filter (where ${quietLeg(quietSince)}))
    from ${shipmentLegs} where ${shipmentLegs.shipmentId} = ${shipmentId}
    group by ${shipmentLegs.shipmentId})`;
}
