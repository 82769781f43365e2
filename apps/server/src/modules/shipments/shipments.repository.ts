import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  is,
  isNull,
  lte,
  or,
  Placeholder,
  sql,
  type SQL,
} from "drizzle-orm";
import { alias, unionAll } from "drizzle-orm/pg-core";
import type {
  CreateShipmentData,
  DeliveryProof,
  LegsAttention,
  ShipmentStatus,
} from "@fba/contract";
import { chargeableWeight, LIST_COUNT_CAP, parseListSearch, STALE_LEG_DAYS } from "@fba/contract";
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
import { resolveOrdering } from "../../lib/ordering.js";
import { shipmentUnreadSql, unreadCountsForShipments } from "../chat/index.js";

const quotationRow = alias(quotations, "q");
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
type JoinShape =
  { kind: "agent"; agentId: number | Placeholder } | { kind: "winner" } | { kind: "none" };

function quotationCondition(join: JoinShape): SQL {
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
type RawShipmentRow = Omit<ShipmentRow, "documentTypes" | "delivery"> & {
  orderDocumentTypes: string[] | null;
  orderLegs: Array<[string, string | null, string | null]> | null;
};

function selectShipments(db: DbOrTx, join: JoinShape) {
  return db
    .select({ ...shipmentColumns, ...joinedQuotationColumns, ...orderFactColumns })
    .from(shipments)
    .innerJoin(users, eq(users.id, shipments.sellerId))
    .leftJoin(quotationRow, quotationCondition(join))
    .leftJoin(agentUser, eq(agentUser.id, quotationRow.agentId));
}

const agentIdOf = (join: QuotationJoin) => (join.kind === "agent" ? join.agentId : undefined);

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
      .select({ ...getTableColumns(shipmentPackages), unread: shipmentUnreadSql(db, user, id) })
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

// ---------------------------------------------------------------------------------------------
// Lists

export type ShipmentListKind =
  | { kind: "open"; agentId: number }
  | { kind: "agent-won"; agentId: number; status: ShipmentStatus }
  | { kind: "agent-history"; agentId: number }
  | { kind: "seller"; sellerId: number; statuses: readonly ShipmentStatus[] }
  | { kind: "admin"; status?: ShipmentStatus };

export interface ShipmentListFilter {
  list: ShipmentListKind;
  now: Date;
  search?: string;
  ordering?: string;
  shipmentReadyDate?: string;
  page: number;
  perPage: number;
  /** Counts stop here (LIST_COUNT_CAP unless a test asks for less). */
  countCap?: number;
  /** Rows without the agent's own bid, for every agent alike (the open list: ownBidsOn). */
  withoutOwnBids?: boolean;
  /**
   * Where a total is kept that readers share: its key names the count's statement and values
   * (the clock aside), so one reader's total is another's when their lists match the same rows.
   */
  sharedTotal?: (key: string, count: () => Promise<number>) => Promise<number>;
}

const orderingColumns = {
  id: shipments.id,
  created_at: shipments.createdAt,
  updated_at: shipments.updatedAt,
  shipment_ready_date: shipments.shipmentReadyDate,
  product_name: shipments.productName,
  status: shipments.status,
  bidding_ends_at: shipments.biddingEndsAt,
  final_amount: shipments.finalAmount,
  quotation_count: shipments.quotationCount,
} as const;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const bind = {
  agentId: sql.placeholder("agentId"),
  sellerId: sql.placeholder("sellerId"),
  now: sql.placeholder("now"),
  pattern: sql.placeholder("pattern"),
  searchId: sql.placeholder("searchId"),
  readyDate: sql.placeholder("readyDate"),
  limit: sql.placeholder("limit"),
  offset: sql.placeholder("offset"),
  cap: sql.placeholder("cap"),
};

/**
 * Case-insensitive match over product name, reference, pickup address and destination FCs, and
 * the id when the search is a number; "#42" matches the id alone (parseListSearch).
 */
function searchCondition(kind: "id" | "text" | "id-only"): SQL {
  if (kind === "id-only") return eq(shipments.id, bind.searchId);
  // The stored search text: its trigram index finds rare matches, and the list indexes carry it.
  const parts: SQL[] = [
    sql`${shipments.searchText} like ${bind.pattern}`,
    // A destination FC ("ONT8"): a shipment has a few packages, read by its package index.
    // (Written out: inside a subquery every column is named with its table.)
    sql`exists (select 1 from shipment_packages p where p.shipment_id = ${sql.raw('"shipments"."id"')} and lower(p.delivery_location) like ${bind.pattern})`,
  ];
  if (kind === "id") parts.push(eq(shipments.id, bind.searchId));
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** How a list searches: not at all, by text, by text or id, or by id alone. */
function searchKind(filter: ShipmentListFilter): "" | "id" | "text" | "id-only" {
  const search = parseListSearch(filter.search);
  if (!search) return "";
  if (search.idOnly) return "id-only";
  return search.id !== undefined ? "id" : "text";
}

function listConditions(filter: ShipmentListFilter): SQL[] {
  const { list } = filter;
  const conditions: SQL[] = [];
  switch (list.kind) {
    case "open":
      conditions.push(
        // Written as the open list's partial indexes are (schema/shipments.ts), not bound: a
        // named statement's generic plan can use a partial index only where its predicate is in
        // the SQL text (with the statuses as parameters it sorted every open row, 65 ms a page).
        sql`${shipments.status} in ('Shipment Pending', 'Quotation Received')`,
        gt(shipments.biddingEndsAt, bind.now),
      );
      break;
    case "agent-won":
      conditions.push(eq(shipments.winnerAgentId, bind.agentId), eq(shipments.status, list.status));
      break;
    case "agent-history":
      conditions.push(sql`${quotationRow.id} is not null`);
      break;
    case "seller":
      conditions.push(
        eq(shipments.sellerId, bind.sellerId),
        list.statuses.length === 1
          ? eq(shipments.status, list.statuses[0]!)
          : inArray(shipments.status, [...list.statuses]),
      );
      break;
    case "admin":
      if (list.status) conditions.push(eq(shipments.status, list.status));
      break;
  }
  const search = searchKind(filter);
  if (search) conditions.push(searchCondition(search));
  if (filter.shipmentReadyDate) conditions.push(eq(shipments.shipmentReadyDate, bind.readyDate));
  return conditions;
}

function listOrder(filter: ShipmentListFilter): SQL[] {
  const ordering = resolveOrdering(orderingColumns, filter.ordering);
  if (ordering) {
    const { column, descending } = ordering;
    return [
      descending ? desc(column) : asc(column),
      descending ? desc(shipments.id) : asc(shipments.id),
    ];
  }
  if (filter.list.kind === "open") return [asc(shipments.biddingEndsAt), asc(shipments.id)];
  return [desc(shipments.createdAt), desc(shipments.id)];
}

function listJoin(list: ShipmentListKind): JoinShape {
  return list.kind === "open" || list.kind === "agent-won" || list.kind === "agent-history"
    ? { kind: "agent", agentId: bind.agentId }
    : { kind: "winner" };
}

/** What decides a list query's SQL text; the values are bound when it runs. */
function listShape(filter: ShipmentListFilter): string {
  const { list } = filter;
  const status =
    list.kind === "seller" ? list.statuses.join(",") : "status" in list ? list.status : "";
  const ordering = resolveOrdering(orderingColumns, filter.ordering) ? filter.ordering : "";
  const search = searchKind(filter);
  return [list.kind, status ?? "", search, filter.shipmentReadyDate ? "date" : "", ordering].join(
    "|",
  );
}

/**
 * A list's two statements, unprepared: the page's ids in list order (one more than the page, to
 * tell whether rows follow) and the count of its matches up to the cap.
 */
function listStatements(db: DbOrTx, filter: ShipmentListFilter) {
  const where = and(...listConditions(filter));
  // agent-history lists the shipments the agent's own quotation joins.
  const joined =
    filter.list.kind === "agent-history" ? quotationCondition(listJoin(filter.list)) : null;
  const ids = (
    joined
      ? db.select({ id: shipments.id }).from(shipments).innerJoin(quotationRow, joined)
      : db.select({ id: shipments.id }).from(shipments)
  ).where(where);
  const one = { one: sql<number>`1`.as("one") };
  const matching = (
    joined
      ? db.select(one).from(shipments).innerJoin(quotationRow, joined)
      : db.select(one).from(shipments)
  ).where(where);
  // Ids only: ordered by the list's index, a deep page skips index entries, not joined rows.
  const pageIds = ids
    .orderBy(...listOrder(filter))
    .limit(bind.limit)
    .offset(bind.offset);
  // Counting stops one past the cap: a broad match costs what LIST_COUNT_CAP rows cost.
  const matches = matching.limit(bind.cap).as("matches");
  const countQuery = db.select({ value: count() }).from(matches);
  return { pageIds, countQuery };
}

function buildListQueries(db: DbOrTx, filter: ShipmentListFilter) {
  const { pageIds, countQuery } = listStatements(db, filter);
  // A search is unnamed, so the planner sees each pattern (a generic plan could pick the trigram
  // index for a one-letter search). Every other shape is named: each connection parses and plans
  // it once, where an unnamed statement is parsed and planned on every call.
  const name = searchKind(filter) ? "" : listStatementName(listShape(filter));
  return {
    ids: pageIds.prepare(name && `${name}_ids`),
    count: countQuery.prepare(name && `${name}_count`),
  };
}

const listStatementNames = new Map<string, string>();

/** A short statement name per list shape (PostgreSQL keeps 63 bytes of a name). */
function listStatementName(shape: string): string {
  let name = listStatementNames.get(shape);
  if (name === undefined) {
    name = `shipment_list_${listStatementNames.size + 1}`;
    listStatementNames.set(shape, name);
  }
  return name;
}

/** The page's rows by id, in one statement planned once per connection (primary key lookups). */
async function shipmentsByIds(db: DbOrTx, ids: number[], join: QuotationJoin) {
  if (ids.length === 0) return [];
  const build = (agentId: number | Placeholder, idList: SQL) =>
    selectShipments(db, join.kind === "agent" ? { kind: "agent", agentId } : join).where(
      sql`${shipments.id} = any(${idList})`,
    );
  const prepared = preparedOnce(db, `shipments-by-ids.${join.kind}`, () =>
    mappedByPosition(
      build(bind.agentId, sql`${sql.placeholder("ids")}::integer[]`).prepare(
        `shipments_by_ids_${join.kind}`,
      ),
    ),
  );
  const agentId = agentIdOf(join) ?? 0;
  const rows = prepared
    ? await prepared.execute({ ids, agentId })
    : await build(agentId, sql`${sql.param(ids)}::integer[]`);
  const byId = new Map(rows.map((row) => [row.id, withOrderFacts(row as RawShipmentRow)]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

export interface ShipmentListPage<Beside = undefined> {
  rows: ShipmentRow[];
  /** What `beside` read of the page's ids, side by side with their rows. */
  beside: Beside;
  /** Matching rows, exact up to LIST_COUNT_CAP; past it the cap, with countIsCapped. */
  count: number;
  countIsCapped: boolean;
  /** Whether rows follow this page. */
  hasMore: boolean;
}

/**
 * One page of a list: its ids (the only query that walks the list), then their rows by primary
 * key beside the count. A page that ends the list gives its count for free (offset + rows);
 * otherwise matches are counted up to the cap (LIST_COUNT_CAP): past it the count is the cap and
 * countIsCapped is set.
 */
export async function listShipments<Beside = undefined>(
  db: DbOrTx,
  filter: ShipmentListFilter,
  /** More to read of the page's ids (unread counts, say), in the same round as their rows. */
  beside?: (ids: number[]) => Promise<Beside>,
): Promise<ShipmentListPage<Beside>> {
  const queries =
    preparedOnce(db, `shipment-list.${listShape(filter)}`, () => buildListQueries(db, filter)) ??
    buildListQueries(db, filter);
  const list = filter.list;
  const values = listValues(filter);
  const { offset } = values;
  const cap = filter.countCap ?? LIST_COUNT_CAP;
  const found = (await queries.ids.execute(values)).map((row) => row.id);
  const hasMore = found.length > filter.perPage;
  const ids = hasMore ? found.slice(0, filter.perPage) : found;
  // The list ends on this page (or the first page is empty): nothing left to count.
  const endsHere = !hasMore && (ids.length > 0 || offset === 0);
  const count = () => queries.count.execute(values).then((result) => Number(result[0]?.value ?? 0));
  const [rows, counted, besideIds] = await Promise.all([
    shipmentsByIds(db, ids, filter.withoutOwnBids ? { kind: "none" } : agentJoin(list)),
    endsHere
      ? Promise.resolve(offset + ids.length)
      : filter.sharedTotal
        ? filter.sharedTotal(totalKey(db, filter, values), count)
        : count(),
    beside ? beside(ids) : (undefined as Beside),
  ]);
  // A page that ends the list knows its count exactly, however deep it is.
  const countIsCapped = !endsHere && counted > cap;
  return {
    rows,
    beside: besideIds,
    count: countIsCapped ? cap : counted,
    countIsCapped,
    hasMore,
  };
}

const countStatements = new Map<string, { text: string; names: string[] }>();

/**
 * What a list's total depends on: its count statement and the values it binds, but the clock
 * (a kept total is as old as the time it is kept allows). Lists of other orderings, pages or
 * readers share it when these are the same (the agents' open list with the same search).
 */
function totalKey(db: DbOrTx, filter: ShipmentListFilter, values: ReturnType<typeof listValues>) {
  const shape = listShape(filter);
  let statement = countStatements.get(shape);
  if (!statement) {
    const { sql: text, params } = listStatements(db, filter).countQuery.toSQL();
    const names = params.flatMap((param) =>
      is(param, Placeholder) && param.name !== "now" ? [param.name as string] : [],
    );
    statement = { text, names };
    countStatements.set(shape, statement);
  }
  const bound = values as Record<string, unknown>;
  return [statement.text, ...statement.names.map((name) => String(bound[name]))].join("\n");
}

/** The values a list's statements bind. */
function listValues(filter: ShipmentListFilter) {
  const list = filter.list;
  const search = parseListSearch(filter.search);
  return {
    agentId: "agentId" in list ? list.agentId : undefined,
    sellerId: list.kind === "seller" ? list.sellerId : undefined,
    now: filter.now.toISOString(),
    pattern: search ? `%${escapeLike(search.text)}%` : undefined,
    searchId: search?.id,
    readyDate: filter.shipmentReadyDate,
    limit: filter.perPage + 1,
    offset: (filter.page - 1) * filter.perPage,
    cap: (filter.countCap ?? LIST_COUNT_CAP) + 1,
  };
}

/**
 * A list's page-of-ids statement as PostgreSQL gets it, with its values in order: for tests that
 * read the plans PostgreSQL makes of the list shapes.
 */
export function listIdsStatement(
  db: DbOrTx,
  filter: ShipmentListFilter,
): { text: string; values: unknown[] } {
  const { sql: text, params } = listStatements(db, filter).pageIds.toSQL();
  const values = listValues(filter) as Record<string, unknown>;
  return {
    text,
    values: params.map((param) => (is(param, Placeholder) ? values[param.name] : param)),
  };
}

/**
 * What a page of a list shared by every agent depends on (the open list read withoutOwnBids): its
 * statements and the values they bind, but the agent and the clock.
 */
export function sharedListKey(filter: ShipmentListFilter): string {
  const { pattern, searchId, readyDate, limit, offset, cap } = listValues(filter);
  return [listShape(filter), pattern, searchId, readyDate, limit, offset, cap].join("\n");
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
      build(bind.agentId, sql`${sql.placeholder("ids")}::integer[]`).prepare("own_bids_on"),
    ),
  );
  const rows = prepared
    ? await prepared.execute({ agentId, ids: shipmentIds })
    : await build(agentId, sql`${sql.param(shipmentIds)}::integer[]`);
  return new Map(rows.map(({ shipmentId, ...bid }) => [shipmentId, bid]));
}

/** The quotation a list's rows join: the agent's own on agents' lists, else the winning one. */
function agentJoin(list: ShipmentListKind): QuotationJoin {
  return "agentId" in list ? { kind: "agent", agentId: list.agentId } : { kind: "winner" };
}

/** A read row with its order facts summed up: documents uploaded, and how the legs were delivered. */
function withOrderFacts(row: RawShipmentRow): ShipmentRow {
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

// ---------------------------------------------------------------------------------------------
// Bid window closing

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

// ---------------------------------------------------------------------------------------------
// Dashboard

export async function countSellerShipments(
  db: DbOrTx,
  sellerId: number,
): Promise<{ active: number; completed: number }> {
  const build = (seller: number | Placeholder) =>
    db
      .select({ status: shipments.status, value: count() })
      .from(shipments)
      .where(eq(shipments.sellerId, seller))
      .groupBy(shipments.status);
  const prepared = preparedOnce(db, "seller-shipment-counts", () =>
    build(sql.placeholder("sellerId")).prepare("seller_shipment_counts"),
  );
  const rows = prepared ? await prepared.execute({ sellerId }) : await build(sellerId);
  let active = 0;
  let completed = 0;
  for (const row of rows) {
    if (row.status === "Shipment Completed") completed += Number(row.value);
    else if (row.status !== "Shipment Cancelled") active += Number(row.value);
  }
  return { active, completed };
}
