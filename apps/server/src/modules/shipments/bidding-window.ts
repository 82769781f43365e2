import type { Db } from "../../db/client.js";
import type { DomainEvents, EventBus } from "../../lib/events.js";
import { bidsByRank, findDueShipmentIds, lockDueShipments } from "./bidding-window.repository.js";
import { updateShipment } from "./shipments.repository.js";

type ClosedEvent = DomainEvents["bidding.closed"];

/**
 * Closes the bid windows that have passed: the lowest total wins (ties: the earliest bid) and the
 * shipment moves to Quotation Approved. Shipments without bids stay Shipment Pending for the
 * seller to reopen or cancel; their window is closed once, so the seller is told once. Events go
 * out after the commit.
 */
export async function closeDueBidding(
  db: Db,
  events: EventBus,
  now: Date,
  options: { limit?: number; skipLocked?: boolean; shipmentId?: number; sellerId?: number } = {},
): Promise<number> {
  const limit = options.limit ?? 100;
  // A cheap unlocked look first: nearly always nothing is due, and then no transaction is opened.
  const candidates = await findDueShipmentIds(db, now, {
    limit,
    shipmentId: options.shipmentId,
    sellerId: options.sellerId,
  });
  if (candidates.length === 0) return 0;

  const closed = await db.transaction(async (tx) => {
    const locked = await lockDueShipments(tx, now, {
      limit,
      skipLocked: options.skipLocked ?? false,
      ids: candidates,
    });
    const results: ClosedEvent[] = [];
    const record = async (event: ClosedEvent) =>
      results.push(await events.record(tx, "bidding.closed", event));
    for (const shipment of locked) {
      const bids = await bidsByRank(tx, shipment.id);
      const winner = bids[0];
      if (!winner) {
        await updateShipment(tx, shipment.id, { biddingClosedAt: now });
        await record({
          shipmentId: shipment.id,
          sellerId: shipment.sellerId,
          winningQuotationId: null,
          winnerAgentId: null,
          loserAgentIds: [],
        });
        continue;
      }
      await updateShipment(tx, shipment.id, {
        status: "Quotation Approved",
        winningQuotationId: winner.id,
        winnerAgentId: winner.agentId,
        biddingClosedAt: now,
        updatedAt: now,
      });
      await record({
        shipmentId: shipment.id,
        sellerId: shipment.sellerId,
        winningQuotationId: winner.id,
        winnerAgentId: winner.agentId,
        loserAgentIds: bids.slice(1).map((bid) => bid.agentId),
      });
    }
    return results;
  });
  for (const event of closed) events.emit("bidding.closed", event);
  return closed.length;
}

/**
 * Closes the shipment's (or the listed shipments') bid windows that have passed. Every read and
 * change of a shipment or its quotations goes through here first, so nobody acts on, or sees, a
 * window that is over but not yet judged, whatever the background loop's timing. Returns how
 * many it closed.
 */
export async function settleDueBidding(
  deps: { db: Db; events: EventBus },
  now: Date,
  scope: { shipmentId: number } | { sellerId?: number },
): Promise<number> {
  const limit = "shipmentId" in scope ? 1 : 100;
  return closeDueBidding(deps.db, deps.events, now, { ...scope, limit });
}
