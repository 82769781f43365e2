import {
  legMessages,
  PROOF_OF_DELIVERY,
  shipmentMessages,
  type Leg,
  type RecordMilestoneInput,
  type UpdateLegInput,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import type { EventBus } from "../../lib/events.js";
import type { AuthUser } from "../../lib/principal.js";
import {
  checkMilestone,
  forbiddenLegField,
  isInProgress,
  isLiveOrder,
  isOrder,
  latestAfter,
  orderParty,
  withSupersededBy,
  type Party,
} from "./legs.policy.js";
import { presentLegs } from "./legs.presenter.js";
import {
  createLegs,
  eventsOf,
  findOrderDocument,
  insertLegEvent,
  latestProofOfDelivery,
  legsOf,
  lockLeg,
  orderState,
  updateLeg,
  type OrderState,
} from "./legs.repository.js";

export interface LegServiceDeps {
  db: Db;
  events: EventBus;
  now?: () => Date;
}

/** One leg per Amazon destination of an accepted order, and each leg's milestone history. */
export class LegService {
  constructor(private readonly deps: LegServiceDeps) {}

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  /** Creates the legs of a just-accepted order (the seller's acceptance is its Booked event). */
  async open(shipmentId: number, acceptedAt: Date): Promise<void> {
    const order = await orderState(this.deps.db, shipmentId);
    if (!order || !isOrder(order)) return;
    await this.deps.db.transaction((tx) => createLegs(tx, shipmentId, acceptedAt, order.sellerId));
  }

  /** The order and the caller's part in it; everyone else gets the refusal for other orders. */
  private async partyTo(user: AuthUser, shipmentId: number): Promise<[OrderState, Party]> {
    const order = await orderState(this.deps.db, shipmentId);
    if (!order) throw AppError.notFound("Shipment not found");
    const party = orderParty(user, order);
    if (!party) throw AppError.badRequest(shipmentMessages.notAuthorisedToView);
    return [order, party];
  }

  async list(user: AuthUser, shipmentId: number): Promise<Leg[]> {
    const [order] = await this.partyTo(user, shipmentId);
    if (!isOrder(order)) return [];
    let legs = await legsOf(this.deps.db, shipmentId);
    if (legs.length === 0 && isLiveOrder(order)) {
      // An acceptance whose legs were not created yet (its listener had not run) gets them now;
      // a winning bid the seller declined (cancelled without acceptance) never had legs.
      await this.open(shipmentId, this.now());
      legs = await legsOf(this.deps.db, shipmentId);
    }
    const events = await eventsOf(
      this.deps.db,
      legs.map((leg) => leg.id),
    );
    return presentLegs(legs, events, this.now(), isInProgress(order));
  }

  async get(user: AuthUser, shipmentId: number, legId: number): Promise<Leg> {
    const leg = (await this.list(user, shipmentId)).find((item) => item.id === legId);
    if (!leg) throw AppError.notFound(legMessages.legNotFound);
    return leg;
  }

  async update(
    user: AuthUser,
    shipmentId: number,
    legId: number,
    input: UpdateLegInput,
  ): Promise<Leg> {
    const [order, party] = await this.partyTo(user, shipmentId);
    if (!isLiveOrder(order)) throw AppError.badRequest(this.closedMessage(order));
    if (forbiddenLegField(party, input)) throw AppError.forbidden(legMessages.cannotEditLeg);
    const staged = this.deps.events.staged();
    await this.deps.db.transaction(async (tx) => {
      const leg = await lockLeg(tx, shipmentId, legId);
      if (!leg) throw AppError.notFound(legMessages.legNotFound);
      await updateLeg(tx, legId, {
        fbaShipmentId: input.fba_shipment_id,
        amazonReferenceId: input.amazon_reference_id,
        appointmentId: input.appointment_id,
        appointmentAt: input.appointment_at
          ? new Date(input.appointment_at)
          : (input.appointment_at as null | undefined),
        eta: input.eta,
        trackingNumber: input.tracking_number,
      });
      await staged.record(tx, "leg.updated", {
        shipmentId,
        legId,
        sellerId: order.sellerId,
        agentId: order.winnerAgentId,
        byUserId: user.id,
      });
    });
    staged.emit();
    return this.get(user, shipmentId, legId);
  }

  async record(
    user: AuthUser,
    shipmentId: number,
    legId: number,
    input: RecordMilestoneInput,
  ): Promise<Leg> {
    const [order, party] = await this.partyTo(user, shipmentId);
    if (party === "seller") throw AppError.forbidden(legMessages.cannotRecord);
    if (!isLiveOrder(order)) throw AppError.badRequest(this.closedMessage(order));
    const now = this.now();
    const occurredAt = new Date(input.occurred_at);
    const staged = this.deps.events.staged();
    await this.deps.db.transaction(async (tx) => {
      const leg = await lockLeg(tx, shipmentId, legId);
      if (!leg) throw AppError.notFound(legMessages.legNotFound);
      const history = withSupersededBy(await eventsOf(tx, [legId]));
      const refusal = checkMilestone(
        history,
        { milestone: input.milestone, occurredAt, supersedes: input.supersedes },
        now,
      );
      if (refusal) throw AppError.field(refusal.field, refusal.message);
      const documentId =
        input.document_id !== undefined || input.milestone === "delivered"
          ? await this.checkDocument(tx, shipmentId, legId, input)
          : null;
      const id = await insertLegEvent(tx, {
        legId,
        milestone: input.milestone,
        occurredAt,
        location: input.location ?? null,
        note: input.note ?? null,
        mode: input.mode ?? null,
        vesselOrFlight: input.vessel_or_flight ?? null,
        appointmentId: input.appointment_id ?? null,
        deliveredFcCode: input.delivered_fc_code ?? null,
        documentId,
        supersedesId: input.supersedes ?? null,
        recordedBy: user.id,
        recordedAt: now,
      });
      // The leg row keeps its latest milestone, so lists count late and quiet legs cheaply.
      await updateLeg(
        tx,
        legId,
        latestAfter(history, {
          id,
          milestone: input.milestone,
          occurredAt,
          supersedes: input.supersedes,
        }),
      );
      await staged.record(tx, "leg.milestone_recorded", {
        shipmentId,
        legId,
        eventId: id,
        milestone: input.milestone,
        fcCode: leg.fcCode,
        correction: input.supersedes !== undefined,
        sellerId: order.sellerId,
        agentId: order.winnerAgentId,
        byUserId: user.id,
      });
    });
    staged.emit();
    return this.get(user, shipmentId, legId);
  }

  /**
   * Delivered needs the leg's proof of delivery (the latest one uploaded for the leg when none is
   * named); any attached document must be this order's. Returns the document to attach.
   */
  private async checkDocument(
    tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
    shipmentId: number,
    legId: number,
    input: RecordMilestoneInput,
  ): Promise<number> {
    const document =
      input.document_id === undefined
        ? input.milestone === "delivered"
          ? await latestProofOfDelivery(tx, legId)
          : undefined
        : await findOrderDocument(tx, shipmentId, input.document_id);
    if (input.milestone === "delivered") {
      if (!document || document.type !== PROOF_OF_DELIVERY || document.legId !== legId) {
        throw AppError.field("document_id", legMessages.podRequired);
      }
      return document.id;
    }
    if (!document) throw AppError.field("document_id", legMessages.documentUnknown);
    return document.id;
  }

  private closedMessage(order: OrderState): string {
    return order.status === "Shipment Cancelled" ? legMessages.orderClosed : legMessages.notAnOrder;
  }
}
