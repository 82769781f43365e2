import {
  differentFcMessages,
  legMessages,
  shipmentMessages,
  type DifferentFc,
  type Leg,
} from "@fba/contract";
import type { Db, DbOrTx } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import type { EventBus } from "../../lib/events.js";
import type { AuthUser } from "../../lib/principal.js";
import { differentFcOf } from "./different-fc.js";
import { effectiveEvents, isLiveOrder, orderParty, withSupersededBy } from "./legs.policy.js";
import {
  eventsOf,
  legsOf,
  lockLeg,
  orderState,
  updateLeg,
  type LegRow,
} from "./legs.repository.js";
import type { LegService } from "./legs.service.js";

export interface DifferentFcServiceDeps {
  db: Db;
  events: EventBus;
  legs: LegService;
  now?: () => Date;
}

/**
 * Deliveries to another FC than the booked one: flagged for the seller and admins when the
 * delivery is recorded, until the seller accepts the change or an admin resolves it with a note.
 */
export class DifferentFcService {
  constructor(private readonly deps: DifferentFcServiceDeps) {}

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  /** Where the leg's delivery stands now (no decider names: only the status is needed here). */
  private async state(
    db: DbOrTx,
    leg: LegRow,
  ): Promise<{ state: DifferentFc | null; deliveredFc: string | null }> {
    const events = effectiveEvents(withSupersededBy(await eventsOf(db, [leg.id])));
    const delivered = events.find((event) => event.milestone === "delivered");
    return {
      state: differentFcOf({ ...leg, differentFcDecider: null }, delivered),
      deliveredFc: delivered?.deliveredFcCode ?? null,
    };
  }

  /**
   * After a Delivered event: tells the seller and admins when the leg is now flagged. The flag is
   * recorded once under `dedupeKey` (the Delivered event's), however often that is delivered.
   */
  async announce(shipmentId: number, legId: number, dedupeKey?: string): Promise<void> {
    const order = await orderState(this.deps.db, shipmentId);
    const leg = order && (await legsOf(this.deps.db, shipmentId)).find((row) => row.id === legId);
    if (!order || !leg) return;
    const { state, deliveredFc } = await this.state(this.deps.db, leg);
    if (state?.status !== "flagged" || !deliveredFc) return;
    const event = await this.deps.events.record(
      this.deps.db,
      "leg.different_fc_flagged",
      { shipmentId, legId, sellerId: order.sellerId, bookedFc: leg.fcCode, deliveredFc },
      { dedupeKey },
    );
    this.deps.events.emit("leg.different_fc_flagged", event);
  }

  /** The seller takes the delivery at the other FC as it is. */
  async accept(user: AuthUser, shipmentId: number, legId: number): Promise<Leg> {
    return this.decide(user, shipmentId, legId, "accepted", null);
  }

  /** An admin settles it, saying how. */
  async resolve(user: AuthUser, shipmentId: number, legId: number, note: string): Promise<Leg> {
    return this.decide(user, shipmentId, legId, "resolved", note);
  }

  private async decide(
    user: AuthUser,
    shipmentId: number,
    legId: number,
    status: "accepted" | "resolved",
    note: string | null,
  ): Promise<Leg> {
    const order = await orderState(this.deps.db, shipmentId);
    if (!order) throw AppError.notFound("Shipment not found");
    const party = orderParty(user, order);
    if (!party) throw AppError.badRequest(shipmentMessages.notAuthorisedToView);
    if (status === "accepted" && party !== "seller") {
      throw AppError.forbidden(differentFcMessages.onlySeller);
    }
    if (status === "resolved" && party !== "admin") throw AppError.forbidden();
    if (!isLiveOrder(order)) throw AppError.badRequest(legMessages.orderClosed);
    const decided = await this.deps.db.transaction(async (tx) => {
      const leg = await lockLeg(tx, shipmentId, legId);
      if (!leg) throw AppError.notFound(legMessages.legNotFound);
      const { state, deliveredFc: code } = await this.state(tx, leg);
      if (state?.status !== "flagged" || !code) {
        throw AppError.conflict(differentFcMessages.notFlagged);
      }
      await updateLeg(tx, legId, {
        differentFcCode: code,
        differentFcStatus: status,
        differentFcNote: note,
        differentFcBy: user.id,
        differentFcAt: this.now(),
      });
      return this.deps.events.record(tx, "leg.different_fc_decided", {
        shipmentId,
        legId,
        sellerId: order.sellerId,
        status,
        deliveredFc: code,
        note,
        byUserId: user.id,
      });
    });
    this.deps.events.emit("leg.different_fc_decided", decided);
    return this.deps.legs.get(user, shipmentId, legId);
  }
}
