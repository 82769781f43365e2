import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.js";
import { chargeChanges, shipments, users } from "../../db/schema/index.js";

/** A shipment's delivery locations, distinct, in booking order, joined by " | ". */
const destinations = sql<string>`(
  select string_agg(d.location, ' | ' order by d.first_position)
  from (
    select p.delivery_location as location, min(p.position) as first_position
    from shipment_packages p
    where p.shipment_id = ${sql.raw('"shipments"."id"')}
    group by p.delivery_location
  ) as d
)`;

/** The orders an agent won that the seller accepted or that are completed or awaiting them. */
export const AGENT_ORDER_STATUSES = [
  "Quotation Approved",
  "Quotation Accepted",
  "Shipment Completed",
] as const;

/** One seller's shipments after an id, oldest first (another seller's never). */
export function sellerShipmentsAfter(db: DbOrTx, sellerId: number, afterId: number, limit: number) {
  return db
    .select({
      id: shipments.id,
      status: shipments.status,
      productName: shipments.productName,
      reference: shipments.freightBookingReferenceNumber,
      readyDate: shipments.shipmentReadyDate,
      pickup: shipments.pickupFullAddress,
      destinations,
      bids: shipments.quotationCount,
      biddingEndsAt: shipments.biddingEndsAt,
      finalAmount: shipments.finalAmount,
      createdAt: shipments.createdAt,
    })
    .from(shipments)
    .where(and(eq(shipments.sellerId, sellerId), gt(shipments.id, afterId)))
    .orderBy(asc(shipments.id))
    .limit(limit);
}

const sellers = alias(users, "sellers");
const agents = alias(users, "agents");

/** The orders one agent won, after an id (another agent's never). */
export function agentOrdersAfter(db: DbOrTx, agentId: number, afterId: number, limit: number) {
  return db
    .select({
      id: shipments.id,
      status: shipments.status,
      customerFirstName: sellers.firstName,
      customerLastName: sellers.lastName,
      productName: shipments.productName,
      readyDate: shipments.shipmentReadyDate,
      destinations,
      trackingNumber: shipments.trackingNumber,
      trackingLink: shipments.trackingLink,
      finalAmount: shipments.finalAmount,
    })
    .from(shipments)
    .innerJoin(sellers, eq(sellers.id, shipments.sellerId))
    .where(
      and(
        eq(shipments.winnerAgentId, agentId),
        inArray(shipments.status, [...AGENT_ORDER_STATUSES]),
        gt(shipments.id, afterId),
      ),
    )
    .orderBy(asc(shipments.id))
    .limit(limit);
}

/** Every account after an id (no password hashes: only the columns named here). */
export function usersAfter(db: DbOrTx, afterId: number, limit: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      group: users.group,
      phone: users.phone,
      companyName: users.companyName,
      isActive: users.isActive,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(gt(users.id, afterId))
    .orderBy(asc(users.id))
    .limit(limit);
}

/** Every charge change that was disputed (open or decided), after an id. */
export function disputesAfter(db: DbOrTx, afterId: number, limit: number) {
  return db
    .select({
      id: chargeChanges.id,
      shipmentId: chargeChanges.shipmentId,
      status: chargeChanges.status,
      bidTotal: chargeChanges.bidTotal,
      finalAmount: chargeChanges.finalAmount,
      agreedAmount: chargeChanges.agreedAmount,
      reason: chargeChanges.reason,
      disputeReason: chargeChanges.disputeReason,
      disputedAt: chargeChanges.disputedAt,
      decisionOutcome: chargeChanges.decisionOutcome,
      decisionNote: chargeChanges.decisionNote,
      sellerEmail: sellers.email,
      agentEmail: agents.email,
    })
    .from(chargeChanges)
    .innerJoin(shipments, eq(shipments.id, chargeChanges.shipmentId))
    .innerJoin(sellers, eq(sellers.id, shipments.sellerId))
    .innerJoin(agents, eq(agents.id, shipments.winnerAgentId))
    .where(and(isNotNull(chargeChanges.disputedAt), gt(chargeChanges.id, afterId)))
    .orderBy(asc(chargeChanges.id))
    .limit(limit);
}
