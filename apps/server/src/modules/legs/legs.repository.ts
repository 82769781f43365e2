import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { fcCodeOf, PROOF_OF_DELIVERY } from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";
import {
  legEvents,
  orderDocuments,
  shipmentLegs,
  shipmentPackages,
  shipments,
  users,
  warehouses,
} from "../../db/schema/index.js";

export type LegRow = typeof shipmentLegs.$inferSelect;
export type LegEventInsert = typeof legEvents.$inferInsert;

export interface LegEventRow {
  id: number;
  legId: number;
  milestone: string;
  occurredAt: Date;
  location: string | null;
  note: string | null;
  mode: string | null;
  vesselOrFlight: string | null;
  appointmentId: string | null;
  deliveredFcCode: string | null;
  documentId: number | null;
  supersedesId: number | null;
  recordedAt: Date;
  recordedBy: { id: number; firstName: string; lastName: string };
}

/** What deciding on a leg needs of its order. */
export interface OrderState {
  id: number;
  sellerId: number;
  status: string;
  winnerAgentId: number | null;
}

export async function orderState(db: DbOrTx, shipmentId: number): Promise<OrderState | undefined> {
  const [row] = await db
    .select({
      id: shipments.id,
      sellerId: shipments.sellerId,
      status: shipments.status,
      winnerAgentId: shipments.winnerAgentId,
    })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  return row;
}

export { fcCodeOf };

/**
 * Creates the order's legs (one per FC of its cartons, in booking order) with their Booked event,
 * unless they exist; safe to run twice and concurrently.
 */
export async function createLegs(
  db: DbOrTx,
  shipmentId: number,
  bookedAt: Date,
  bookedBy: number,
): Promise<number> {
  const packages = await db
    .select({
      fcCode: shipmentPackages.deliveryLocation,
      cartons: shipmentPackages.numberOfCartons,
      position: shipmentPackages.position,
      fbaShipmentId: shipmentPackages.fbaShipmentId,
    })
    .from(shipmentPackages)
    .where(eq(shipmentPackages.shipmentId, shipmentId))
    .orderBy(asc(shipmentPackages.position));
  // The seller's FBA shipment ID of a destination is the first one given for its cartons.
  const byFc = new Map<
    string,
    { position: number; cartons: number; fbaShipmentId: string | null }
  >();
  for (const pkg of packages) {
    const code = fcCodeOf(pkg.fcCode);
    const entry = byFc.get(code);
    if (entry) {
      entry.cartons += pkg.cartons;
      entry.fbaShipmentId ??= pkg.fbaShipmentId;
    } else {
      byFc.set(code, {
        position: byFc.size + 1,
        cartons: pkg.cartons,
        fbaShipmentId: pkg.fbaShipmentId,
      });
    }
  }
  if (byFc.size === 0) return 0;
  const inserted = await db
    .insert(shipmentLegs)
    .values(
      [...byFc].map(([fcCode, leg]) => ({
        shipmentId,
        fcCode,
        ...leg,
        milestone: "booked",
        lastEventAt: bookedAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: shipmentLegs.id });
  if (inserted.length > 0) {
    await db.insert(legEvents).values(
      inserted.map((leg) => ({
        legId: leg.id,
        milestone: "booked",
        occurredAt: bookedAt,
        recordedBy: bookedBy,
      })),
    );
  }
  return inserted.length;
}

export interface LegWithName extends LegRow {
  fcName: string | null;
  /** Who accepted or resolved a delivery to a different FC. */
  differentFcDecider: { id: number; firstName: string; lastName: string } | null;
}

const deciders = alias(users, "decider");

export async function legsOf(db: DbOrTx, shipmentId: number): Promise<LegWithName[]> {
  const rows = await db
    .select({
      leg: shipmentLegs,
      fcName: sql<string | null>`(select ${warehouses.name} from ${warehouses}
        where upper(${warehouses.code}) = ${shipmentLegs.fcCode} order by ${warehouses.id} limit 1)`,
      decider: { id: deciders.id, firstName: deciders.firstName, lastName: deciders.lastName },
    })
    .from(shipmentLegs)
    .leftJoin(deciders, eq(deciders.id, shipmentLegs.differentFcBy))
    .where(eq(shipmentLegs.shipmentId, shipmentId))
    .orderBy(asc(shipmentLegs.position));
  return rows.map((row) => ({ ...row.leg, fcName: row.fcName, differentFcDecider: row.decider }));
}

export async function eventsOf(db: DbOrTx, legIds: number[]): Promise<LegEventRow[]> {
  if (legIds.length === 0) return [];
  const rows = await db
    .select({
      event: legEvents,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(legEvents)
    .innerJoin(users, eq(users.id, legEvents.recordedBy))
    .where(inArray(legEvents.legId, legIds))
    .orderBy(asc(legEvents.id));
  return rows.map(({ event, firstName, lastName }) => ({
    ...event,
    recordedBy: { id: event.recordedBy, firstName, lastName },
  }));
}

/** Locks one leg of one order for a change; undefined when the order has no such leg. */
export async function lockLeg(
  db: DbOrTx,
  shipmentId: number,
  legId: number,
): Promise<LegRow | undefined> {
  const [row] = await db
    .select()
    .from(shipmentLegs)
    .where(and(eq(shipmentLegs.id, legId), eq(shipmentLegs.shipmentId, shipmentId)))
    .for("update");
  return row;
}

export async function updateLeg(
  db: DbOrTx,
  legId: number,
  values: Partial<typeof shipmentLegs.$inferInsert>,
): Promise<void> {
  await db.update(shipmentLegs).set(values).where(eq(shipmentLegs.id, legId));
}

export async function insertLegEvent(db: DbOrTx, values: LegEventInsert): Promise<number> {
  const [row] = await db.insert(legEvents).values(values).returning({ id: legEvents.id });
  return row!.id;
}

export async function findOrderDocument(
  db: DbOrTx,
  shipmentId: number,
  documentId: number,
): Promise<{ id: number; legId: number | null; type: string } | undefined> {
  const [row] = await db
    .select({ id: orderDocuments.id, legId: orderDocuments.legId, type: orderDocuments.type })
    .from(orderDocuments)
    .where(
      and(
        eq(orderDocuments.id, documentId),
        eq(orderDocuments.shipmentId, shipmentId),
        // A document taken off its leg backs no milestone any more.
        isNull(orderDocuments.removedAt),
      ),
    );
  return row;
}

/**
 * The leg's newest proof of delivery not taken off it: what Delivered attaches when no document
 * is named.
 */
export async function latestProofOfDelivery(
  db: DbOrTx,
  legId: number,
): Promise<{ id: number; legId: number | null; type: string } | undefined> {
  const [row] = await db
    .select({ id: orderDocuments.id, legId: orderDocuments.legId, type: orderDocuments.type })
    .from(orderDocuments)
    .where(
      and(
        eq(orderDocuments.legId, legId),
        eq(orderDocuments.type, PROOF_OF_DELIVERY),
        isNull(orderDocuments.removedAt),
      ),
    )
    .orderBy(desc(orderDocuments.id))
    .limit(1);
  return row;
}

/** A leg by its id alone, with its order: what the existing client's warehouse rows are. */
export async function findLegOrder(
  db: DbOrTx,
  legId: number,
): Promise<{ id: number; shipmentId: number; fcCode: string } | undefined> {
  const [row] = await db
    .select({
      id: shipmentLegs.id,
      shipmentId: shipmentLegs.shipmentId,
      fcCode: shipmentLegs.fcCode,
    })
    .from(shipmentLegs)
    .where(eq(shipmentLegs.id, legId));
  return row;
}

/** The chargeable weight booked to each FC of an order (its cartons grouped as its legs are). */
export async function chargeableWeightByFc(
  db: DbOrTx,
  shipmentId: number,
): Promise<Map<string, number>> {
  const packages = await db
    .select({
      deliveryLocation: shipmentPackages.deliveryLocation,
      chargeableWeight: shipmentPackages.chargeableWeight,
    })
    .from(shipmentPackages)
    .where(eq(shipmentPackages.shipmentId, shipmentId));
  const byFc = new Map<string, number>();
  for (const pkg of packages) {
    const code = fcCodeOf(pkg.deliveryLocation);
    // eslint-disable-next-line no-restricted-syntax -- a weight in hundredths of a kg, not money
    byFc.set(code, (byFc.get(code) ?? 0) + Math.round(Number(pkg.chargeableWeight) * 100));
  }
  return new Map([...byFc].map(([code, hundredths]) => [code, hundredths / 100]));
}

/** True when the document backs a Delivered milestone no correction has replaced. */
export async function backsDelivery(db: DbOrTx, documentId: number): Promise<boolean> {
  const corrections = alias(legEvents, "correction");
  const [row] = await db
    .select({ id: legEvents.id })
    .from(legEvents)
    .leftJoin(corrections, eq(corrections.supersedesId, legEvents.id))
    .where(
      and(
        eq(legEvents.documentId, documentId),
        eq(legEvents.milestone, "delivered"),
        isNull(corrections.id),
      ),
    )
    .limit(1);
  return row !== undefined;
}
