import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { QuotationService } from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";
import { mappedByPosition, preparedOnce } from "../../db/prepared.js";
import { quotations, shipments, users } from "../../db/schema/index.js";
import type { QuotationFields } from "./shipments.presenter.js";

/** A quotation's own columns, without its agent's name. */
const quotationRowColumns = {
  id: quotations.id,
  shipmentId: quotations.shipmentId,
  pickupAmount: quotations.pickupAmount,
  fastAmount: quotations.fastAmount,
  normalAmount: quotations.normalAmount,
  totalAmount: quotations.totalAmount,
  isAccepted: quotations.isAccepted,
  acceptedService: quotations.acceptedService,
  cancelReason: quotations.cancelReason,
  createdAt: quotations.createdAt,
  updatedAt: quotations.updatedAt,
  agentId: quotations.agentId,
  fastServiceType: quotations.fastServiceType,
  fastTransitMinDays: quotations.fastTransitMinDays,
  fastTransitMaxDays: quotations.fastTransitMaxDays,
  normalServiceType: quotations.normalServiceType,
  normalTransitMinDays: quotations.normalTransitMinDays,
  normalTransitMaxDays: quotations.normalTransitMaxDays,
  inclusions: quotations.inclusions,
  validUntil: quotations.validUntil,
  note: quotations.note,
  reconfirmRequestedAt: quotations.reconfirmRequestedAt,
};

const quotationColumns = {
  ...quotationRowColumns,
  agentFirstName: users.firstName,
  agentLastName: users.lastName,
  agentEmail: users.email,
};

/** A quotation as stored, before its agent's name is added. */
export type QuotationRow = Omit<QuotationFields, "agentFirstName" | "agentLastName" | "agentEmail">;

/** What a quotation states besides its amounts (all null for a bid sent without them). */
export interface QuotationDetailValues {
  fastServiceType: string | null;
  fastTransitMinDays: number | null;
  fastTransitMaxDays: number | null;
  normalServiceType: string | null;
  normalTransitMinDays: number | null;
  normalTransitMaxDays: number | null;
  inclusions: string[] | null;
  validUntil: Date | null;
  note: string | null;
}

export async function findQuotation(db: DbOrTx, id: number): Promise<QuotationFields | undefined> {
  const [row] = await db
    .select(quotationColumns)
    .from(quotations)
    .innerJoin(users, eq(users.id, quotations.agentId))
    .where(eq(quotations.id, id))
    .limit(1);
  return row;
}

/** Stores a bid; undefined when the agent has bid on the shipment already. */
export async function insertQuotation(
  db: DbOrTx,
  values: {
    shipmentId: number;
    agentId: number;
    pickupAmount: string;
    fastAmount: string | null;
    normalAmount: string | null;
    totalAmount: string;
    details?: QuotationDetailValues | null;
    now: Date;
  },
): Promise<QuotationRow | undefined> {
  const [row] = await db
    .insert(quotations)
    .values({
      shipmentId: values.shipmentId,
      agentId: values.agentId,
      pickupAmount: values.pickupAmount,
      fastAmount: values.fastAmount,
      normalAmount: values.normalAmount,
      totalAmount: values.totalAmount,
      ...(values.details ?? {}),
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing()
    .returning(quotationRowColumns);
  return row;
}

/** Counts the new bid and moves a fresh shipment to Quotation Received. */
export async function recordBid(db: DbOrTx, shipmentId: number, now: Date): Promise<void> {
  await db
    .update(shipments)
    .set({
      quotationCount: sql`${shipments.quotationCount} + 1`,
      status: "Quotation Received",
      updatedAt: now,
    })
    .where(eq(shipments.id, shipmentId));
}

export async function updateQuotation(
  db: DbOrTx,
  id: number,
  values: {
    isAccepted: boolean;
    cancelReason: string | null;
    /** Only an acceptance names it; declining or cancelling keeps what was bought. */
    acceptedService?: QuotationService | null;
    now: Date;
  },
): Promise<void> {
  await db
    .update(quotations)
    .set({
      isAccepted: values.isAccepted,
      ...(values.acceptedService !== undefined ? { acceptedService: values.acceptedService } : {}),
      cancelReason: values.cancelReason,
      updatedAt: values.now,
    })
    .where(eq(quotations.id, id));
}

/**
 * The lowest bid after `passedOverId` that nobody declined, in the order the automatic winner
 * is chosen (total, then the earlier bid); undefined when none is left.
 */
export async function nextLowestBid(
  db: DbOrTx,
  shipmentId: number,
  passedOverId: number,
): Promise<{ id: number; agentId: number } | undefined> {
  const [row] = await db
    .select({ id: quotations.id, agentId: quotations.agentId })
    .from(quotations)
    .where(
      and(
        eq(quotations.shipmentId, shipmentId),
        ne(quotations.id, passedOverId),
        isNull(quotations.isAccepted),
      ),
    )
    .orderBy(asc(quotations.totalAmount), asc(quotations.createdAt), asc(quotations.id))
    .limit(1);
  return row;
}

/** Quotations of a shipment; `agentId` limits them to one agent's. */
export async function listShipmentQuotations(
  db: DbOrTx,
  shipmentId: number,
  options: { agentId?: number; byRank: boolean; page: number; perPage: number },
): Promise<{ rows: QuotationFields[]; count: number }> {
  const where =
    options.agentId === undefined
      ? eq(quotations.shipmentId, shipmentId)
      : and(eq(quotations.shipmentId, shipmentId), eq(quotations.agentId, options.agentId));
  // Sealed bids are listed in arrival order: ranking them would reveal the amounts.
  const order = options.byRank
    ? [asc(quotations.totalAmount), asc(quotations.createdAt), asc(quotations.id)]
    : [asc(quotations.id)];
  const [rows, counted] = await Promise.all([
    db
      .select(quotationColumns)
      .from(quotations)
      .innerJoin(users, eq(users.id, quotations.agentId))
      .where(where)
      .orderBy(...order)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ value: count() }).from(quotations).where(where),
  ]);
  return { rows, count: Number(counted[0]?.value ?? 0) };
}

function selectAllShipmentQuotations(db: DbOrTx) {
  return db
    .select(quotationColumns)
    .from(quotations)
    .innerJoin(users, eq(users.id, quotations.agentId));
}

/** Every quotation of a shipment with its agent, for the seller's comparison (a prepared read). */
export async function allShipmentQuotations(
  db: DbOrTx,
  shipmentId: number,
): Promise<QuotationFields[]> {
  const order = [asc(quotations.totalAmount), asc(quotations.createdAt), asc(quotations.id)];
  const prepared = preparedOnce(db, "comparison-quotations", () =>
    mappedByPosition(
      selectAllShipmentQuotations(db)
        .where(eq(quotations.shipmentId, sql.placeholder("shipmentId")))
        .orderBy(...order)
        .prepare("comparison_quotations"),
    ),
  );
  return prepared
    ? prepared.execute({ shipmentId })
    : selectAllShipmentQuotations(db)
        .where(eq(quotations.shipmentId, shipmentId))
        .orderBy(...order);
}

/** Re-confirmation: the seller's request (a time) or its answer (null, maybe a new validity). */
export async function setReconfirmation(
  db: DbOrTx,
  id: number,
  values: { reconfirmRequestedAt: Date | null; validUntil?: Date; now: Date },
): Promise<void> {
  await db
    .update(quotations)
    .set({
      reconfirmRequestedAt: values.reconfirmRequestedAt,
      ...(values.validUntil !== undefined ? { validUntil: values.validUntil } : {}),
      updatedAt: values.now,
    })
    .where(eq(quotations.id, id));
}

/**
 * A shipment's bidders and its automatic winner (the spec's rule: the lowest total, the earliest
 * bid on a tie), in one read of its quotations.
 */
export async function bidRanking(
  db: DbOrTx,
  shipmentId: number,
): Promise<{ agentIds: number[]; automaticWinnerId: number | null }> {
  const rows = await db
    .select({ id: quotations.id, agentId: quotations.agentId })
    .from(quotations)
    .where(eq(quotations.shipmentId, shipmentId))
    .orderBy(asc(quotations.totalAmount), asc(quotations.createdAt), asc(quotations.id));
  return { agentIds: rows.map((row) => row.agentId), automaticWinnerId: rows[0]?.id ?? null };
}
