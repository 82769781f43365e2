import { and, asc, eq, getTableColumns, inArray, Placeholder, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CreateShipmentData, DeliveryProof, ShipmentStatus } from "@fba/contract";
import { chargeableWeight } from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";
import { mappedByPosition, preparedOnce } from "../../db/prepared.js";
import {
  legEvents,
  orderDocuments,
  quotations,
  shipmentLegs,
  shipmentPackages,
  shipments,
  users,
} from "../../db/schema/index.js";
import { shipmentUnreadSql, unreadCountsForShipments } from "../chat/index.js";

export const quotationRow = alias(quotations, "q");
const agentUser = alias(users, "agent");

/** Columns every shipment read selects: the shipment, its seller and one quotation with its agent. */
const shipmentColumns = {
  id: shipments.id,
  sellerId: shipments.sellerId,
  status: shipments.status,
  freightBookingReferenceNumber: shipments.freightBookingReferenceNumber,
  shipmentReadyDate: shipments.shipmentReadyDate,
  supplierContactName: shipments.supplierContactName,
  supplierContactPhone: shipments.supplierContactPhone,
  productName: shipments.productName,
  mainCompetitorAsin: shipments.mainCompetitorAsin,
  pickupFullAddress: shipments.pickupFullAddress,
  pickupStreetAddress: shipments.pickupStreetAddress,
  pickupCity: shipments.pickupCity,
  pickupState: shipments.pickupState,
  pickupCountry: shipments.pickupCountry,
  pickupZipCode: shipments.pickupZipCode,
  pickupLatitude: shipments.pickupLatitude,
  pickupLongitude: shipments.pickupLongitude,
  pickupPlaceId: shipments.pickupPlaceId,
  compliance: shipments.compliance,
  detailedProductDescription: shipments.detailedProductDescription,
  additionalNotes: shipments.additionalNotes,
  contactFirstName: shipments.contactFirstName,
  contactLastName: shipments.contactLastName,
  contactEmail: shipments.contactEmail,
  biddingEndsAt: shipments.biddingEndsAt,
  winningQuotationId: shipments.winningQuotationId,
  winnerAgentId: shipments.winnerAgentId,
  quotationCount: shipments.quotationCount,
  trackingNumber: shipments.trackingNumber,
  trackingLink: shipments.trackingLink,
  trackingCarrier: shipments.trackingCarrier,
  finalAmount: shipments.finalAmount,
  cancelReason: shipments.cancelReason,
  createdAt: shipments.createdAt,
  updatedAt: shipments.updatedAt,
  changedAt: shipments.changedAt,
  sellerFirstName: users.firstName,
  sellerLastName: users.lastName,
  sellerEmail: users.email,
  sellerPhone: users.phone,
};

/** The joined quotation's columns, with its agent: an agent's own bid is laid over shared rows. */
const joinedQuotationColumns = {
  quotationId: quotationRow.id,
  quotationPickupAmount: quotationRow.pickupAmount,
  quotationFastAmount: quotationRow.fastAmount,
  quotationNormalAmount: quotationRow.normalAmount,
  quotationTotalAmount: quotationRow.totalAmount,
  quotationIsAccepted: quotationRow.isAccepted,
  quotationAcceptedService: quotationRow.acceptedService,
  quotationCancelReason: quotationRow.cancelReason,
  quotationCreatedAt: quotationRow.createdAt,
  quotationUpdatedAt: quotationRow.updatedAt,
  quotationAgentId: quotationRow.agentId,
  agentFirstName: agentUser.firstName,
  agentLastName: agentUser.lastName,
  agentEmail: agentUser.email,
  // The joined quotation's details (quotation-details in the contract).
  quotationFastServiceType: quotationRow.fastServiceType,
  quotationFastTransitMinDays: quotationRow.fastTransitMinDays,
  quotationFastTransitMaxDays: quotationRow.fastTransitMaxDays,
  quotationNormalServiceType: quotationRow.normalServiceType,
  quotationNormalTransitMinDays: quotationRow.normalTransitMinDays,
  quotationNormalTransitMaxDays: quotationRow.normalTransitMaxDays,
  quotationInclusions: quotationRow.inclusions,
  quotationValidUntil: quotationRow.validUntil,
  quotationNote: quotationRow.note,
  quotationReconfirmRequestedAt: quotationRow.reconfirmRequestedAt,
};

type Columns = typeof shipmentColumns & typeof joinedQuotationColumns;

export type ShipmentRow = {
  [K in keyof Columns]: Columns[K]["_"]["data"] | null;
} & {
  id: number;
  sellerId: number;
  status: string;
  biddingEndsAt: Date;
  createdAt: Date;
  updatedAt: Date;
  quotationCount: number;
  compliance: string[];
  documentTypes: string[] | null;
  delivery: DeliveryProof | null;
};

/**
 * Which quotation a read joins: the caller's own (agents), the winning one (seller, admin), or
 * none (rows shared by every agent, each one's own bid laid over them: ownBidsOn).
 */
export type QuotationJoin =
  { kind: "agent"; agentId: number } | { kind: "winner" } | { kind: "none" };
/** The same, with the agent id bound later (prepared reads). */
export type JoinShape =
  { kind: "agent"; agentId: number | Placeholder } | { kind: "winner" } | { kind: "none" };

export function quotationCondition(join: JoinShape): SQL {
  switch (join.kind) {
    case "agent":
      return and(
        eq(quotationRow.shipmentId, shipments.id),
        eq(quotationRow.agentId, join.agentId),
      )!;
    case "winner":
      return eq(quotationRow.id, shipments.winningQuotationId);
    case "none":
      return sql`false`;
  }
}

/**
 * The FC of the leg's Delivered event in force (its latest correction), by leg_events_leg_idx.
 * The leg's id is named with its table: a bare "id" would be the event's own.
 */
const deliveredFcCode = sql<string | null>`(select e.delivered_fc_code from ${legEvents} e
  where e.leg_id = ${shipmentLegs}.id and e.milestone = 'delivered'
    and not exists (select 1 from ${legEvents} c where c.supersedes_id = e.id)
  order by e.id desc limit 1)`;

/**
 * What the reads tell of orders after the award, in the row's own statement: the types of their
 * uploaded documents, and each leg's booked FC, the FC of a delivery elsewhere that was decided
 * and the FC of its Delivered event in force. Null for a shipment without a winner (the case
 * skips both lookups), so a deep page costs what the first does.
 */
const orderFactColumns = {
  orderDocumentTypes: sql<string[] | null>`case when ${shipments.winnerAgentId} is not null then
    coalesce((select json_agg(distinct d.type) from ${orderDocuments} d
      where d.shipment_id = ${shipments.id}), '[]'::json) end`,
  orderLegs: sql<Array<[string, string | null, string | null]> | null>`case
    when ${shipments.winnerAgentId} is not null then coalesce((select json_agg(json_build_array(
      ${shipmentLegs.fcCode}, ${shipmentLegs.differentFcCode}, ${deliveredFcCode}))
      from ${shipmentLegs} where ${shipmentLegs.shipmentId} = ${shipments.id}), '[]'::json) end`,
};

/** A read's row as it comes from the database, before withOrderFacts. */
export type RawShipmentRow = Omit<ShipmentRow, "documentTypes" | "delivery"> & {
  orderDocumentTypes: string[] | null;
  orderLegs: Array<[string, string | null, string | null]> | null;
};

/**
 * A shipment's read. A list's adds two columns, each null without it: `unread`, the reader's
 * unread chat messages; `legsAttention`, how many of an order's legs need attention.
 */
export function selectShipments(
  db: DbOrTx,
  join: JoinShape,
  unread?: SQL<number>,
  legsAttention?: SQL<[number, number] | null>,
) {
  return db
    .select(readFields(unread, legsAttention))
    .from(shipments)
    .innerJoin(users, eq(users.id, shipments.sellerId))
    .leftJoin(quotationRow, quotationCondition(join))
    .leftJoin(agentUser, eq(agentUser.id, quotationRow.agentId));
}

function readFields(unread?: SQL<number>, legsAttention?: SQL<[number, number] | null>) {
  return {
    ...shipmentColumns,
    ...joinedQuotationColumns,
    ...orderFactColumns,
    unread: unread ?? sql<number | null>`null`,
    legsAttention: legsAttention ?? sql<[number, number] | null>`null`,
  };
}

/** A list page's read (pageRead), built to be prepared. */
export interface PageRead {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<unknown[]> };
}

/**
 * The same read of a list page's rows, from `page`: a FROM naming each row's id "p"."id" (a
 * list's page of ids), with `extra` columns after the read's own, in no order (the caller orders
 * them by a column of `extra`: a sort of the wide rows was a tenth of PostgreSQL's time a page).
 * Joined to the page's ids, not through them: a page without rows still gives one row, every
 * column of the read null, carrying `extra`.
 */
export function pageRead(
  db: DbOrTx,
  join: JoinShape,
  page: { from: SQL; extra: Record<string, SQL> },
  unread?: SQL<number>,
  legsAttention?: SQL<[number, number] | null>,
): PageRead {
  return db
    .select({ ...readFields(unread, legsAttention), ...page.extra })
    .from(page.from)
    .leftJoin(shipments, sql`${shipments.id} = "p"."id"`)
    .leftJoin(users, eq(users.id, shipments.sellerId))
    .leftJoin(quotationRow, quotationCondition(join))
    .leftJoin(agentUser, eq(agentUser.id, quotationRow.agentId));
}

export const agentIdOf = (join: QuotationJoin) =>
  join.kind === "agent" ? join.agentId : undefined;

export async function findShipment(
  db: DbOrTx,
  id: number,
  join: QuotationJoin,
): Promise<ShipmentRow | undefined> {
  const prepared = preparedOnce(db, `shipment-by-id.${join.kind}`, () =>
    mappedByPosition(
      selectShipments(
        db,
        join.kind === "agent" ? { kind: "agent", agentId: sql.placeholder("agentId") } : join,
      )
        .where(eq(shipments.id, sql.placeholder("id")))
        .limit(1)
        .prepare(`shipment_by_id_${join.kind}`),
    ),
  );
  const [row] = prepared
    ? await prepared.execute({ id, agentId: agentIdOf(join) })
    : await selectShipments(db, join).where(eq(shipments.id, id)).limit(1);
  return row ? withOrderFacts(row as RawShipmentRow) : undefined;
}

/** The fields lifecycle rules need, locked for the rest of the transaction. */
export interface ShipmentState {
  id: number;
  sellerId: number;
  status: ShipmentStatus;
  biddingEndsAt: Date;
  winningQuotationId: number | null;
  winnerAgentId: number | null;
  quotationCount: number;
  trackingNumber: string | null;
  finalAmount: string | null;
}

export async function lockShipment(db: DbOrTx, id: number): Promise<ShipmentState | undefined> {
  const [row] = await db
    .select({
      id: shipments.id,
      sellerId: shipments.sellerId,
      status: shipments.status,
      biddingEndsAt: shipments.biddingEndsAt,
      winningQuotationId: shipments.winningQuotationId,
      winnerAgentId: shipments.winnerAgentId,
      quotationCount: shipments.quotationCount,
      trackingNumber: shipments.trackingNumber,
      finalAmount: shipments.finalAmount,
    })
    .from(shipments)
    .where(eq(shipments.id, id))
    .for("update");
  return row as ShipmentState | undefined;
}

export async function insertShipment(
  db: DbOrTx,
  sellerId: number,
  input: CreateShipmentData,
  createdAt: Date,
  biddingEndsAt: Date,
): Promise<number> {
  const pickup = input.pickup_location;
  const [row] = await db
    .insert(shipments)
    .values({
      sellerId,
      status: "Shipment Pending",
      freightBookingReferenceNumber: input.freight_booking_reference_number,
      shipmentReadyDate: input.shipment_ready_date,
      supplierContactName: input.supplier_contact_name,
      supplierContactPhone: input.supplier_contact_phone,
      productName: input.product_name,
      mainCompetitorAsin: input.main_competitor_asin,
      pickupFullAddress: pickup.full_address,
      pickupStreetAddress: pickup.street_address ?? null,
      pickupCity: pickup.city ?? null,
      pickupState: pickup.state ?? null,
      pickupCountry: pickup.country ?? null,
      pickupZipCode: pickup.zip_code ?? null,
      pickupLatitude: pickup.latitude ?? null,
      pickupLongitude: pickup.longitude ?? null,
      pickupPlaceId: pickup.place_id ?? null,
      compliance: input.compliance.compliance,
      detailedProductDescription: input.compliance.detailed_product_description,
      additionalNotes: input.compliance.additional_notes ?? null,
      contactFirstName: input.contact_information.first_name,
      contactLastName: input.contact_information.last_name,
      contactEmail: input.contact_information.email,
      biddingEndsAt,
      createdAt,
      updatedAt: createdAt,
      changedAt: createdAt,
      // As the packages' trigger will find them (migration 0034), so their insert below leaves
      // the new row as it is rather than writing it, and each of its index entries, again.
      destinations: sql`lower(${input.packages.map((pkg) => pkg.delivery_location).join("\n")})`,
    })
    .returning({ id: shipments.id });
  if (!row) throw new Error("shipment insert returned no row");
  await db.insert(shipmentPackages).values(
    input.packages.map((pkg, position) => ({
      shipmentId: row.id,
      position,
      lengthCm: String(pkg.carton_dimensions_length),
      widthCm: String(pkg.carton_dimensions_width),
      heightCm: String(pkg.carton_dimensions_height),
      weightPerCartonKg: String(pkg.weight_per_carton_kg),
      totalCostOfGoods: String(pkg.total_cost_of_goods),
      numberOfCartons: pkg.number_of_cartons,
      deliveryLocation: pkg.delivery_location,
      fbaShipmentId: pkg.fba_shipment_id ?? null,
      chargeableWeight: String(chargeableWeight(pkg)),
    })),
  );
  return row.id;
}

export type PackageRow = typeof shipmentPackages.$inferSelect;

/**
 * A shipment's cartons and the reader's unread chat messages on it, in one statement: what its
 * page reads beside the shipment's row.
 */
export async function packagesWithUnread(
  db: DbOrTx,
  shipmentId: number,
  userId: number,
): Promise<{ packages: PackageRow[]; unread: number }> {
  const build = (id: number | Placeholder, user: number | Placeholder) =>
    db
      .select({ ...getTableColumns(shipmentPackages), unread: shipmentUnreadSql(user, id) })
      .from(shipmentPackages)
      .where(eq(shipmentPackages.shipmentId, id))
      .orderBy(asc(shipmentPackages.position));
  const prepared = preparedOnce(db, "shipment-packages-unread", () =>
    build(sql.placeholder("shipmentId"), sql.placeholder("userId")).prepare(
      "shipment_packages_with_unread",
    ),
  );
  const rows = prepared
    ? await prepared.execute({ shipmentId, userId })
    : await build(shipmentId, userId);
  const first = rows[0];
  // A shipment always has cartons; without any, the count needs a statement of its own.
  if (!first) {
    const unread = await unreadCountsForShipments(db, userId, [shipmentId]);
    return { packages: [], unread: unread.get(shipmentId) ?? 0 };
  }
  return { packages: rows.map(({ unread: _unread, ...pkg }) => pkg), unread: first.unread };
}

export async function findPackage(db: DbOrTx, id: number): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(shipmentPackages).where(eq(shipmentPackages.id, id));
  return row;
}

/** One carton group's own tracking number and its carrier's link. */
export async function updatePackageTracking(
  db: DbOrTx,
  id: number,
  values: { trackingNumber: string; trackingLink: string },
): Promise<void> {
  await db.update(shipmentPackages).set(values).where(eq(shipmentPackages.id, id));
}

export async function updateShipment(
  db: DbOrTx,
  id: number,
  values: Partial<typeof shipments.$inferInsert>,
): Promise<void> {
  // Every change but a bid (recordBid) is one agents may see: it moves `changed_at` too.
  const changedAt = values.changedAt ?? values.updatedAt;
  await db
    .update(shipments)
    .set(changedAt ? { ...values, changedAt } : values)
    .where(eq(shipments.id, id));
}

/**
 * A disputed charge change decided: the decided amount becomes the order's final amount (the
 * audit trail keeps the agent's).
 */
export async function setFinalAmount(
  db: DbOrTx,
  shipmentId: number,
  amount: string,
  at: Date,
): Promise<void> {
  await db
    .update(shipments)
    .set({ finalAmount: amount, updatedAt: at, changedAt: at })
    .where(eq(shipments.id, shipmentId));
}

/** The shipments' delivery locations, each shipment's in booking order (one statement). */
export async function destinationsOf(db: DbOrTx, ids: number[]): Promise<Map<number, string[]>> {
  const byShipment = new Map<number, string[]>();
  if (ids.length === 0) return byShipment;
  const rows = await db
    .select({
      shipmentId: shipmentPackages.shipmentId,
      location: shipmentPackages.deliveryLocation,
    })
    .from(shipmentPackages)
    .where(inArray(shipmentPackages.shipmentId, ids))
    .orderBy(asc(shipmentPackages.shipmentId), asc(shipmentPackages.position));
  for (const row of rows) {
    const list = byShipment.get(row.shipmentId) ?? [];
    if (!list.includes(row.location)) list.push(row.location);
    byShipment.set(row.shipmentId, list);
  }
  return byShipment;
}

export type OwnBid = { [K in keyof typeof joinedQuotationColumns]: ShipmentRow[K] };

/** The agent's own bids on these shipments, as a row's joined quotation (one statement). */
export async function ownBidsOn(
  db: DbOrTx,
  agentId: number,
  shipmentIds: number[],
): Promise<Map<number, OwnBid>> {
  if (shipmentIds.length === 0) return new Map();
  const build = (agent: number | Placeholder, idList: SQL) =>
    db
      .select({ shipmentId: quotationRow.shipmentId, ...joinedQuotationColumns })
      .from(quotationRow)
      .innerJoin(agentUser, eq(agentUser.id, quotationRow.agentId))
      .where(
        and(eq(quotationRow.agentId, agent), sql`${quotationRow.shipmentId} = any(${idList})`),
      );
  const prepared = preparedOnce(db, "own-bids-on", () =>
    mappedByPosition(
      build(sql.placeholder("agentId"), sql`${sql.placeholder("ids")}::integer[]`).prepare(
        "own_bids_on",
      ),
    ),
  );
  const rows = prepared
    ? await prepared.execute({ agentId, ids: shipmentIds })
    : await build(agentId, sql`${sql.param(shipmentIds)}::integer[]`);
  return new Map(rows.map(({ shipmentId, ...bid }) => [shipmentId, bid]));
}

/** A read row with its order facts summed up: documents uploaded, and how the legs were delivered. */
export function withOrderFacts(row: RawShipmentRow): ShipmentRow {
  // The row is this read's own object: the facts are set on it, not on a copy (copying a row of
  // sixty columns, twice, was a tenth of a list request's CPU time). The two raw columns stay on
  // it unread: presenters pick their fields by name.
  const shaped = row as RawShipmentRow & Pick<ShipmentRow, "documentTypes" | "delivery">;
  const { orderDocumentTypes, orderLegs } = row;
  if (row.winnerAgentId === null || orderLegs === null) {
    shaped.documentTypes = null;
    shaped.delivery = null;
    return shaped;
  }
  const delivery: DeliveryProof = { legs: 0, delivered: 0, at_booked_fc: 0, different_fc_open: 0 };
  for (const [fcCode, differentFcCode, deliveredFc] of orderLegs) {
    delivery.legs += 1;
    if (deliveredFc === null) continue;
    delivery.delivered += 1;
    if (deliveredFc === fcCode) delivery.at_booked_fc += 1;
    else if (differentFcCode !== deliveredFc) delivery.different_fc_open += 1;
  }
  shaped.documentTypes = orderDocumentTypes ?? [];
  shaped.delivery = delivery;
  return shaped;
}
