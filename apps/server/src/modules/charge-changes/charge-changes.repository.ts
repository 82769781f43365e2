import { and, asc, desc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.js";
import {
  chargeChangeEvents,
  chargeChanges,
  orderDocuments,
  quotations,
  shipments,
  users,
} from "../../db/schema/index.js";

export type ChargeChangeRow = typeof chargeChanges.$inferSelect;
export type ChargeChangeEventInsert = typeof chargeChangeEvents.$inferInsert;

/** What deciding on an order's final amount needs of the order. */
export interface OrderFacts {
  id: number;
  sellerId: number;
  winnerAgentId: number | null;
  status: string;
  productName: string;
  completedAt: Date | null;
  /** The accepted bid's total: pickup plus the service bought (the bid's total without a choice). */
  bidTotal: string | null;
}

/** Pickup plus the amount of the service the seller bought, in exact numeric arithmetic. */
const bidTotal = sql<string | null>`case ${quotations.acceptedService}
  when 'fast' then ${quotations.pickupAmount} + ${quotations.fastAmount}
  when 'normal' then ${quotations.pickupAmount} + ${quotations.normalAmount}
  else ${quotations.totalAmount} end`;

export async function orderFacts(db: DbOrTx, shipmentId: number): Promise<OrderFacts | undefined> {
  const [row] = await db
    .select({
      id: shipments.id,
      sellerId: shipments.sellerId,
      winnerAgentId: shipments.winnerAgentId,
      status: shipments.status,
      productName: shipments.productName,
      completedAt: shipments.completedAt,
      bidTotal,
    })
    .from(shipments)
    .leftJoin(quotations, eq(quotations.id, shipments.winningQuotationId))
    .where(eq(shipments.id, shipmentId));
  return row;
}

export async function findChargeChange(
  db: DbOrTx,
  shipmentId: number,
  options: { lock?: boolean } = {},
): Promise<ChargeChangeRow | undefined> {
  const query = db.select().from(chargeChanges).where(eq(chargeChanges.shipmentId, shipmentId));
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

/** Creates the order's charge change or replaces its terms (one per order). */
export async function saveChargeChange(
  db: DbOrTx,
  values: typeof chargeChanges.$inferInsert,
): Promise<number> {
  const { shipmentId: _shipmentId, ...terms } = values;
  const [row] = await db
    .insert(chargeChanges)
    .values(values)
    .onConflictDoUpdate({ target: chargeChanges.shipmentId, set: terms })
    .returning({ id: chargeChanges.id });
  return row!.id;
}

export async function updateChargeChange(
  db: DbOrTx,
  id: number,
  values: Partial<typeof chargeChanges.$inferInsert>,
): Promise<void> {
  await db.update(chargeChanges).set(values).where(eq(chargeChanges.id, id));
}

export async function insertChargeChangeEvent(
  db: DbOrTx,
  values: ChargeChangeEventInsert,
): Promise<void> {
  await db.insert(chargeChangeEvents).values(values);
}

export interface EvidenceRow {
  id: number;
  type: string;
  fileName: string;
  storageKey: string;
  mimeType: string;
  sizeBytes: number;
}

export async function findOrderDocument(
  db: DbOrTx,
  shipmentId: number,
  documentId: number,
): Promise<EvidenceRow | undefined> {
  const [row] = await db
    .select({
      id: orderDocuments.id,
      type: orderDocuments.type,
      fileName: orderDocuments.fileName,
      storageKey: orderDocuments.storageKey,
      mimeType: orderDocuments.mimeType,
      sizeBytes: orderDocuments.sizeBytes,
    })
    .from(orderDocuments)
    .where(and(eq(orderDocuments.id, documentId), eq(orderDocuments.shipmentId, shipmentId)));
  return row;
}

export interface ChargeChangeEventRow {
  id: number;
  action: string;
  createdAt: Date;
  oldAmount: string | null;
  newAmount: string | null;
  reason: string | null;
  note: string | null;
  evidenceDocumentId: number | null;
  actor: { id: number; firstName: string; lastName: string; group: string };
}

export async function eventsOf(
  db: DbOrTx,
  chargeChangeId: number,
): Promise<ChargeChangeEventRow[]> {
  const rows = await db
    .select({
      event: chargeChangeEvents,
      firstName: users.firstName,
      lastName: users.lastName,
      group: users.group,
    })
    .from(chargeChangeEvents)
    .innerJoin(users, eq(users.id, chargeChangeEvents.actorId))
    .where(eq(chargeChangeEvents.chargeChangeId, chargeChangeId))
    .orderBy(asc(chargeChangeEvents.id));
  return rows.map(({ event, firstName, lastName, group }) => ({
    id: event.id,
    action: event.action,
    createdAt: event.createdAt,
    oldAmount: event.oldAmount,
    newAmount: event.newAmount,
    reason: event.reason,
    note: event.note,
    evidenceDocumentId: event.evidenceDocumentId,
    actor: { id: event.actorId, firstName, lastName, group },
  }));
}

export interface DisputeListRow {
  change: ChargeChangeRow;
  shipment: { id: number; productName: string; status: string; completedAt: Date | null };
  seller: { id: number; firstName: string; lastName: string; email: string };
  agent: { id: number; firstName: string; lastName: string; email: string };
}

const sellers = alias(users, "sellers");
const agents = alias(users, "agents");

export interface DisputeFilter {
  /** open: still disputed, the oldest first; decided or all: the newest first. */
  status: "open" | "decided" | "all";
  /** The dispute's first and last day (YYYY-MM-DD, UTC), both included. */
  from?: string;
  to?: string;
}

/** Disputes by status and day: the open ones the oldest first, the history the newest first. */
export async function listDisputes(
  db: DbOrTx,
  filter: DisputeFilter,
  limit: number,
): Promise<DisputeListRow[]> {
  const person = (table: typeof sellers | typeof agents) => ({
    id: table.id,
    firstName: table.firstName,
    lastName: table.lastName,
    email: table.email,
  });
  return db
    .select({
      change: chargeChanges,
      shipment: {
        id: shipments.id,
        productName: shipments.productName,
        status: shipments.status,
        completedAt: shipments.completedAt,
      },
      seller: person(sellers),
      agent: person(agents),
    })
    .from(chargeChanges)
    .innerJoin(shipments, eq(shipments.id, chargeChanges.shipmentId))
    .innerJoin(sellers, eq(sellers.id, shipments.sellerId))
    .innerJoin(agents, eq(agents.id, shipments.winnerAgentId))
    .where(
      and(
        filter.status === "open"
          ? eq(chargeChanges.status, "disputed")
          : filter.status === "decided"
            ? eq(chargeChanges.status, "decided")
            : isNotNull(chargeChanges.disputedAt),
        filter.from
          ? gte(chargeChanges.disputedAt, new Date(`${filter.from}T00:00:00Z`))
          : undefined,
        filter.to
          ? lt(
              chargeChanges.disputedAt,
              new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000),
            )
          : undefined,
      ),
    )
    .orderBy(
      ...(filter.status === "open"
        ? [asc(chargeChanges.disputedAt), asc(chargeChanges.id)]
        : [desc(chargeChanges.disputedAt), desc(chargeChanges.id)]),
    )
    .limit(limit);
}
