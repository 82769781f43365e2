import {
  automaticReason,
  hasQuotationDetails,
  quotationDetailMessages,
  quotationMessages,
  centsToAmount,
  parseCents,
  quotationTotalCents,
  utcDate,
  shipmentMessages,
  type CreateQuotationData,
  type Quotation,
  type QuotationDecision,
  type QuotationService as ServiceLevel,
  type ShipmentDetail,
  type ShipmentStatus,
} from "@fba/contract";
import { AppError } from "../../lib/errors.js";
import type { DomainEvents, EventBus, StagedEvents } from "../../lib/events.js";
import type { Db, DbOrTx } from "../../db/client.js";
import type { Page } from "../../lib/http.js";
import type { AuthUser } from "../../lib/principal.js";
import {
  canPlaceBid,
  canTakeNextBid,
  decideQuotation,
  isBiddingOpen,
  refusals,
  shipmentViewAccess,
} from "./shipments.policy.js";
import { presentQuotation, quotationExpired, type QuotationFields } from "./shipments.presenter.js";
import { lockShipment, updateShipment, type ShipmentState } from "./shipments.repository.js";
import { refusalError, type ShipmentService } from "./shipments.service.js";
import {
  bidRanking,
  findQuotation,
  insertQuotation,
  listShipmentQuotations,
  nextLowestBid,
  recordBid,
  updateQuotation,
  type QuotationDetailValues,
} from "./quotations.repository.js";

/** A bid's amount as stored, 2 decimals ("1850.5" -> "1850.50"); null when not offered. */
const storedAmount = (value: string | undefined) =>
  value === undefined ? null : centsToAmount(parseCents(value));

/** A validity date ("YYYY-MM-DD") as stored: that day's midnight UTC (it holds through the day). */
export const validityDate = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * The details of a bid as stored, or null for a bid sent without them (the contract has checked
 * that a given set is complete). The validity must reach the bidding window's end date.
 */
function detailValues(
  input: CreateQuotationData,
  biddingEndsAt: Date,
): QuotationDetailValues | null {
  if (!hasQuotationDetails(input) || input.valid_until === undefined) return null;
  const windowEnd = utcDate(biddingEndsAt);
  if (input.valid_until < windowEnd) {
    throw AppError.field("valid_until", quotationDetailMessages.validUntilBeforeWindow(windowEnd));
  }
  const offersFast = input.fast_amount !== undefined;
  const offersNormal = input.normal_amount !== undefined;
  return {
    fastServiceType: offersFast ? (input.fast_service_type ?? null) : null,
    fastTransitMinDays: offersFast ? (input.fast_transit_min_days ?? null) : null,
    fastTransitMaxDays: offersFast ? (input.fast_transit_max_days ?? null) : null,
    normalServiceType: offersNormal ? (input.normal_service_type ?? null) : null,
    normalTransitMinDays: offersNormal ? (input.normal_transit_min_days ?? null) : null,
    normalTransitMaxDays: offersNormal ? (input.normal_transit_max_days ?? null) : null,
    inclusions: input.inclusions ?? [],
    validUntil: validityDate(input.valid_until),
    note: input.note ?? null,
  };
}

type LockedShipment = ShipmentState;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a decision changed, for announcing it after the commit. */
export interface DecisionOutcome {
  event: "accepted" | "declined" | "cancelled";
  status: ShipmentStatus;
  sellerId: number;
  reason: string | null;
  service: ServiceLevel | undefined;
  /** On acceptance: every bidder hears the outcome and why (null: no reason to tell). */
  awarded: { bidderAgentIds: number[]; reason: string; picked: boolean } | null;
}

/**
 * The seller's decision on the winning quotation, inside the shipment's locked transaction: the
 * spec's accept, decline and cancel, and the accept that ends the seller's pick of another bid
 * (`award`: the pick's reason label, told to every bidder). An expired quote cannot be accepted.
 */
export async function applyDecision(
  tx: Tx,
  seller: AuthUser,
  state: LockedShipment,
  quotation: QuotationFields,
  decision: QuotationDecision,
  now: Date,
  award?: { reason: string },
): Promise<DecisionOutcome> {
  const verdict = decideQuotation(seller, state, quotation.id, decision);
  if (!verdict.ok) throw refusalError(verdict);
  const service = decision.action === "accept" ? decision.service : undefined;
  const offered = service === "fast" ? quotation.fastAmount : quotation.normalAmount;
  if (service !== undefined && offered === null) {
    throw AppError.field("accepted_service", quotationMessages.serviceNotOffered(service));
  }
  if (decision.action === "accept" && quotationExpired(quotation, now)) {
    throw AppError.field("quotation", quotationDetailMessages.expired);
  }
  const reason = decision.action === "accept" ? null : decision.reason;
  await updateQuotation(tx, quotation.id, {
    isAccepted: decision.action === "accept",
    ...(decision.action === "accept" ? { acceptedService: service ?? null } : {}),
    cancelReason: reason,
    now,
  });
  await updateShipment(tx, state.id, {
    status: verdict.nextStatus,
    updatedAt: now,
    ...(reason !== null ? { cancelReason: reason } : {}),
  });
  let awarded: DecisionOutcome["awarded"] = null;
  if (verdict.event === "accepted") {
    const bids = await bidRanking(tx, state.id);
    if (award) {
      awarded = { bidderAgentIds: bids.agentIds, reason: award.reason, picked: true };
    } else if (bids.automaticWinnerId === quotation.id) {
      // The spec's rule chose it: bidders learn it was the lowest total.
      awarded = {
        bidderAgentIds: bids.agentIds,
        reason: automaticReason(bids.agentIds.length),
        picked: false,
      };
    }
  }
  return {
    event: verdict.event,
    status: verdict.nextStatus,
    sellerId: state.sellerId,
    reason,
    service,
    awarded,
  };
}

/** Records a decision's events in its transaction: the spec's events, then the outcome to every bidder. */
export async function recordDecision(
  staged: StagedEvents,
  tx: DbOrTx,
  seller: AuthUser,
  quotation: QuotationFields,
  outcome: DecisionOutcome,
): Promise<void> {
  const base = {
    shipmentId: quotation.shipmentId,
    sellerId: outcome.sellerId,
    agentId: quotation.agentId,
    quotationId: quotation.id,
  };
  if (outcome.event === "accepted") {
    await staged.record(tx, "quotation.accepted", {
      ...base,
      ...(outcome.service ? { service: outcome.service } : {}),
      ...(outcome.awarded ? { awardReason: outcome.awarded.reason } : {}),
    });
  } else if (outcome.event === "declined") {
    await staged.record(tx, "quotation.declined", { ...base, reason: outcome.reason });
  } else await staged.record(tx, "quotation.cancelled", { ...base, reason: outcome.reason });
  await staged.record(tx, "shipment.status_changed", {
    shipmentId: quotation.shipmentId,
    sellerId: outcome.sellerId,
    agentId: quotation.agentId,
    status: outcome.status,
    byUserId: seller.id,
  } satisfies DomainEvents["shipment.status_changed"]);
  if (outcome.awarded) {
    await staged.record(tx, "bidding.awarded", {
      shipmentId: quotation.shipmentId,
      sellerId: outcome.sellerId,
      winningQuotationId: quotation.id,
      winnerAgentId: quotation.agentId,
      ...outcome.awarded,
    });
  }
}

export interface QuotationServiceDeps {
  db: Db;
  events: EventBus;
  /** Reads and changes the shipment bid on (its bid window judged first), and keeps the clock. */
  shipments: ShipmentService;
}

/** The agents' sealed bids on a shipment and the seller's decision on the winning one. */
export class QuotationService {
  constructor(private readonly deps: QuotationServiceDeps) {}

  /** An agent's sealed bid; the first bid moves the shipment to Quotation Received. */
  async create(agent: AuthUser, input: CreateQuotationData): Promise<Quotation> {
    const now = this.deps.shipments.now();
    const total = centsToAmount(quotationTotalCents(input));

    const result = await this.deps.db.transaction(async (tx) => {
      // The row lock orders this bid against the window closing: whichever commits first wins.
      const state = await lockShipment(tx, input.shipment);
      if (!state) throw AppError.notFound("Shipment not found");
      const verdict = canPlaceBid(state, now);
      if (!verdict.ok) throw refusalError(verdict);
      const details = detailValues(input, state.biddingEndsAt);
      const stored = await insertQuotation(tx, {
        shipmentId: state.id,
        agentId: agent.id,
        pickupAmount: centsToAmount(parseCents(input.pickup_amount)),
        fastAmount: storedAmount(input.fast_amount),
        normalAmount: storedAmount(input.normal_amount),
        totalAmount: total,
        details,
        now,
      });
      // The unique (shipment, agent) index keeps one bid per agent.
      if (!stored) throw AppError.conflict(refusals.alreadyBid);
      await recordBid(tx, state.id, now);
      const event = await this.deps.events.record(tx, "quotation.created", {
        quotationId: stored.id,
        shipmentId: input.shipment,
        agentId: agent.id,
        sellerId: state.sellerId,
      });
      return { stored, event };
    });
    this.deps.events.emit("quotation.created", result.event);
    // The bid as stored, with its agent's name as the request's caller has it.
    const created = {
      ...result.stored,
      agentFirstName: agent.firstName,
      agentLastName: agent.lastName,
      agentEmail: agent.email,
    };
    return presentQuotation(created, { isWinner: false, masked: false, now });
  }

  /**
   * The seller accepts, declines or cancels the winning quotation of their shipment. An acceptance
   * may name the service bought; the quotation must offer it.
   */
  async decide(
    seller: AuthUser,
    quotationId: number,
    decision: QuotationDecision,
  ): Promise<ShipmentDetail> {
    const now = this.deps.shipments.now();
    const quotation = await findQuotation(this.deps.db, quotationId);
    if (!quotation) throw AppError.notFound("Quotation not found");
    // A decision may arrive the instant the window ends: the bids are judged first.
    const staged = this.deps.events.staged();
    await this.deps.shipments.change(quotation.shipmentId, now, async (tx, state) => {
      const outcome = await applyDecision(tx, seller, state, quotation, decision, now);
      await recordDecision(staged, tx, seller, quotation, outcome);
    });
    staged.emit();
    return this.deps.shipments.get(seller, quotation.shipmentId);
  }

  /**
   * Beside the spec's decline (which cancels the shipment): the seller declines the winning
   * estimate, its agent is told why, and the next lowest bid nobody declined becomes the estimate
   * awaiting the seller's decision, its agent told it now wins. Refused when no bid is left.
   */
  async takeNextBid(seller: AuthUser, shipmentId: number, reason: string): Promise<ShipmentDetail> {
    const now = this.deps.shipments.now();
    const staged = this.deps.events.staged();
    await this.deps.shipments.change(shipmentId, now, async (tx, state) => {
      const verdict = canTakeNextBid(seller, state);
      if (!verdict.ok) throw refusalError(verdict);
      const passedOver = await findQuotation(tx, state.winningQuotationId as number);
      if (!passedOver) throw AppError.notFound("Quotation not found");
      const next = await nextLowestBid(tx, shipmentId, passedOver.id);
      if (!next) throw AppError.conflict(quotationMessages.noNextBid);
      await updateQuotation(tx, passedOver.id, { isAccepted: false, cancelReason: reason, now });
      await updateShipment(tx, shipmentId, {
        winningQuotationId: next.id,
        winnerAgentId: next.agentId,
        updatedAt: now,
      });
      await staged.record(tx, "quotation.declined", {
        shipmentId,
        sellerId: state.sellerId,
        agentId: passedOver.agentId,
        quotationId: passedOver.id,
        reason,
      });
      // The new winner hears it won and the seller that an estimate awaits review; the agent
      // passed over heard the decline above, the other bidders keep their lost bids.
      await staged.record(tx, "bidding.closed", {
        shipmentId,
        sellerId: state.sellerId,
        winningQuotationId: next.id,
        winnerAgentId: next.agentId,
        loserAgentIds: [],
      });
    });
    staged.emit();
    return this.deps.shipments.get(seller, shipmentId);
  }

  /**
   * The quotations of one shipment. The seller sees every bid, sealed while the window is open
   * (afterwards the winner is revealed); an agent sees only their own; an admin sees all.
   */
  async list(
    user: AuthUser,
    query: { shipment_id: number; page: number; per_page: number },
  ): Promise<Page<Quotation>> {
    const now = this.deps.shipments.now();
    const shipmentId = query.shipment_id;
    const shipment = await this.deps.shipments.read(shipmentId, { kind: "winner" }, now);
    const state = {
      sellerId: shipment.sellerId,
      status: shipment.status as ShipmentStatus,
      biddingEndsAt: shipment.biddingEndsAt,
      winnerAgentId: shipment.winnerAgentId,
    };
    const isAgent = user.group === "Shipper";
    if (!isAgent) {
      const access = shipmentViewAccess(user, state, now);
      if (access === "not-a-party") throw AppError.badRequest(shipmentMessages.notAuthorisedToView);
    }
    const sealed = user.group === "Seller" && isBiddingOpen(state, now);
    const { rows, count } = await listShipmentQuotations(this.deps.db, shipmentId, {
      agentId: isAgent ? user.id : undefined,
      byRank: user.group !== "Seller",
      page: query.page,
      perPage: query.per_page,
    });
    const items = rows.map((row) => {
      const isWinner = row.id === shipment.winningQuotationId;
      // After the window the seller learns the winner; the other bids stay sealed.
      const masked = user.group === "Seller" && !isWinner;
      return presentQuotation(row, { isWinner, masked: sealed || masked, now });
    });
    return { rows: items, count, page: query.page, perPage: query.per_page };
  }
}
