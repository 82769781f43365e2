import {
  ACTIVE_SHIPMENT_STATUSES,
  type ListQuery,
  type QuotationHistoryRow,
  type SellerActiveListQuery,
  type SellerActiveListRow,
  type ShipmentListRow,
  type ShipmentStatus,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import type { EventBus } from "../../lib/events.js";
import type { Page } from "../../lib/http.js";
import type { AuthUser } from "../../lib/principal.js";
import { pageScope, type PageCache } from "../../lib/page-cache.js";
import { unreadCountsForShipments } from "../chat/index.js";
import { settleDueBidding } from "./bidding-window.js";
import { presentLostBidRow, presentShipmentRow, sealedForAgent } from "./shipments.presenter.js";
import {
  destinationsOf,
  ownBidsOn,
  type OwnBid,
  type ShipmentRow,
} from "./shipments.repository.js";
import { SearchSample } from "./search-words.js";
import {
  listShipments,
  readSearchSample,
  sharedListKey,
  type ShipmentListFilter,
  type ShipmentListKind,
  type ShipmentListPage,
} from "./shipment-lists.repository.js";
import { ownBidOutcome } from "./shipments.service.js";

export type ShipmentListName =
  | "shipper-open"
  | "shipper-recent"
  | "shipper-awaiting"
  | "shipper-past"
  | "shipper-history"
  | "seller-active"
  | "seller-pending"
  | "seller-recent"
  | "seller-past"
  | "seller-cancelled"
  | "admin-all";

function listKind(
  name: ShipmentListName,
  user: AuthUser,
  status: ShipmentStatus | undefined,
): ShipmentListKind {
  switch (name) {
    case "shipper-open":
      return { kind: "open", agentId: user.id };
    case "shipper-recent":
      return { kind: "agent-won", agentId: user.id, status: "Quotation Accepted" };
    case "shipper-awaiting":
      return { kind: "agent-won", agentId: user.id, status: "Quotation Approved" };
    case "shipper-past":
      return { kind: "agent-won", agentId: user.id, status: "Shipment Completed" };
    case "shipper-history":
      return { kind: "agent-history", agentId: user.id };
    case "seller-active":
      return { kind: "seller", sellerId: user.id, statuses: ACTIVE_SHIPMENT_STATUSES };
    case "seller-pending":
      return { kind: "seller", sellerId: user.id, statuses: ["Quotation Approved"] };
    case "seller-recent":
      // The seller dashboard's list: an admin (sent there by the existing client) has no orders
      // of their own and sees every seller's.
      return user.group === "Admin"
        ? { kind: "admin", status: "Quotation Accepted" }
        : { kind: "seller", sellerId: user.id, statuses: ["Quotation Accepted"] };
    case "seller-past":
      return { kind: "seller", sellerId: user.id, statuses: ["Shipment Completed"] };
    case "seller-cancelled":
      return { kind: "seller", sellerId: user.id, statuses: ["Shipment Cancelled"] };
    case "admin-all":
      return { kind: "admin", status };
  }
}

/**
 * Lists whose rows change when a window closes: their page of ids looks for windows passed
 * unjudged (the seller's, or everyone's), and any found are closed before the page is shown.
 */
function sweepScope(kind: ShipmentListKind): { sellerId?: number } | null {
  if (kind.kind === "seller") return { sellerId: kind.sellerId };
  if (kind.kind === "agent-history" || kind.kind === "admin") return {};
  // A window that has just passed may have made the caller its winner.
  if (kind.kind === "agent-won" && kind.status === "Quotation Approved") return {};
  return null;
}

/**
 * A page of the agents' open list without anyone's own bids: the same for every agent, so it is
 * read once for all of them (PageCache.shared, as a total is); loadList lays each agent's own
 * bids over it.
 */
function readSharedOpenPage(
  db: Db,
  pageCache: PageCache,
  agent: AuthUser,
  filter: ShipmentListFilter,
): Promise<ShipmentListPage> {
  return pageCache.shared(
    `open\n${sharedListKey(filter)}`,
    pageScope(agent),
    () => listShipments(db, { ...filter, withoutOwnBids: true }),
    (page) => page.rows.length + 1,
  );
}

/** The rows with the agent's own bids laid over them (each a copy: shared rows stay as read). */
function withOwnBids(rows: ShipmentRow[], own: Map<number, OwnBid>): ShipmentRow[] {
  if (own.size === 0) return rows;
  return rows.map((row) => {
    const bid = own.get(row.id);
    return bid ? { ...row, ...bid } : row;
  });
}

/**
 * Orderings that would rank an agent's open shipments by others' bids (their count, the status a
 * first bid sets, the time a bid moves): the agents' open list and bid history ignore them, as any
 * unknown ordering is ignored.
 */
const SEALED_ORDERINGS = new Set(["quotation_count", "status", "updated_at"]);

function orderingFor(kind: ShipmentListKind, ordering: string | undefined): string | undefined {
  if (kind.kind !== "open" && kind.kind !== "agent-history") return ordering;
  return ordering && SEALED_ORDERINGS.has(ordering.replace(/^-/, "")) ? undefined : ordering;
}

/** Bids and open shipments carry no word of an order's legs: a losing bidder learns nothing. */
const carriesLegsAttention = (kind: ShipmentListKind) =>
  kind.kind === "seller" || kind.kind === "agent-won" || kind.kind === "admin";

/** What a list page says of its total: exact up to its cap, and whether rows follow. */
type ListPaging = Pick<Page<unknown>, "count" | "countIsCapped" | "hasMore">;

export interface ShipmentListReaderDeps {
  db: Db;
  events: EventBus;
  /** List pages and totals that readers share, kept in memory; lists read afresh without it. */
  pageCache?: PageCache;
  now?: () => Date;
}

/**
 * The shipment lists: which rows each reader sees, sealed for agents while bidding is open. The
 * one reader of the lists, built once by the composition root with the page cache.
 */
export class ShipmentListReader {
  /** Which words of a search are found nearly everywhere, and so not looked up (search-words). */
  readonly searchSample: SearchSample;

  constructor(private readonly deps: ShipmentListReaderDeps) {
    this.searchSample = new SearchSample(() => readSearchSample(deps.db));
  }

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  private async load(
    user: AuthUser,
    kind: ShipmentListKind,
    query: ListQuery,
    now: Date,
  ): Promise<{ rows: ShipmentRow[]; items: ShipmentListRow[]; paging: ListPaging }> {
    const scope = sweepScope(kind);
    const { pageCache } = this.deps;
    const filter: ShipmentListFilter = {
      list: kind,
      // A total kept for every reader alike is read apart; else each page counts its own.
      sharedTotal: pageCache?.keeps
        ? (key, count) => pageCache.shared(key, pageScope(user), count)
        : undefined,
      now,
      legsAttention: carriesLegsAttention(kind),
      dueLook: scope ? (scope.sellerId !== undefined ? "seller" : "all") : undefined,
      search: query.search,
      narrowSearch: (text) => this.searchSample.narrowed(text),
      commonSearch: (text) => this.searchSample.common(text),
      ordering: orderingFor(kind, query.ordering),
      shipmentReadyDate: query.shipment_ready_date,
      page: query.page,
      perPage: query.per_page,
    };
    // The open list's rows are shared only where they are kept: read afresh for each request,
    // the agent's own bid and unread counts come with the rows (one statement where three were).
    const sharedRows = kind.kind === "open" && pageCache !== undefined && pageCache.keeps;
    const read = async () => {
      // The reader's unread counts (and own bid, on the open list) come with their own rows.
      if (!sharedRows) {
        const page = await listShipments(this.deps.db, { ...filter, readerId: user.id });
        return { ...page, ownBids: new Map<number, OwnBid>() };
      }
      // Rows every agent shares carry no one's: they are read beside.
      const page = await readSharedOpenPage(this.deps.db, pageCache, user, filter);
      const ids = page.rows.map((row) => row.id);
      const [unread, ownBids] = await Promise.all([
        ids.length > 0
          ? unreadCountsForShipments(this.deps.db, user.id, ids)
          : new Map<number, number>(),
        ownBidsOn(this.deps.db, user.id, ids),
      ]);
      return { ...page, unread, ownBids };
    };
    // The page's ids tell whether a window passed unjudged; nearly always none has. When one has
    // (or an empty page could not tell) due windows are closed, and the page is read again with
    // them judged: when this read closed one, or when the page saw one due, which another closer
    // (the background loop, another request) may have judged meanwhile, this read then waiting
    // on it and finding nothing left to close.
    const listed = await read();
    const due = scope !== null && (listed.due ?? true);
    const closed = due ? await settleDueBidding(this.deps, now, scope) : 0;
    const page = closed > 0 || listed.due === true ? await read() : listed;
    const { rows: pageRows, unread, attention, ownBids } = page;
    const paging = { count: page.count, countIsCapped: page.countIsCapped, hasMore: page.hasMore };
    const ownRows = withOwnBids(pageRows, ownBids);
    // While bidding is open an agent learns only whether they bid themselves.
    const rows =
      user.group === "Shipper" ? ownRows.map((row) => sealedForAgent(row, now)) : ownRows;
    // Only an order in progress tells how many of its legs need attention.
    const items = rows.map((row) =>
      presentShipmentRow(
        row,
        unread.get(row.id) ?? 0,
        now,
        row.status === "Quotation Accepted" ? (attention.get(row.id) ?? null) : null,
      ),
    );
    return { rows, items, paging };
  }

  async list(
    user: AuthUser,
    name: Exclude<ShipmentListName, "shipper-history">,
    query: ListQuery & { status?: ShipmentStatus },
  ): Promise<Page<ShipmentListRow>> {
    const now = this.now();
    const { items, paging } = await this.load(user, listKind(name, user, query.status), query, now);
    return { rows: items, ...paging, page: query.page, perPage: query.per_page };
  }

  /**
   * The seller's active list, narrowed to one active status when asked, with each row's destinations
   * (delivery locations in booking order) when asked for `with=destinations`.
   */
  async sellerActive(
    seller: AuthUser,
    query: SellerActiveListQuery,
  ): Promise<Page<SellerActiveListRow>> {
    const now = this.now();
    const kind: ShipmentListKind = {
      kind: "seller",
      sellerId: seller.id,
      statuses: query.status ? [query.status] : ACTIVE_SHIPMENT_STATUSES,
    };
    const { items, paging } = await this.load(seller, kind, query, now);
    const page = { ...paging, page: query.page, perPage: query.per_page };
    if (query.with !== "destinations") return { rows: items, ...page };
    const destinations = await destinationsOf(
      this.deps.db,
      items.map((item) => item.id),
    );
    return {
      rows: items.map((item) => ({ ...item, destinations: destinations.get(item.id) ?? [] })),
      ...page,
    };
  }

  /** Every shipment the agent bid on, with how the bid ended. */
  async quotationHistory(agent: AuthUser, query: ListQuery): Promise<Page<QuotationHistoryRow>> {
    const now = this.now();
    const kind: ShipmentListKind = { kind: "agent-history", agentId: agent.id };
    const { rows, items, paging } = await this.load(agent, kind, query, now);
    const withOutcome = items.map((item, index): QuotationHistoryRow => {
      const outcome = ownBidOutcome(rows[index]!, now);
      return outcome === "lost" ? { ...presentLostBidRow(item), outcome } : { ...item, outcome };
    });
    return { rows: withOutcome, ...paging, page: query.page, perPage: query.per_page };
  }
}
