import {
  ACTIVE_SHIPMENT_STATUSES,
  completionTexts,
  MILESTONE_LABELS,
  shipmentMessages,
  undeliveredList,
  type Milestone,
  type AgentStatusChoice,
  type CreateShipmentData,
  type LegsAttention,
  type ListQuery,
  type QuotationHistoryRow,
  type QuotationOutcome,
  type SellerActiveListQuery,
  type SellerActiveListRow,
  type ShipmentDetail,
  type ShipmentListRow,
  type ShipmentStatus,
  type TrackingCarrier,
  type VarianceReason,
} from "@fba/contract";
import type { Db, DbOrTx } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import type { DomainEvents, EventBus } from "../../lib/events.js";
import type { Page } from "../../lib/http.js";
import type { AuthUser } from "../../lib/principal.js";
import { pageScope, type PageCache } from "../../lib/page-cache.js";
import { unreadCountsForShipments } from "../chat/index.js";
import { findQuotation, listShipmentQuotations } from "./quotations.repository.js";
import { settleDueBidding } from "./bidding-window.js";
import {
  agentStatusChange,
  canAddShipmentInfo,
  canCancelShipment,
  canReopenBidding,
  canSetWinner,
  completionRecord,
  isBiddingOpen,
  refusals,
  shipmentViewAccess,
  type Refusal,
} from "./shipments.policy.js";
import {
  presentLostBidDetail,
  presentLostBidRow,
  presentShipmentDetail,
  presentShipmentRow,
  sealedForAgent,
} from "./shipments.presenter.js";
import {
  destinationsOf,
  findShipment,
  insertShipment,
  legsAttentionOf,
  listShipments,
  lockShipment,
  ownBidsOn,
  packagesWithUnread,
  sharedListKey,
  undeliveredLegs,
  updateShipment,
  type QuotationJoin,
  type ShipmentListFilter,
  type ShipmentListKind,
  type ShipmentListPage,
  type OwnBid,
  type ShipmentRow,
  type ShipmentState,
} from "./shipments.repository.js";

export interface ShipmentDeps {
  db: Db;
  events: EventBus;
  bidWindowHours: number;
  now?: () => Date;
  /** Where list totals that readers share are kept (lists count afresh without it). */
  pageCache?: PageCache;
  /**
   * What a final amount set through Add info means for the order's charge change, recorded in
   * the Add info transaction (the disputes module's noteFinalAmount, wired by the composition
   * root): the event to emit after the commit, if anything changed.
   */
  noteFinalAmount: FinalAmountNote;
}

export type FinalAmountNote = (
  tx: DbOrTx,
  input: {
    shipmentId: number;
    byUserId: number;
    previousFinalAmount: string | null;
    finalAmount: string;
    variance: {
      variance_reason?: VarianceReason;
      variance_note?: string;
      evidence_document_id?: number;
    };
    now: Date;
  },
) => Promise<DomainEvents["charge_change.updated"] | null>;

const clock = (deps: ShipmentDeps) => (deps.now ? deps.now() : new Date());

export function refusalError(refusal: Refusal): AppError {
  if (refusal.code === "FORBIDDEN") return AppError.forbidden(refusal.message);
  if (refusal.code === "CONFLICT") return AppError.conflict(refusal.message);
  return AppError.badRequest(refusal.message);
}

export function biddingEndsAt(from: Date, bidWindowHours: number): Date {
  return new Date(from.getTime() + Math.round(bidWindowHours * 3600 * 1000));
}

export async function createShipment(
  deps: ShipmentDeps,
  seller: AuthUser,
  input: CreateShipmentData,
): Promise<ShipmentDetail> {
  const now = clock(deps);
  const staged = deps.events.staged();
  const id = await deps.db.transaction(async (tx) => {
    const created = await insertShipment(
      tx,
      seller.id,
      input,
      now,
      biddingEndsAt(now, deps.bidWindowHours),
    );
    await staged.record(tx, "shipment.created", { shipmentId: created, sellerId: seller.id });
    return created;
  });
  staged.emit();
  return getShipment(deps, seller, id);
}

function quotationJoinFor(user: AuthUser): QuotationJoin {
  return user.group === "Shipper" ? { kind: "agent", agentId: user.id } : { kind: "winner" };
}

/**
 * The one way to read a shipment's row: a window that has just passed is closed before
 * answering, so nobody sees a stale state. 404 when it does not exist.
 */
export async function readShipment(
  deps: ShipmentDeps,
  id: number,
  join: QuotationJoin,
  now: Date,
): Promise<ShipmentRow> {
  const row = await findShipment(deps.db, id, join);
  if (!row) throw AppError.notFound("Shipment not found");
  if (row.status !== "Quotation Received" || row.biddingEndsAt.getTime() > now.getTime()) {
    return row;
  }
  await settleDueBidding(deps, now, { shipmentId: id });
  return (await findShipment(deps.db, id, join)) ?? row;
}

async function loadVisibleShipment(
  deps: ShipmentDeps,
  user: AuthUser,
  id: number,
  now: Date,
): Promise<{ row: ShipmentRow; access: "allowed" | "lost-bid" }> {
  const read = await readShipment(deps, id, quotationJoinFor(user), now);
  // An agent's read joins their own quotation: a joined one means they bid.
  const row = user.group === "Shipper" ? sealedForAgent(read, now) : read;
  const state = {
    sellerId: row.sellerId,
    status: row.status as ShipmentStatus,
    biddingEndsAt: row.biddingEndsAt,
    winnerAgentId: row.winnerAgentId,
  };
  const hasBid = user.group === "Shipper" && row.quotationId !== null;
  const access = shipmentViewAccess(user, state, now, hasBid);
  if (access === "not-a-party") throw AppError.badRequest(shipmentMessages.notAuthorisedToView);
  if (access === "not-now") throw AppError.badRequest(shipmentMessages.cannotViewNow);
  return { row, access };
}

/** How the agent's own bid on this shipment ended (the row joins their quotation). */
function ownBidOutcome(row: ShipmentRow, now: Date): QuotationOutcome {
  if (row.winningQuotationId !== null && row.winningQuotationId === row.quotationId) return "won";
  const state = { status: row.status as ShipmentStatus, biddingEndsAt: row.biddingEndsAt };
  return isBiddingOpen(state, now) ? "pending" : "lost";
}

export async function getShipment(
  deps: ShipmentDeps,
  user: AuthUser,
  id: number,
): Promise<ShipmentDetail> {
  const now = clock(deps);
  // Read side by side with the shipment (they need only its id), and dropped if it is refused.
  const extras = packagesWithUnread(deps.db, id, user.id);
  extras.catch(() => undefined);
  const { row, access } = await loadVisibleShipment(deps, user, id, now);
  const { packages, unread } = await extras;
  if (access === "lost-bid") return presentLostBidDetail(row, packages, now);
  const detail = presentShipmentDetail(row, packages, unread, now, {
    showFbaIds: user.group !== "Shipper" || row.winnerAgentId === user.id,
  });
  const hasBid = user.group === "Shipper" && row.quotationId !== null;
  return hasBid ? { ...detail, outcome: ownBidOutcome(row, now) } : detail;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The one way to change a shipment or its quotations: a bid window that has just passed is
 * judged first (as a read would), then the row is locked for the change; 404 when it does not
 * exist.
 */
export async function changeShipment<T>(
  deps: ShipmentDeps,
  id: number,
  now: Date,
  change: (tx: Tx, state: ShipmentState) => Promise<T>,
): Promise<T> {
  await settleDueBidding(deps, now, { shipmentId: id });
  return deps.db.transaction(async (tx) => {
    const state = await lockShipment(tx, id);
    if (!state) throw AppError.notFound("Shipment not found");
    return change(tx, state);
  });
}

export async function addShipmentInfo(
  deps: ShipmentDeps,
  user: AuthUser,
  id: number,
  input: {
    final_amount: string;
    tracking_number: string;
    tracking_carrier?: TrackingCarrier | null;
    /** When the amount is above the accepted bid: why, and an order document as evidence. */
    variance_reason?: VarianceReason;
    variance_note?: string;
    evidence_document_id?: number;
  },
): Promise<ShipmentDetail> {
  const now = clock(deps);
  // The carrier formats (a library of hundreds of modules) load on first use, not at start.
  const { sureCarrierOf, trackingLinkFor } = await import("@fba/contract/tracking");
  // The agent's pick wins; without one, the carrier whose format alone matches (else none).
  const carrier = input.tracking_carrier ?? sureCarrierOf(input.tracking_number);
  const staged = deps.events.staged();
  await changeShipment(deps, id, now, async (tx, state) => {
    const verdict = canAddShipmentInfo(user, state);
    if (!verdict.ok) throw refusalError(verdict);
    await updateShipment(tx, id, {
      finalAmount: Number(input.final_amount).toFixed(2),
      trackingNumber: input.tracking_number,
      trackingLink: trackingLinkFor(input.tracking_number, carrier),
      trackingCarrier: carrier,
      updatedAt: now,
    });
    // Above the accepted bid, the seller is asked to accept or dispute it; in this transaction.
    const chargeChange = await deps.noteFinalAmount(tx, {
      shipmentId: id,
      byUserId: user.id,
      previousFinalAmount: state.finalAmount,
      finalAmount: input.final_amount,
      variance: input,
      now,
    });
    await staged.record(tx, "shipment.info_updated", {
      shipmentId: id,
      sellerId: state.sellerId,
      agentId: state.winnerAgentId ?? user.id,
    });
    if (chargeChange) await staged.record(tx, "charge_change.updated", chargeChange);
  });
  staged.emit();
  return getShipment(deps, user, id);
}

export async function updateShipmentStatus(
  deps: ShipmentDeps,
  user: AuthUser,
  id: number,
  input: { status: AgentStatusChoice; undelivered_reason?: string | null },
): Promise<ShipmentDetail> {
  const now = clock(deps);
  const staged = deps.events.staged();
  await changeShipment(deps, id, now, async (tx, state) => {
    const verdict = agentStatusChange(user, state, input.status);
    if (!verdict.ok) throw refusalError(verdict);
    if (!verdict.changed) return;
    const completing = verdict.nextStatus === "Shipment Completed";
    // Destinations not delivered are named and kept with the completion (read under the lock).
    const open = completing
      ? (await undeliveredLegs(tx, id)).map((leg) => ({
          fc_code: leg.fcCode,
          milestone: MILESTONE_LABELS[leg.milestone as Milestone] ?? leg.milestone,
        }))
      : [];
    const record = completing ? completionRecord(open, input.undelivered_reason) : null;
    if (record && !record.ok) {
      throw AppError.field(
        "undelivered_reason",
        completionTexts.reasonRequired(undeliveredList(open)),
      );
    }
    await updateShipment(tx, id, {
      status: verdict.nextStatus,
      updatedAt: now,
      ...(completing
        ? {
            completedAt: now,
            completionUndelivered: record?.ok ? record.undelivered : null,
            completionReason: record?.ok ? record.reason : null,
          }
        : {}),
    });
    const changed = {
      shipmentId: id,
      sellerId: state.sellerId,
      agentId: state.winnerAgentId,
      status: verdict.nextStatus,
      byUserId: user.id,
    } satisfies DomainEvents["shipment.status_changed"];
    const undelivered =
      record?.ok && record.undelivered
        ? ({
            shipmentId: id,
            sellerId: state.sellerId,
            agentId: state.winnerAgentId,
            byUserId: user.id,
            destinations: record.undelivered,
            reason: record.reason,
          } satisfies DomainEvents["shipment.completed_undelivered"])
        : null;
    await staged.record(tx, "shipment.status_changed", changed);
    if (undelivered) await staged.record(tx, "shipment.completed_undelivered", undelivered);
  });
  staged.emit();
  return getShipment(deps, user, id);
}

export async function reopenBidding(
  deps: ShipmentDeps,
  user: AuthUser,
  id: number,
): Promise<ShipmentDetail> {
  const now = clock(deps);
  const staged = deps.events.staged();
  await changeShipment(deps, id, now, async (tx, state) => {
    const verdict = canReopenBidding(user, state, now);
    if (!verdict.ok) throw refusalError(verdict);
    await updateShipment(tx, id, {
      biddingEndsAt: biddingEndsAt(now, deps.bidWindowHours),
      biddingClosedAt: null,
      updatedAt: now,
    });
    await staged.record(tx, "shipment.status_changed", {
      shipmentId: id,
      sellerId: state.sellerId,
      agentId: null,
      status: "Shipment Pending",
      byUserId: user.id,
    });
  });
  staged.emit();
  return getShipment(deps, user, id);
}

export async function cancelShipment(
  deps: ShipmentDeps,
  user: AuthUser,
  id: number,
  reason: string | undefined,
): Promise<ShipmentDetail> {
  const now = clock(deps);
  const staged = deps.events.staged();
  await changeShipment(deps, id, now, async (tx, state) => {
    const verdict = canCancelShipment(user, state);
    if (!verdict.ok) throw refusalError(verdict);
    await updateShipment(tx, id, {
      status: "Shipment Cancelled",
      cancelReason: reason ?? null,
      updatedAt: now,
    });
    await staged.record(tx, "shipment.status_changed", {
      shipmentId: id,
      sellerId: state.sellerId,
      agentId: null,
      status: "Shipment Cancelled",
      byUserId: user.id,
    });
  });
  staged.emit();
  return getShipment(deps, user, id);
}

/** Admin: approve a bid before the window closes, or replace the winner chosen at closing. */
export async function setWinningQuotation(
  deps: ShipmentDeps,
  admin: AuthUser,
  id: number,
  quotationId: number,
): Promise<ShipmentDetail> {
  const now = clock(deps);
  const staged = deps.events.staged();
  await changeShipment(deps, id, now, async (tx, state) => {
    const verdict = canSetWinner(admin, state);
    if (!verdict.ok) throw refusalError(verdict);
    const quotation = await findQuotation(tx, quotationId);
    if (!quotation) throw AppError.notFound("Quotation not found");
    if (quotation.shipmentId !== id) {
      throw AppError.field("quotation_id", refusals.quotationOfOtherShipment);
    }
    const closesNow = state.biddingEndsAt.getTime() > now.getTime() ? { biddingEndsAt: now } : {};
    await updateShipment(tx, id, {
      status: "Quotation Approved",
      winningQuotationId: quotation.id,
      winnerAgentId: quotation.agentId,
      biddingClosedAt: now,
      updatedAt: now,
      ...closesNow,
    });
    // Approving early makes every other bidder a loser; replacing a winner only the one replaced
    // (the others lost when the window closed).
    const losers =
      state.status === "Quotation Approved"
        ? [state.winnerAgentId].filter((agentId) => agentId !== null)
        : (await listShipmentQuotations(tx, id, { byRank: true, page: 1, perPage: 1000 })).rows.map(
            (row) => row.agentId,
          );
    await staged.record(tx, "bidding.closed", {
      shipmentId: id,
      sellerId: state.sellerId,
      winningQuotationId: quotation.id,
      winnerAgentId: quotation.agentId,
      loserAgentIds: losers.filter((agentId) => agentId !== quotation.agentId),
    });
    await staged.record(tx, "shipment.status_changed", {
      shipmentId: id,
      sellerId: state.sellerId,
      agentId: quotation.agentId,
      status: "Quotation Approved",
      byUserId: admin.id,
    });
  });
  staged.emit();
  return getShipment(deps, admin, id);
}

// ---------------------------------------------------------------------------------------------
// Lists

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

/** Lists whose rows change when a window closes; they close due windows before reading. */
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

async function loadList(
  deps: ShipmentDeps,
  user: AuthUser,
  kind: ShipmentListKind,
  query: ListQuery,
  now: Date,
): Promise<{ rows: ShipmentRow[]; items: ShipmentListRow[]; paging: ListPaging }> {
  const scope = sweepScope(kind);
  const { pageCache } = deps;
  const filter: ShipmentListFilter = {
    list: kind,
    sharedTotal: pageCache
      ? (key, count) => pageCache.shared(key, pageScope(user), count)
      : undefined,
    now,
    search: query.search,
    ordering: orderingFor(kind, query.ordering),
    shipmentReadyDate: query.shipment_ready_date,
    page: query.page,
    perPage: query.per_page,
  };
  const sharedRows = kind.kind === "open" && pageCache !== undefined;
  const withLegs = carriesLegsAttention(kind);
  // What a page shows besides its rows, read of the page's ids in the same round as the rows.
  const besideRows = (ids: number[]) =>
    Promise.all([
      ids.length > 0 ? unreadCountsForShipments(deps.db, user.id, ids) : new Map<number, number>(),
      withLegs ? legsAttentionOf(deps.db, ids, now) : new Map<number, LegsAttention>(),
      sharedRows ? ownBidsOn(deps.db, user.id, ids) : new Map<number, OwnBid>(),
    ]);
  const read = async () => {
    if (!sharedRows) return listShipments(deps.db, filter, besideRows);
    const page = await readSharedOpenPage(deps.db, pageCache, user, filter);
    return { ...page, beside: await besideRows(page.rows.map((row) => row.id)) };
  };
  // Due windows are looked for while the page is read; nearly always there are none, and when
  // one was closed the page is read again with it judged.
  const [closed, listed] = await Promise.all([
    scope ? settleDueBidding(deps, now, scope) : 0,
    read(),
  ]);
  const {
    rows: pageRows,
    beside: [unread, attention, ownBids],
    ...paging
  } = closed > 0 ? await read() : listed;
  const ownRows = withOwnBids(pageRows, ownBids);
  // While bidding is open an agent learns only whether they bid themselves.
  const rows = user.group === "Shipper" ? ownRows.map((row) => sealedForAgent(row, now)) : ownRows;
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

/** What a list page says of its total: exact up to LIST_COUNT_CAP, and whether rows follow. */
type ListPaging = Pick<Page<unknown>, "count" | "countIsCapped" | "hasMore">;

export async function listShipmentsFor(
  deps: ShipmentDeps,
  user: AuthUser,
  name: Exclude<ShipmentListName, "shipper-history">,
  query: ListQuery & { status?: ShipmentStatus },
): Promise<Page<ShipmentListRow>> {
  const now = clock(deps);
  const { items, paging } = await loadList(
    deps,
    user,
    listKind(name, user, query.status),
    query,
    now,
  );
  return { rows: items, ...paging, page: query.page, perPage: query.per_page };
}

/**
 * The seller's active list, narrowed to one active status when asked, with each row's destinations
 * (delivery locations in booking order) when asked for `with=destinations`.
 */
export async function listSellerActive(
  deps: ShipmentDeps,
  seller: AuthUser,
  query: SellerActiveListQuery,
): Promise<Page<SellerActiveListRow>> {
  const now = clock(deps);
  const kind: ShipmentListKind = {
    kind: "seller",
    sellerId: seller.id,
    statuses: query.status ? [query.status] : ACTIVE_SHIPMENT_STATUSES,
  };
  const { items, paging } = await loadList(deps, seller, kind, query, now);
  const page = { ...paging, page: query.page, perPage: query.per_page };
  if (query.with !== "destinations") return { rows: items, ...page };
  const destinations = await destinationsOf(
    deps.db,
    items.map((item) => item.id),
  );
  return {
    rows: items.map((item) => ({ ...item, destinations: destinations.get(item.id) ?? [] })),
    ...page,
  };
}

/** Every shipment the agent bid on, with how the bid ended. */
export async function listQuotationHistory(
  deps: ShipmentDeps,
  agent: AuthUser,
  query: ListQuery,
): Promise<Page<QuotationHistoryRow>> {
  const now = clock(deps);
  const kind: ShipmentListKind = { kind: "agent-history", agentId: agent.id };
  const { rows, items, paging } = await loadList(deps, agent, kind, query, now);
  const withOutcome = items.map((item, index): QuotationHistoryRow => {
    const outcome = ownBidOutcome(rows[index]!, now);
    return outcome === "lost" ? { ...presentLostBidRow(item), outcome } : { ...item, outcome };
  });
  return { rows: withOutcome, ...paging, page: query.page, perPage: query.per_page };
}
