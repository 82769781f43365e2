import { and, asc, count, desc, eq, gt, is, Placeholder, sql, type SQL } from "drizzle-orm";
import type { LegsAttention, ShipmentStatus } from "@fba/contract";
import { LIST_COUNT_CAP, parseListSearch, SEARCH_COUNT_CAP } from "@fba/contract";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.js";
import { mappedByPosition, preparedOnce } from "../../db/prepared.js";
import { withGenericPlans } from "../../db/request-clock.js";
import { quotations, shipments } from "../../db/schema/index.js";
import { shipmentUnreadSql } from "../chat/index.js";
import { legsAttentionClock, legsAttentionSql } from "../legs/index.js";
import { joinedSearchText } from "./search-words.js";
import { windowsDueSql } from "./bidding-window.repository.js";
import { resolveOrdering } from "../../lib/ordering.js";
import {
  agentIdOf,
  selectShipments,
  pageRead,
  withOrderFacts,
  type QuotationJoin,
  type RawShipmentRow,
  type ShipmentRow,
} from "./shipments.repository.js";

/**
 * The list-query compiler: every shipment list (the open list, an agent's won orders and bid
 * history, a seller's and the admins') as one statement per page, planned once per connection
 * per list shape: the page's ids, a primary-key read of their rows and the list's total (capped;
 * read apart when readers whose lists match the same rows share it). A search reads its matches
 * in list order up to one past the cap, which give its total and hold its page, then the page's
 * rows.
 */

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
  /** Counts stop here (countCapOf: the contract's cap unless a test asks for less). */
  countCap?: number;
  /**
   * The part of a search (lower-cased) worth looking up by trigrams, when narrower than the whole
   * (SearchSample.narrowed: without the words nearly every shipment holds); the rows found are
   * checked for the whole.
   */
  narrowSearch?: (text: string) => string | undefined;
  /**
   * Whether a search (lower-cased) is common (SearchSample.common): its text part is then found by
   * walking the list's index, each row checked, not looked up by trigrams.
   */
  commonSearch?: (text: string) => boolean;
  /** Rows without the agent's own bid, for every agent alike (the open list: ownBidsOn). */
  withoutOwnBids?: boolean;
  /** The reader whose unread chat messages each row counts, read with the rows (`unread`). */
  readerId?: number;
  /** Whether accepted orders' rows carry how many of their legs need attention (`attention`). */
  legsAttention?: boolean;
  /**
   * Which windows passed unjudged the page's ids look for (`due`): the list's seller's, or
   * everyone's. Lists whose rows a window's closing changes ask (ShipmentListReader).
   */
  dueLook?: "seller" | "all";
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
  /** The search's part looked up by trigrams, as a pattern, when narrower than the whole. */
  narrowPattern: sql.placeholder("narrowPattern"),
  /** The search's part looked up by trigrams across its words, as a pattern (joinedSearchText). */
  joinedPattern: sql.placeholder("joinedPattern"),
  /** The whole search, checked on each row the narrower part finds. */
  searchText: sql.placeholder("searchText"),
  searchId: sql.placeholder("searchId"),
  readyDate: sql.placeholder("readyDate"),
  limit: sql.placeholder("limit"),
  offset: sql.placeholder("offset"),
  perPage: sql.placeholder("perPage"),
  /**
   * How many matches each part of a search gives: one past the cap, or past the page and every
   * row before it when that is further.
   */
  armLimit: sql.placeholder("armLimit"),
  cap: sql.placeholder("cap"),
  readerId: sql.placeholder("readerId"),
  today: sql.placeholder("today"),
  quietSince: sql.placeholder("quietSince"),
  /** Always 0: an OFFSET keeps PostgreSQL from folding a subquery into the query around it. */
  fence: sql.placeholder("fence"),
};

/**
 * Case-insensitive match over product name, reference, pickup address and destination FCs, and
 * the id when the search is a number; "#42" matches the id alone (parseListSearch). A shipment
 * matches when any one of these parts does; each part is read on its own (searchParts).
 */
function searchParts(kind: "id" | "text", lookup: TextLookup): SQL[] {
  const parts: SQL[] = [
    // The stored search text: its trigram index finds rare matches, and the list indexes carry it.
    textPart(lookup),
    // The packages' destinations ("ONT8"), kept on the shipment: the same, by their own trigrams.
    sql`${shipments.destinations} like ${bind.pattern}`,
  ];
  if (kind === "id") parts.push(eq(shipments.id, bind.searchId));
  return parts;
}

/**
 * How a search by text looks its term up (textLookup): checked on each row of the list's walk
 * (common), by trigrams across its words (joined), by trigrams of a part (narrowed) or of the
 * whole term as typed (whole).
 */
type TextLookup = "common" | "joined" | "narrowed" | "whole";

/**
 * The search text's part of a search. Every lookup but the whole term's checks each row found for
 * the term as typed (strpos, which no index serves, so the planner does not look the whole up as
 * well).
 * - common: the term alone, so the list's first matches are found walking its index. PostgreSQL
 *   misjudges how many rows a list holds where its conditions go together (an open list's
 *   statuses and end times), and for "board" on the open list at 100,000 shipments it chose to
 *   intersect every trigram match with every open shipment and sort them (4.4 ms warm) over the
 *   walk (1.3 ms).
 * - joined: the lookup part without spaces in the search text without spaces, whose trigrams
 *   cross the words (joinedSearchText: "mug 12" at 1,000,000 shipments, 25 ms looked up as typed,
 *   0.7 ms joined).
 * - narrowed: the index asked for a part (without the words nearly every shipment holds).
 */
function textPart(lookup: TextLookup): SQL {
  const term = sql`strpos(${shipments.searchText}, ${bind.searchText}) > 0`;
  switch (lookup) {
    case "common":
      return term;
    case "joined":
      // Written as shipments_search_joined_trgm_idx's expression, so the planner can use it.
      return sql`replace(${shipments.searchText}, ' ', '') like ${bind.joinedPattern} and ${term}`;
    case "narrowed":
      return sql`${shipments.searchText} like ${bind.narrowPattern} and ${term}`;
    case "whole":
      return sql`${shipments.searchText} like ${bind.pattern}`;
  }
}

/**
 * The list's statuses written into its SQL, not bound: each status set is a list shape of its
 * own (listShape), so its named statements are planned knowing which statuses they read. Bound,
 * a generic plan takes any status for an average one, and PostgreSQL planned such statements
 * afresh on every call rather than trust it. The statuses are the contract's own names.
 */
function statusIn(statuses: readonly ShipmentStatus[]): SQL {
  const literals = statuses.map((status) => sql.raw(`'${status.replaceAll("'", "''")}'`));
  return statuses.length === 1
    ? sql`${shipments.status} = ${literals[0]}`
    : sql`${shipments.status} in (${sql.join(literals, sql`, `)})`;
}

/** How a list searches: not at all, by text, by text or id, or by id alone. */
function searchKind(filter: ShipmentListFilter): "" | "id" | "text" | "id-only" {
  const search = parseListSearch(filter.search);
  if (!search) return "";
  if (search.idOnly) return "id-only";
  return search.id !== undefined ? "id" : "text";
}

/**
 * How a search by text looks its term up, and the part it looks up by trigrams (`part`: the
 * narrowed part, that part or the whole term without spaces, or the whole term); undefined
 * without a search by text.
 */
function textLookup(filter: ShipmentListFilter): { kind: TextLookup; part: string } | undefined {
  const search = parseListSearch(filter.search);
  if (!search || search.idOnly) return undefined;
  if (filter.commonSearch?.(search.text)) return { kind: "common", part: search.text };
  const narrowed = filter.narrowSearch?.(search.text);
  const joined = joinedSearchText(narrowed ?? search.text);
  if (joined !== undefined) return { kind: "joined", part: joined };
  return narrowed !== undefined
    ? { kind: "narrowed", part: narrowed }
    : { kind: "whole", part: search.text };
}

/** The list's own conditions: which rows it holds, before any search. */
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
      conditions.push(eq(shipments.winnerAgentId, bind.agentId), statusIn([list.status]));
      break;
    case "agent-history":
      // Its rows are the agent's bids already (agentBidShipments).
      break;
    case "seller":
      conditions.push(eq(shipments.sellerId, bind.sellerId), statusIn(list.statuses));
      break;
    case "admin":
      if (list.status) conditions.push(statusIn([list.status]));
      break;
  }
  if (searchKind(filter) === "id-only") conditions.push(eq(shipments.id, bind.searchId));
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
  if (filter.list.kind === "agent-history") return [desc(bidCreatedAt), desc(shipments.id)];
  return [desc(shipments.createdAt), desc(shipments.id)];
}

/** When the agent bid, as agentBidShipments names it: their history's order, newest bid first. */
const bidCreatedAt = sql`"shipments"."bid_created_at"`;

/** What decides a list query's SQL text; the values are bound when it runs. */
function listShape(filter: ShipmentListFilter): string {
  const { list } = filter;
  const status =
    list.kind === "seller" ? list.statuses.join(",") : "status" in list ? list.status : "";
  const ordering = resolveOrdering(orderingColumns, filter.ordering) ? filter.ordering : "";
  const search = searchKind(filter);
  return [
    list.kind,
    status ?? "",
    search,
    textLookup(filter)?.kind ?? "",
    filter.shipmentReadyDate ? "date" : "",
    ordering,
    filter.dueLook ?? "",
  ].join("|");
}

/**
 * The shipments an agent has bid on, under the name "shipments" with the columns a list orders,
 * filters and searches by and when the bid was made, read from the agent's bids
 * (quotations_agent_bids_idx, which holds each bid's shipment) and only then ordered: its cost
 * follows the agent's bids, not the table.
 * Each bid's shipment is read by its key (a lateral subquery, kept apart by OFFSET 0): as a plain
 * join, PostgreSQL at 100,000 shipments hashed the agent's 1,000 bids and walked a whole index of
 * the shipments against them (33 to 65 ms a page, against 4 to 5 ms by key). The outer OFFSET 0
 * keeps PostgreSQL from folding the whole into the list's query, where the plan it chose walked
 * every shipment in list order looking for the agent's bids: 1.4 s for a first page at 1,000,000.
 */
function agentBidShipments(db: DbOrTx) {
  const columns = Object.fromEntries(
    [...Object.values(orderingColumns), shipments.searchText, shipments.destinations].map(
      (column) => [column.name, column],
    ),
  );
  const shipment = db
    .select(columns)
    .from(shipments)
    .where(eq(shipments.id, quotations.shipmentId))
    .offset(bind.fence)
    .as("bid_shipment");
  return db
    .select({
      ...shipment._.selectedFields,
      bidCreatedAt: sql`${quotations.createdAt}`.as("bid_created_at"),
    })
    .from(quotations)
    .crossJoinLateral(shipment)
    .where(eq(quotations.agentId, bind.agentId))
    .offset(bind.fence)
    .as("shipments");
}

/** The page of ids' look for windows passed unjudged (`due`; false when the list asks none). */
function dueField(filter: ShipmentListFilter): { due: SQL<boolean> } {
  if (!filter.dueLook) return { due: sql<boolean>`false` };
  return {
    due: windowsDueSql(bind.now, filter.dueLook === "seller" ? bind.sellerId : undefined),
  };
}

/**
 * The page of ids of an agent's whole bid history, read from their bids alone. In its own order
 * it walks the agent's bids back from the newest, as far as the page. By a shipment's column, each
 * bid's value is read by the shipment's key as a scalar subquery, and the agent's bids sorted by
 * it: joined (agentBidShipments), PostgreSQL put a cache of the shipments read before over every
 * lookup (Memoize), which never hits, since each bid is on another shipment; it cost a third more
 * (1,500 bids: 3.9 ms a page against 2.3 ms, warm).
 */
function bidHistoryIds(db: DbOrTx, filter: ShipmentListFilter) {
  const bids = db
    .select({ id: quotations.shipmentId, ...dueField(filter) })
    .from(quotations)
    .where(eq(quotations.agentId, bind.agentId));
  const ordering = resolveOrdering(orderingColumns, filter.ordering);
  if (!ordering) return bids.orderBy(desc(quotations.createdAt), desc(quotations.shipmentId));
  const key = sql`(select ${ordering.column} from ${shipments} where ${shipments.id} = ${quotations.shipmentId})`;
  return ordering.descending
    ? bids.orderBy(sql`${key} desc`, desc(quotations.shipmentId))
    : bids.orderBy(sql`${key} asc`, asc(quotations.shipmentId));
}

/** A select of `fields` from the list's rows (agent-history: the shipments the agent bid on). */
function listFrom(db: DbOrTx, filter: ShipmentListFilter) {
  const bidsOnly = filter.list.kind === "agent-history";
  return <T extends SelectedFields>(fields: T) =>
    bidsOnly ? db.select(fields).from(agentBidShipments(db)) : db.select(fields).from(shipments);
}

/**
 * A list's two statements, unprepared: the page's ids in list order (one more than the page, to
 * tell whether rows follow), with the list's look for windows passed unjudged on every row, and
 * the count of its matches up to the cap.
 */
function listStatements(db: DbOrTx, filter: ShipmentListFilter) {
  const from = listFrom(db, filter);
  const one = { one: sql<number>`1`.as("one") };
  const search = searchKind(filter);
  if (search === "text" || search === "id") return searchStatements(db, filter, search);
  const where = and(...listConditions(filter));
  // An agent's whole bid history: their bids alone, in quotations_agent_bids_idx.
  const allBids = filter.list.kind === "agent-history" && !where;
  // Ids only: ordered by the list's index, a deep page skips index entries, not joined rows.
  const pageIds = (
    allBids
      ? bidHistoryIds(db, filter)
      : from({ id: shipments.id, ...dueField(filter) })
          .where(where)
          .orderBy(...listOrder(filter))
  )
    .limit(bind.limit)
    .offset(bind.offset);
  // Counting stops one past the cap: a broad match costs what LIST_COUNT_CAP rows cost. An
  // agent's whole bid history is as many rows as bids: counted in the bids' index alone.
  const matches = (
    allBids
      ? db.select(one).from(quotations).where(eq(quotations.agentId, bind.agentId))
      : from(one).where(where)
  )
    .limit(bind.cap)
    .as("matches");
  const countQuery = db.select({ value: count() }).from(matches);
  return { pageIds, countQuery };
}

/**
 * A search's page of ids: the union of each part's (searchParts) first `armLimit` matches in list
 * order, in that order. Each part is read on its own, so the planner takes for each what its
 * pattern costs least: the trigram index of the search text or of the destinations for a rare
 * term (a few index entries), a walk of the list's index checking each row for a common one
 * (which stops after `armLimit` matches, at any table size). One condition with the parts joined
 * by OR had one plan for all of them: a term found in neither walked every row of the list, and
 * read every package, however rare it was (at 1,000,000 shipments, a search matching nothing took
 * a second). The union of each part's first rows in list order is the first rows one OR gives.
 */
function searchStatements(db: DbOrTx, filter: ShipmentListFilter, search: "id" | "text") {
  const from = listFrom(db, filter);
  const conditions = listConditions(filter);
  const ordering = resolveOrdering(orderingColumns, filter.ordering);
  const column =
    ordering?.column ??
    (filter.list.kind === "open"
      ? shipments.biddingEndsAt
      : filter.list.kind === "agent-history"
        ? bidCreatedAt
        : shipments.createdAt);
  const descending = ordering ? ordering.descending : filter.list.kind !== "open";
  const pageArms = searchParts(search, textLookup(filter)?.kind ?? "whole").map(
    (part) =>
      sql`(${from({ id: shipments.id, key: sql`${column}`.as("list_key") })
        .where(and(...conditions, part))
        .orderBy(...listOrder(filter))
        .limit(bind.armLimit)})`,
  );
  const direction = sql.raw(descending ? "desc" : "asc");
  const pageIds = db
    .select({ id: sql<number>`"found"."id"`.mapWith(Number).as("id"), ...dueField(filter) })
    .from(sql`(${sql.join(pageArms, sql` union `)}) "found"`)
    .orderBy(sql`"found"."list_key" ${direction}`, sql`"found"."id" ${direction}`)
    .limit(bind.limit)
    .offset(bind.offset);
  return { pageIds, countQuery: undefined };
}

function buildListQueries(db: DbOrTx, filter: ShipmentListFilter) {
  const { pageIds, countQuery } = listStatements(db, filter);
  // A search is unnamed, so the planner sees each pattern (a generic plan could pick the trigram
  // index for a one-letter search). Every other shape is named: each connection parses and plans
  // it once, where an unnamed statement is parsed and planned on every call.
  const name = searchKind(filter) ? "" : listStatementName(listShape(filter));
  return {
    ids: pageIds.prepare(name && `${name}_ids`),
    count: countQuery?.prepare(name && `${name}_count`),
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

/** The reader's unread messages of a page's row, when the page counts them. */
function unreadField(withUnread: boolean) {
  return withUnread ? shipmentUnreadSql(bind.readerId, shipments.id) : undefined;
}

/** How many of an accepted order's legs need attention, when the page tells it (null else). */
function legsAttentionField(withLegs: boolean) {
  return withLegs
    ? sql<[number, number] | null>`case when ${shipments.status} = 'Quotation Accepted'
      then ${legsAttentionSql(shipments.id, bind.today, bind.quietSince)} end`
    : undefined;
}

type ListRawRow = RawShipmentRow & {
  unread: number | null;
  legsAttention: [number, number] | null;
};

/** A page's raw rows as the read's rows, their unread counts and their legs' attention. */
function shapedRows(raw: unknown[]) {
  const unread = new Map<number, number>();
  const attention = new Map<number, LegsAttention>();
  const rows = (raw as ListRawRow[]).map((row) => {
    if (row.unread !== null) unread.set(row.id, row.unread);
    if (row.legsAttention !== null) {
      const [late, stale] = row.legsAttention;
      attention.set(row.id, { late, stale });
    }
    return withOrderFacts(row);
  });
  return { rows, unread, attention };
}

/**
 * The page's rows by id, in one statement planned once per connection (primary key lookups),
 * with the reader's unread counts and the legs' attention when asked for.
 */
async function shipmentsByIds(
  db: DbOrTx,
  ids: number[],
  join: QuotationJoin,
  { readerId, withLegs, now }: { readerId: number | undefined; withLegs: boolean; now: Date },
) {
  if (ids.length === 0) return shapedRows([]);
  const withUnread = readerId !== undefined;
  const build = (agentId: number | Placeholder, idList: SQL) =>
    selectShipments(
      db,
      join.kind === "agent" ? { kind: "agent", agentId } : join,
      unreadField(withUnread),
      legsAttentionField(withLegs),
    ).where(sql`${shipments.id} = any(${idList})`);
  const name = `shipments_by_ids_${join.kind}${withUnread ? "_unread" : ""}${withLegs ? "_legs" : ""}`;
  const prepared = preparedOnce(db, name, () =>
    mappedByPosition(build(bind.agentId, sql`${sql.placeholder("ids")}::integer[]`).prepare(name)),
  );
  const agentId = agentIdOf(join) ?? 0;
  const values = { readerId, ...(withLegs ? legsAttentionClock(now) : {}) };
  const raw = prepared
    ? await prepared.execute({ ids, agentId, ...values })
    : await build(agentId, sql`${sql.param(ids)}::integer[]`).execute(values);
  const byId = new Map(raw.map((row) => [row.id, row]));
  return shapedRows(ids.map((id) => byId.get(id)).filter((row) => row !== undefined));
}

export interface ShipmentListPage {
  rows: ShipmentRow[];
  /** Each row's unread chat messages of the filter's reader (empty without one). */
  unread: Map<number, number>;
  /** How many legs of each accepted order need attention (with `legsAttention`; orders with legs). */
  attention: Map<number, LegsAttention>;
  /** Matching rows, exact up to the cap (countCapOf); past it the cap, with countIsCapped. */
  count: number;
  countIsCapped: boolean;
  /** Whether rows follow this page. */
  hasMore: boolean;
  /**
   * With `dueLook`: whether a window the list looks at passed unjudged when the page was read;
   * undefined for a page without rows, which could not tell.
   */
  due: boolean | undefined;
}

/**
 * One page of a list: its ids (the only query that walks the list), then their rows (with the
 * reader's unread counts and their legs' attention) beside the count.
 * A page that ends the list gives its count for free (offset + rows); otherwise matches are
 * counted up to the cap (countCapOf): past it the count is the cap and countIsCapped is set.
 */
export function listShipments(db: DbOrTx, filter: ShipmentListFilter): Promise<ShipmentListPage> {
  // A search's statements are planned for their pattern on every call. Every other list's are
  // named, and their best plan is the same for any page: planned once on the list connections.
  return searchKind(filter) ? readPage(db, filter) : withGenericPlans(() => readPage(db, filter));
}

function readPage(db: DbOrTx, filter: ShipmentListFilter): Promise<ShipmentListPage> {
  const search = searchKind(filter);
  return search === "text" || search === "id"
    ? readSearchPage(db, filter)
    : readListPage(db, filter);
}

/**
 * A page of a list read in order (no search by text): its rows, the list's look for windows
 * passed unjudged, whether rows follow and, when they do or the page is past the list's end, its
 * count, in one statement (pageQuery). The count comes apart only when readers share it
 * (sharedTotal).
 */
async function readListPage(db: DbOrTx, filter: ShipmentListFilter): Promise<ShipmentListPage> {
  const shape = pageShape(filter);
  const build = () => buildPageStatement(db, filter, shape);
  const statement = preparedOnce(db, `shipment-list-page.${shape.key}`, build) ?? build();
  const values = listValues(filter);
  const raw = (await statement.execute({
    ...values,
    ...(shape.withLegs ? legsAttentionClock(filter.now) : {}),
  })) as PageRawRow[];
  // A page without rows comes as one row of nulls with the page's facts.
  const facts = raw[0];
  const { rows, unread, attention } = shapedRows(
    raw.filter((row) => row.id !== null).sort((a, b) => a.position! - b.position!),
  );
  const hasMore = facts?.more === true;
  // The list ends on this page (or the first page is empty): nothing left to count.
  const endsHere = !hasMore && (rows.length > 0 || values.offset === 0);
  const cap = values.cap - 1;
  const counted = endsHere
    ? values.offset + rows.length
    : facts?.matching !== undefined && facts.matching !== null
      ? Number(facts.matching)
      : await countApart(db, filter, values);
  const countIsCapped = !endsHere && counted > cap;
  return {
    rows,
    unread,
    attention,
    count: countIsCapped ? cap : counted,
    countIsCapped,
    hasMore,
    due: filter.dueLook ? facts?.due : false,
  };
}

type PageRawRow = Omit<ListRawRow, "id"> & {
  id: number | null;
  /** The row's place on the page (from 1); null on a page without rows. */
  position: number | null;
  more: boolean;
  due: boolean;
  /** The list's count up to the cap, when the page asked for it. */
  matching: string | number | null;
};

/** What decides a list page statement's SQL: the list's shape and what its rows carry. */
function pageShape(filter: ShipmentListFilter) {
  const join: QuotationJoin = filter.withoutOwnBids ? { kind: "none" } : agentJoin(filter.list);
  const withUnread = filter.readerId !== undefined;
  const withLegs = filter.legsAttention === true;
  const withCount = filter.sharedTotal === undefined;
  const key = [listShape(filter), join.kind, withUnread, withLegs, withCount].join("|");
  return { join, withUnread, withLegs, withCount, key };
}

/**
 * A list page as one statement (readListPage): the page of ids (one more than the page, to tell
 * whether rows follow) gathered in list order into an array, the rows read by key with their
 * place in the array (put in order by the reader, not sorted by PostgreSQL), the list's look for
 * windows passed unjudged, and the count, which PostgreSQL runs only when it is asked for (an
 * uncorrelated subquery in a CASE branch not taken is never run). One statement where there were
 * three (ids, then the rows beside the count): each costs a round trip and both processes' time
 * on top of what it reads. Under the browse mix (cache off, 50 connections) the server's CPU a
 * request fell by a sixth (1.19-1.26 to 0.98-1.03 ms at 10,000 shipments) and PostgreSQL's did
 * not move (docs/perf/README.md).
 */
function pageQuery(db: DbOrTx, filter: ShipmentListFilter, shape: ReturnType<typeof pageShape>) {
  const { pageIds, countQuery } = listStatements(db, filter);
  const ids = pageIds.as("page_ids");
  const more = sql`cardinality("page"."ids") > ${bind.perPage}`;
  // Counted when rows follow, and past the list's end (a first page without rows counts none).
  const counts = sql`${more} or cardinality("page"."ids") = 0`;
  // OFFSET keeps PostgreSQL from folding the array into each place that names it, which would
  // read the page of ids once for each.
  const page = sql`(select array(select ${ids.id} from ${ids}) as "ids" offset ${bind.fence}) "page"
    left join lateral unnest("page"."ids"[1:${bind.perPage}]) with ordinality as "p"("id", "ord")
    on true`;
  const join =
    shape.join.kind === "agent" ? { kind: "agent" as const, agentId: bind.agentId } : shape.join;
  const extra = {
    // Where the row stands on the page: the rows come in no order (pageRead).
    position: sql<number | null>`"p"."ord"::integer`.mapWith(Number),
    more,
    due: dueField(filter).due,
    matching:
      shape.withCount && countQuery ? sql`case when ${counts} then (${countQuery}) end` : sql`null`,
  };
  return pageRead(
    db,
    join,
    { from: page, extra },
    unreadField(shape.withUnread),
    legsAttentionField(shape.withLegs),
  );
}

function buildPageStatement(
  db: DbOrTx,
  filter: ShipmentListFilter,
  shape: ReturnType<typeof pageShape>,
) {
  // Named as the list's other statements are (a search by id alone is planned for its value).
  const name = searchKind(filter) ? "" : `${listStatementName(shape.key)}_page`;
  return mappedByPosition(pageQuery(db, filter, shape).prepare(name));
}

/** The count of a list whose readers share it (sharedTotal): read apart from the page. */
function countApart(
  db: DbOrTx,
  filter: ShipmentListFilter,
  values: ReturnType<typeof listValues>,
): Promise<number> {
  const queries =
    preparedOnce(db, `shipment-list.${listShape(filter)}`, () => buildListQueries(db, filter)) ??
    buildListQueries(db, filter);
  const countQuery = queries.count;
  if (!countQuery) throw new Error(`list shape ${listShape(filter)} has no count statement`);
  const count = () => countQuery.execute(values).then((result) => Number(result[0]?.value ?? 0));
  return filter.sharedTotal ? filter.sharedTotal(totalKey(db, filter, values), count) : count();
}

/**
 * A page of a search by text: its matches in list order up to one past the cap (further for a
 * page past it), which give its count and hold its page, then the page's rows by key.
 * Read in order, a common term's matches are a walk of the list's index that stops at the cap,
 * at any table size; read in no order (as they were, for the count, beside the page's walk) they
 * came from the trigram index, all of them: a term in one shipment of 30 cost a tenth of a
 * millisecond more for every 1,000 shipments (docs/perf/README.md).
 */
async function readSearchPage(db: DbOrTx, filter: ShipmentListFilter): Promise<ShipmentListPage> {
  const queries =
    preparedOnce(db, `shipment-list.${listShape(filter)}`, () => buildListQueries(db, filter)) ??
    buildListQueries(db, filter);
  const values = listValues(filter);
  const { offset } = values;
  // The matches are read one past the cap, to tell a total at the cap from one beyond it, and
  // one past the page, to tell whether rows follow it.
  const cap = values.cap - 1;
  const join = filter.withoutOwnBids ? { kind: "none" as const } : agentJoin(filter.list);
  const matched = await queries.ids.execute({ ...values, limit: values.armLimit, offset: 0 });
  const found = matched.slice(offset, offset + values.limit).map((row) => row.id);
  const hasMore = found.length > filter.perPage;
  const ids = hasMore ? found.slice(0, filter.perPage) : found;
  // The list ends on this page (or the first page is empty): nothing left to count.
  const endsHere = !hasMore && (ids.length > 0 || offset === 0);
  // The rows come with the reader's unread counts and their legs' attention.
  const page = await shipmentsByIds(db, ids, join, {
    readerId: filter.readerId,
    withLegs: filter.legsAttention === true,
    now: filter.now,
  });
  // No more than the cap are all there are; past it the count is the cap, but on a page that
  // ends the list, which knows it exactly.
  const counted =
    matched.length <= cap ? matched.length : endsHere ? offset + ids.length : values.cap;
  const countIsCapped = !endsHere && counted > cap;
  return {
    rows: page.rows,
    unread: page.unread,
    attention: page.attention,
    count: countIsCapped ? cap : counted,
    countIsCapped,
    hasMore,
    due: filter.dueLook ? matched[0]?.due : false,
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
    const countQuery = listStatements(db, filter).countQuery;
    if (!countQuery) throw new Error(`list shape ${shape} is counted with its matches`);
    const { sql: text, params } = countQuery.toSQL();
    const names = params.flatMap((param) =>
      is(param, Placeholder) && param.name !== "now" ? [param.name as string] : [],
    );
    statement = { text, names };
    countStatements.set(shape, statement);
  }
  const bound = values as Record<string, unknown>;
  return [statement.text, ...statement.names.map((name) => String(bound[name]))].join("\n");
}

/**
 * Where a list stops counting: a search at SEARCH_COUNT_CAP (its count walks the list's index
 * checking each row, so it costs the cap over the term's share of rows), any other list at
 * LIST_COUNT_CAP (one index entry a row).
 */
function countCapOf(filter: ShipmentListFilter): number {
  if (filter.countCap !== undefined) return filter.countCap;
  const search = searchKind(filter);
  return search === "text" || search === "id" ? SEARCH_COUNT_CAP : LIST_COUNT_CAP;
}

/** The values a list's statements bind. */
function listValues(filter: ShipmentListFilter) {
  const list = filter.list;
  const search = parseListSearch(filter.search);
  const lookup = textLookup(filter);
  const lookedUp = (kind: TextLookup) =>
    lookup?.kind === kind ? `%${escapeLike(lookup.part)}%` : undefined;
  return {
    agentId: "agentId" in list ? list.agentId : undefined,
    sellerId: list.kind === "seller" ? list.sellerId : undefined,
    now: filter.now.toISOString(),
    pattern: search ? `%${escapeLike(search.text)}%` : undefined,
    narrowPattern: lookedUp("narrowed"),
    joinedPattern: lookedUp("joined"),
    searchText: lookup === undefined || lookup.kind === "whole" ? undefined : search?.text,
    searchId: search?.id,
    readyDate: filter.shipmentReadyDate,
    limit: filter.perPage + 1,
    offset: (filter.page - 1) * filter.perPage,
    perPage: filter.perPage,
    armLimit: Math.max(countCapOf(filter) + 1, filter.page * filter.perPage + 1),
    cap: countCapOf(filter) + 1,
    readerId: filter.readerId,
    fence: 0,
  };
}

/**
 * A list page's one statement (readListPage) as PostgreSQL gets it, with its values in order:
 * for tests that read the plans PostgreSQL makes of it.
 */
export function listPageStatement(
  db: DbOrTx,
  filter: ShipmentListFilter,
): { text: string; values: unknown[] } {
  const shape = pageShape(filter);
  const { sql: text, params } = pageQuery(db, filter, shape).toSQL();
  const values = {
    ...listValues(filter),
    ...(shape.withLegs ? legsAttentionClock(filter.now) : {}),
  } as Record<string, unknown>;
  return {
    text,
    values: params.map((param) => (is(param, Placeholder) ? values[param.name] : param)),
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

/** The quotation a list's rows join: the agent's own on agents' lists, else the winning one. */
function agentJoin(list: ShipmentListKind): QuotationJoin {
  return "agentId" in list ? { kind: "agent", agentId: list.agentId } : { kind: "winner" };
}

/**
 * PostgreSQL's sample of the shipments' search texts: the column's statistics (its histogram and
 * most common values), which ANALYZE keeps. Empty before the table is first analyzed.
 */
export async function readSearchSample(db: DbOrTx): Promise<string[]> {
  const result = await db.execute(sql`
    select coalesce(histogram_bounds::text::text[], '{}') || coalesce(most_common_vals::text::text[], '{}') as "texts"
    from pg_stats
    where schemaname = current_schema() and tablename = 'shipments' and attname = 'search_text'`);
  const [row] = (result as unknown as { rows: Array<{ texts: string[] | null }> }).rows;
  return row?.texts ?? [];
}
