import { notificationText as text } from "../../lib/i18n/notifications.js";
import type { EventBus } from "../../lib/events.js";
import { shipmentSummary } from "../notifications/index.js";
import { shipmentPath, type NotifyDeps } from "../notifications/index.js";
import type { ScorecardRefresher } from "./scorecard-refresher.js";
import type { ScorecardScope } from "./scorecards.repository.js";

/**
 * Scorecards follow the domain events that change their inputs (a refresh recomputes from the
 * orders, so a repeated delivery changes nothing). The refresh is started, not awaited: one
 * agent's refreshes are spaced out (SCORECARD_REFRESH_GAP_MS) and the dispatcher must not wait
 * for that; settling and shutdown still wait for it.
 */
export function registerScorecardSubscribers(
  events: EventBus,
  refresher: ScorecardRefresher,
): void {
  const refreshIn = (scope: ScorecardScope, agentIds: Array<number | null | undefined>) =>
    events.background(() => refresher.refreshMany(agentIds, scope), "scorecard refresh failed");
  const refresh = (...agentIds: Array<number | null | undefined>) => refreshIn("all", agentIds);
  const name = "scorecard";
  // A new bid changes the agent's bid count and response time only.
  events.subscribe("quotation.created", name, (event) => refreshIn("bids", [event.agentId]));
  events.subscribe("bidding.closed", name, (event) =>
    refresh(event.winnerAgentId, ...event.loserAgentIds),
  );
  events.subscribe("quotation.accepted", name, (event) => refresh(event.agentId));
  // A seller's pick of another bid than the lowest total moves the win from one bidder to another.
  events.subscribe("bidding.awarded", name, (event) =>
    event.picked ? refresh(...event.bidderAgentIds) : undefined,
  );
  events.subscribe("quotation.declined", name, (event) => refresh(event.agentId));
  events.subscribe("quotation.cancelled", name, (event) => refresh(event.agentId));
  events.subscribe("shipment.status_changed", name, (event) => refresh(event.agentId));
  events.subscribe("shipment.info_updated", name, (event) => refresh(event.agentId));
  events.subscribe("charge_change.updated", name, (event) => refresh(event.agentId));
  events.subscribe("leg.updated", name, (event) => refresh(event.agentId));
  events.subscribe("leg.milestone_recorded", name, (event) => refresh(event.agentId));
  events.subscribe("document.uploaded", name, (event) => refresh(event.agentId));
}

/** The agent hears of a rating (to answer it), the seller of the answer; each by email too. */
export function registerRatingSubscribers(events: EventBus, deps: NotifyDeps): void {
  const { db, notifications } = deps;
  events.subscribe("rating.created", "notify", async (event, { eventId }) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    await notifications.notify(
      [
        {
          userId: event.agentId,
          actorId: event.sellerId,
          notificationType: "Shipment",
          shipmentId: shipment.id,
          content: text("rated", {
            shipmentId: shipment.id,
            product: shipment.productName,
            overall: event.overall,
          }),
        },
      ],
      {
        eventId,
        email: {
          subject: text("ratedSubject", { shipmentId: shipment.id }),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });

  events.subscribe("rating.replied", "notify", async (event, { eventId }) => {
    const shipment = await shipmentSummary(db, event.shipmentId);
    if (!shipment) return;
    await notifications.notify(
      [
        {
          userId: event.sellerId,
          actorId: event.agentId,
          notificationType: "Shipment",
          shipmentId: shipment.id,
          content: text("ratingReplied", {
            shipmentId: shipment.id,
            product: shipment.productName,
          }),
        },
      ],
      {
        eventId,
        email: {
          subject: text("ratingRepliedSubject", { shipmentId: shipment.id }),
          path: shipmentPath(shipment.id),
        },
      },
    );
  });
}

export function registerAgentSubscribers(
  events: EventBus,
  refresher: ScorecardRefresher,
  deps: NotifyDeps,
): void {
  registerScorecardSubscribers(events, refresher);
  registerRatingSubscribers(events, deps);
}
