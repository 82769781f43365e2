import {
  centsToAmount,
  completionTexts,
  parseCents,
  MILESTONE_LABELS,
  shipmentMessages,
  undeliveredList,
  type Milestone,
  type AgentStatusChoice,
  type CreateShipmentData,
  type QuotationOutcome,
  type ShipmentDetail,
  type ShipmentStatus,
  type TrackingCarrier,
  type VarianceReason,
} from "@fba/contract";
import type { Db, DbOrTx } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import type { DomainEvents, EventBus } from "../../lib/events.js";
import type { AuthUser } from "../../lib/principal.js";
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
  presentShipmentDetail,
  sealedForAgent,
} from "./shipments.presenter.js";
import {
  findShipment,
  insertShipment,
  lockShipment,
  packagesWithUnread,
  updateShipment,
  type QuotationJoin,
  type ShipmentRow,
  type ShipmentState,
} from "./shipments.repository.js";
import { undeliveredLegs } from "../legs/index.js";

export interface ShipmentServiceDeps {
  db: Db;
  events: EventBus;
  bidWindowHours: number;
  now?: () => Date;
  /**
   * What a final amount set through Add info means for the order's charge change, recorded in
   * the Add info transaction (the charge changes' noteFinalAmount, wired by the composition
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

export function refusalError(refusal: Refusal): AppError {
  if (refusal.code === "FORBIDDEN") return AppError.forbidden(refusal.message);
  if (refusal.code === "CONFLICT") return AppError.conflict(refusal.message);
  return AppError.badRequest(refusal.message);
}

export function biddingEndsAt(from: Date, bidWindowHours: number): Date {
  return new Date(from.getTime() + Math.round(bidWindowHours * 3600 * 1000));
}

function quotationJoinFor(user: AuthUser): QuotationJoin {
  return user.group === "Shipper" ? { kind: "agent", agentId: user.id } : { kind: "winner" };
}

/** How the agent's own bid on this shipment ended (the row joins their quotation). */
export function ownBidOutcome(row: ShipmentRow, now: Date): QuotationOutcome {
  if (row.winningQuotationId !== null && row.winningQuotationId === row.quotationId) return "won";
  const state = { status: row.status as ShipmentStatus, biddingEndsAt: row.biddingEndsAt };
  return isBiddingOpen(state, now) ? "pending" : "lost";
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * A shipment's life from the seller's request to its completion: every read and change first
 * closes a bid window that has passed (see bidding-window.ts), so nobody acts on, or sees, a
 * window that is over but not yet judged. Built once by the composition root.
 */
export class ShipmentService {
  constructor(private readonly deps: ShipmentServiceDeps) {}

  /** The service's clock (the quotations and the comparison read theirs from it). */
  now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  async create(seller: AuthUser, input: CreateShipmentData): Promise<ShipmentDetail> {
    const now = this.now();
    const staged = this.deps.events.staged();
    const id = await this.deps.db.transaction(async (tx) => {
      const created = await insertShipment(
        tx,
        seller.id,
        input,
        now,
        biddingEndsAt(now, this.deps.bidWindowHours),
      );
      await staged.record(tx, "shipment.created", { shipmentId: created, sellerId: seller.id });
      return created;
    });
    staged.emit();
    return this.get(seller, id);
  }

  /**
   * The one way to read a shipment's row: a window that has just passed is closed before
   * answering, so nobody sees a stale state. 404 when it does not exist.
   */
  async read(id: number, join: QuotationJoin, now: Date): Promise<ShipmentRow> {
    const row = await findShipment(this.deps.db, id, join);
    if (!row) throw AppError.notFound("Shipment not found");
    if (row.status !== "Quotation Received" || row.biddingEndsAt.getTime() > now.getTime()) {
      return row;
    }
    await settleDueBidding(this.deps, now, { shipmentId: id });
    return (await findShipment(this.deps.db, id, join)) ?? row;
  }

  private async loadVisible(
    user: AuthUser,
    id: number,
    now: Date,
  ): Promise<{ row: ShipmentRow; access: "allowed" | "lost-bid" }> {
    const read = await this.read(id, quotationJoinFor(user), now);
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

  async get(user: AuthUser, id: number): Promise<ShipmentDetail> {
    const now = this.now();
    // Read side by side with the shipment (they need only its id), and dropped if it is refused.
    const extras = packagesWithUnread(this.deps.db, id, user.id);
    extras.catch(() => undefined);
    const { row, access } = await this.loadVisible(user, id, now);
    const { packages, unread } = await extras;
    if (access === "lost-bid") return presentLostBidDetail(row, packages, now);
    const detail = presentShipmentDetail(row, packages, unread, now, {
      showFbaIds: user.group !== "Shipper" || row.winnerAgentId === user.id,
    });
    const hasBid = user.group === "Shipper" && row.quotationId !== null;
    return hasBid ? { ...detail, outcome: ownBidOutcome(row, now) } : detail;
  }

  /**
   * The one way to change a shipment or its quotations: a bid window that has just passed is
   * judged first (as a read would), then the row is locked for the change; 404 when it does not
   * exist.
   */
  async change<T>(
    id: number,
    now: Date,
    change: (tx: Tx, state: ShipmentState) => Promise<T>,
  ): Promise<T> {
    await settleDueBidding(this.deps, now, { shipmentId: id });
    return this.deps.db.transaction(async (tx) => {
      const state = await lockShipment(tx, id);
      if (!state) throw AppError.notFound("Shipment not found");
      return change(tx, state);
    });
  }

  async addInfo(
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
    const now = this.now();
    // The carrier formats (a library of hundreds of modules) load on first use, not at start.
    const { sureCarrierOf, trackingLinkFor } = await import("@fba/contract/tracking");
    // The agent's pick wins; without one, the carrier whose format alone matches (else none).
    const carrier = input.tracking_carrier ?? sureCarrierOf(input.tracking_number);
    const staged = this.deps.events.staged();
    await this.change(id, now, async (tx, state) => {
      const verdict = canAddShipmentInfo(user, state);
      if (!verdict.ok) throw refusalError(verdict);
      await updateShipment(tx, id, {
        finalAmount: centsToAmount(parseCents(input.final_amount)),
        trackingNumber: input.tracking_number,
        trackingLink: trackingLinkFor(input.tracking_number, carrier),
        trackingCarrier: carrier,
        updatedAt: now,
      });
      // Above the accepted bid, the seller is asked to accept or dispute it; in this transaction.
      const chargeChange = await this.deps.noteFinalAmount(tx, {
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
    return this.get(user, id);
  }

  async updateStatus(
    user: AuthUser,
    id: number,
    input: { status: AgentStatusChoice; undelivered_reason?: string | null },
  ): Promise<ShipmentDetail> {
    const now = this.now();
    const staged = this.deps.events.staged();
    await this.change(id, now, async (tx, state) => {
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
    return this.get(user, id);
  }

  async reopenBidding(user: AuthUser, id: number): Promise<ShipmentDetail> {
    const now = this.now();
    const staged = this.deps.events.staged();
    await this.change(id, now, async (tx, state) => {
      const verdict = canReopenBidding(user, state, now);
      if (!verdict.ok) throw refusalError(verdict);
      await updateShipment(tx, id, {
        biddingEndsAt: biddingEndsAt(now, this.deps.bidWindowHours),
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
    return this.get(user, id);
  }

  async cancel(user: AuthUser, id: number, reason: string | undefined): Promise<ShipmentDetail> {
    const now = this.now();
    const staged = this.deps.events.staged();
    await this.change(id, now, async (tx, state) => {
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
    return this.get(user, id);
  }

  /** Admin: approve a bid before the window closes, or replace the winner chosen at closing. */
  async setWinningQuotation(
    admin: AuthUser,
    id: number,
    quotationId: number,
  ): Promise<ShipmentDetail> {
    const now = this.now();
    const staged = this.deps.events.staged();
    await this.change(id, now, async (tx, state) => {
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
          : (
              await listShipmentQuotations(tx, id, { byRank: true, page: 1, perPage: 1000 })
            ).rows.map((row) => row.agentId);
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
    return this.get(admin, id);
  }
}
