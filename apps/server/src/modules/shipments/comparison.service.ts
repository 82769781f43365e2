import {
  awardLabel,
  comparisonMessages,
  quotationDetailMessages,
  utcDate,
  type AwardData,
  type Comparison,
  type ComparisonBid,
  type ReconfirmAnswer,
  type ShipmentDetail,
  type ShipmentStatus,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import type { EventBus } from "../../lib/events.js";
import type { AuthUser } from "../../lib/principal.js";
import { readScorecards } from "../agents/index.js";
import { settleDueBidding } from "./bidding-window.js";
import { presentComparison } from "./comparison.presenter.js";
import { readComparisonShipment, type ComparisonShipment } from "./comparison.repository.js";
import {
  allShipmentQuotations,
  findQuotation,
  setReconfirmation,
} from "./quotations.repository.js";
import { applyDecision, recordDecision, validityDate } from "./quotations.service.js";
import { isBiddingOpen, refusals } from "./shipments.policy.js";
import { presentQuotation, quotationExpired } from "./shipments.presenter.js";
import { updateShipment } from "./shipments.repository.js";
import type { ShipmentService } from "./shipments.service.js";

export interface ComparisonServiceDeps {
  db: Db;
  events: EventBus;
  /** Reads and changes the shipment compared (its bid window judged first), and keeps the clock. */
  shipments: ShipmentService;
}

/**
 * The seller's side-by-side view of every bid once bidding has closed, the award of a bid other
 * than the automatic winner, and the re-confirmation of expired quotes.
 */
export class ComparisonService {
  constructor(private readonly deps: ComparisonServiceDeps) {}

  /** The shipment as the comparison reads it, its passed window judged first. */
  private async loadShipment(id: number, now: Date): Promise<ComparisonShipment> {
    let shipment = await readComparisonShipment(this.deps.db, id);
    if (!shipment) throw AppError.notFound("Shipment not found");
    if (shipment.status === "Quotation Received" && shipment.biddingEndsAt <= now) {
      await settleDueBidding(this.deps, now, { shipmentId: id });
      shipment = (await readComparisonShipment(this.deps.db, id)) ?? shipment;
    }
    return shipment;
  }

  /**
   * Every bid of a shipment side by side, for its seller or an admin once bidding has closed: the
   * shipment row, its quotations with their agents, and the agents' scorecards (one read by
   * primary key), in three queries.
   */
  async get(user: AuthUser, id: number): Promise<Comparison> {
    const now = this.deps.shipments.now();
    const shipment = await this.loadShipment(id, now);
    if (user.group !== "Admin" && shipment.sellerId !== user.id) {
      throw AppError.forbidden(comparisonMessages.notYourShipment);
    }
    const status = shipment.status as ShipmentStatus;
    if (isBiddingOpen({ status, biddingEndsAt: shipment.biddingEndsAt }, now)) {
      throw AppError.badRequest(comparisonMessages.notClosed);
    }
    const rows = await allShipmentQuotations(this.deps.db, id);
    const scorecards = await readScorecards(
      this.deps.db,
      rows.map((row) => row.agentId),
    );
    return presentComparison(shipment, rows, scorecards, user.id, now);
  }

  /**
   * The seller picks a bid during the approval window (maybe not the automatic winner), with a
   * reason: it becomes the winner and is accepted exactly as the spec's accept does; every bidder
   * hears the outcome and the reason.
   */
  async award(seller: AuthUser, id: number, input: AwardData): Promise<ShipmentDetail> {
    const now = this.deps.shipments.now();
    const label = awardLabel(input.reason, input.reason_text);
    const staged = this.deps.events.staged();
    await this.deps.shipments.change(id, now, async (tx, state) => {
      if (state.sellerId !== seller.id) throw AppError.forbidden(refusals.notOwner);
      if (state.status !== "Quotation Approved") {
        throw AppError.field("shipment", comparisonMessages.outsideApprovalWindow);
      }
      const quotation = await findQuotation(tx, input.quotation_id);
      if (!quotation || quotation.shipmentId !== state.id) {
        throw AppError.field("quotation_id", comparisonMessages.quotationOtherShipment);
      }
      if (quotationExpired(quotation, now)) {
        throw AppError.field("quotation_id", comparisonMessages.quotationExpired);
      }
      // Its agent was told it was declined when the seller took the next bid.
      if (quotation.isAccepted === false) {
        throw AppError.field("quotation_id", comparisonMessages.quotationPassedOver);
      }
      await updateShipment(tx, state.id, {
        winningQuotationId: quotation.id,
        winnerAgentId: quotation.agentId,
        awardReason: input.reason,
        awardReasonText: input.reason_text,
        updatedAt: now,
      });
      const decision = input.accepted_service
        ? ({ action: "accept", service: input.accepted_service } as const)
        : ({ action: "accept" } as const);
      const outcome = await applyDecision(
        tx,
        seller,
        { ...state, winningQuotationId: quotation.id, winnerAgentId: quotation.agentId },
        quotation,
        decision,
        now,
        { reason: label },
      );
      await recordDecision(staged, tx, seller, quotation, outcome);
    });
    staged.emit();
    return this.deps.shipments.get(seller, id);
  }

  /** The seller asks the agent of an expired quote to re-confirm it (while deciding). */
  async requestReconfirmation(
    seller: AuthUser,
    quotationId: number,
  ): Promise<ComparisonBid["quotation"]> {
    const now = this.deps.shipments.now();
    const found = await findQuotation(this.deps.db, quotationId);
    if (!found) throw AppError.notFound("Quotation not found");
    const event = await this.deps.shipments.change(found.shipmentId, now, async (tx, state) => {
      if (state.sellerId !== seller.id) throw AppError.forbidden(refusals.notOwner);
      if (state.status !== "Quotation Approved") {
        throw AppError.field("shipment", comparisonMessages.outsideApprovalWindow);
      }
      const quotation = (await findQuotation(tx, quotationId)) ?? found;
      if (!quotationExpired(quotation, now)) {
        throw AppError.field("quotation", comparisonMessages.reconfirmNotExpired);
      }
      if (quotation.reconfirmRequestedAt) {
        throw AppError.field("quotation", comparisonMessages.reconfirmAlreadyRequested);
      }
      await setReconfirmation(tx, quotationId, { reconfirmRequestedAt: now, now });
      return this.deps.events.record(tx, "quotation.reconfirm_requested", {
        shipmentId: state.id,
        sellerId: state.sellerId,
        agentId: quotation.agentId,
        quotationId,
      });
    });
    this.deps.events.emit("quotation.reconfirm_requested", event);
    return this.presentedQuotation(quotationId, now);
  }

  /** The agent answers a re-confirmation request: a new validity date, or a decline. */
  async answerReconfirmation(
    agent: AuthUser,
    quotationId: number,
    answer: ReconfirmAnswer,
  ): Promise<ComparisonBid["quotation"]> {
    const now = this.deps.shipments.now();
    const found = await findQuotation(this.deps.db, quotationId);
    if (!found) throw AppError.notFound("Quotation not found");
    if (found.agentId !== agent.id) {
      throw AppError.forbidden("Only the quotation's agent can re-confirm it");
    }
    const event = await this.deps.shipments.change(found.shipmentId, now, async (tx, state) => {
      const quotation = (await findQuotation(tx, quotationId)) ?? found;
      if (!quotation.reconfirmRequestedAt) {
        throw AppError.field("quotation", comparisonMessages.reconfirmNotRequested);
      }
      if (answer.action === "extend" && answer.valid_until < utcDate(now)) {
        throw AppError.field("valid_until", quotationDetailMessages.validUntilPast);
      }
      await setReconfirmation(tx, quotationId, {
        reconfirmRequestedAt: null,
        ...(answer.action === "extend" ? { validUntil: validityDate(answer.valid_until) } : {}),
        now,
      });
      return this.deps.events.record(tx, "quotation.reconfirmed", {
        shipmentId: state.id,
        sellerId: state.sellerId,
        agentId: agent.id,
        quotationId,
        validUntil: answer.action === "extend" ? answer.valid_until : null,
      });
    });
    this.deps.events.emit("quotation.reconfirmed", event);
    return this.presentedQuotation(quotationId, now);
  }

  private async presentedQuotation(
    quotationId: number,
    now: Date,
  ): Promise<ComparisonBid["quotation"]> {
    const row = await findQuotation(this.deps.db, quotationId);
    if (!row) throw AppError.notFound("Quotation not found");
    return presentQuotation(row, { isWinner: false, masked: false, now });
  }
}
