import {
  legMessages,
  MILESTONES,
  STALE_LEG_DAYS,
  type Milestone,
  type UpdateLegInput,
} from "@fba/contract";
import type { AuthUser } from "../../lib/principal.js";
import type { OrderState } from "./legs.repository.js";

/** Orders whose legs can still change; a cancelled order keeps its legs read-only. */
const LIVE_ORDER = new Set(["Quotation Accepted", "Shipment Completed"]);
/** Orders that have (or had) legs: accepted, completed, or cancelled after acceptance. */
const ORDER_STATUSES = new Set([...LIVE_ORDER, "Shipment Cancelled"]);

/** A clock may run a little ahead of the server's; a minute of skew is not "the future". */
const FUTURE_SKEW_MS = 60_000;
const DAY_MS = 86_400_000;

export type Party = "seller" | "agent" | "admin";

/** Who the caller is to this order, or null: everyone else gets the refusal for other orders. */
export function orderParty(user: AuthUser, order: OrderState): Party | null {
  if (user.group === "Admin") return "admin";
  if (user.group === "Seller" && order.sellerId === user.id) return "seller";
  if (user.group === "Shipper" && order.winnerAgentId === user.id) return "agent";
  return null;
}

export const isOrder = (order: OrderState) =>
  ORDER_STATUSES.has(order.status) && order.winnerAgentId !== null;
export const isLiveOrder = (order: OrderState) => LIVE_ORDER.has(order.status);
/** An order whose legs are still on their way: late and quiet legs are flagged only then. */
export const isInProgress = (order: OrderState) => order.status === "Quotation Accepted";

/** The fields of a leg each party may set: the seller's Amazon references, the agent's logistics. */
const EDITABLE: Record<Party, ReadonlyArray<keyof UpdateLegInput>> = {
  seller: ["fba_shipment_id", "amazon_reference_id"],
  agent: ["eta", "appointment_id", "appointment_at", "tracking_number"],
  admin: [
    "fba_shipment_id",
    "amazon_reference_id",
    "eta",
    "appointment_id",
    "appointment_at",
    "tracking_number",
  ],
};

/** The first field of `input` this party may not set, if any. */
export function forbiddenLegField(party: Party, input: UpdateLegInput): string | undefined {
  return Object.entries(input).find(
    ([field, value]) =>
      value !== undefined && !EDITABLE[party].includes(field as keyof UpdateLegInput),
  )?.[0];
}

const rank = (milestone: string) => MILESTONES.indexOf(milestone as Milestone);

export interface EventFacts {
  id: number;
  milestone: string;
  occurredAt: Date;
  supersededBy: number | null;
}

/** The history with corrections applied, in milestone order. */
export function effectiveEvents<T extends EventFacts>(events: T[]): T[] {
  return events
    .filter((event) => event.supersededBy === null)
    .sort((a, b) => rank(a.milestone) - rank(b.milestone));
}

/** Marks each event with the one that corrected it. */
export function withSupersededBy<T extends { id: number; supersedesId: number | null }>(
  events: T[],
): Array<T & { supersededBy: number | null }> {
  const correctedBy = new Map<number, number>();
  for (const event of events) {
    if (event.supersedesId !== null) correctedBy.set(event.supersedesId, event.id);
  }
  return events.map((event) => ({ ...event, supersededBy: correctedBy.get(event.id) ?? null }));
}

/**
 * The leg's latest milestone and its time once a new event is added (replacing the one it
 * corrects, if any): what the leg row keeps for lists.
 */
export function latestAfter(
  history: EventFacts[],
  added: { id: number; milestone: string; occurredAt: Date; supersedes?: number },
): { milestone: string; lastEventAt: Date } {
  const events = [
    ...history.filter((event) => event.id !== added.supersedes),
    { ...added, supersededBy: null },
  ];
  const last = effectiveEvents(events).at(-1)!;
  return { milestone: last.milestone, lastEventAt: last.occurredAt };
}

export interface MilestoneRefusal {
  field: string;
  message: string;
}

/**
 * Checks a new milestone, or a correction of one, against the leg's history: milestones only move
 * forward, one event per milestone, times never in the future nor before the milestone before.
 */
export function checkMilestone(
  events: EventFacts[],
  input: { milestone: Milestone; occurredAt: Date; supersedes?: number },
  now: Date,
): MilestoneRefusal | null {
  if (input.occurredAt.getTime() > now.getTime() + FUTURE_SKEW_MS) {
    return { field: "occurred_at", message: legMessages.occurredInFuture };
  }
  if (input.milestone === "booked") {
    return { field: "milestone", message: legMessages.bookedIsAutomatic };
  }
  const current = effectiveEvents(events);
  if (input.supersedes !== undefined) {
    const target = events.find((event) => event.id === input.supersedes);
    if (!target) return { field: "supersedes", message: legMessages.correctionUnknown };
    if (target.supersededBy !== null) {
      return { field: "supersedes", message: legMessages.correctionSuperseded };
    }
    if (target.milestone !== input.milestone) {
      return { field: "milestone", message: legMessages.correctionMismatch };
    }
    const others = current.filter((event) => event.id !== target.id);
    const before = others.filter((event) => rank(event.milestone) < rank(input.milestone)).at(-1);
    const after = others.find((event) => rank(event.milestone) > rank(input.milestone));
    if (before && input.occurredAt < before.occurredAt) {
      return { field: "occurred_at", message: legMessages.occurredBeforePrevious };
    }
    if (after && input.occurredAt > after.occurredAt) {
      return { field: "occurred_at", message: legMessages.occurredAfterNext };
    }
    return null;
  }
  const last = current.at(-1);
  if (last && rank(input.milestone) === rank(last.milestone)) {
    return { field: "milestone", message: legMessages.milestoneRepeated };
  }
  if (last && rank(input.milestone) < rank(last.milestone)) {
    return { field: "milestone", message: legMessages.milestoneOutOfOrder };
  }
  if (last && input.occurredAt < last.occurredAt) {
    return { field: "occurred_at", message: legMessages.occurredBeforePrevious };
  }
  return null;
}

/**
 * Late: the ETA has passed without Delivered. Stale: picked up, not delivered, quiet for days.
 * Neither once the order is no longer in progress (completed or cancelled).
 */
export function legHealth(
  current: Array<{ milestone: string; occurredAt: Date }>,
  eta: string | null,
  now: Date,
  inProgress = true,
): { milestone: Milestone; lastEventAt: Date; late: boolean; staleDays: number | null } {
  const last = current.at(-1);
  const milestone = (last?.milestone ?? "booked") as Milestone;
  const lastEventAt = last?.occurredAt ?? now;
  const delivered = milestone === "delivered" || !inProgress;
  const today = now.toISOString().slice(0, 10);
  const late = !delivered && eta !== null && eta < today;
  const quietDays = Math.floor((now.getTime() - lastEventAt.getTime()) / DAY_MS);
  const staleDays =
    !delivered && rank(milestone) >= rank("picked_up") && quietDays >= STALE_LEG_DAYS
      ? quietDays
      : null;
  return { milestone, lastEventAt, late, staleDays };
}
