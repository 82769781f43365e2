import {
  MILESTONES,
  TRANSPORT_MODES,
  type Leg,
  type Milestone,
  type MilestoneEvent,
  type TransportMode,
} from "@fba/contract";
import { formatDate, formatDateTime, parseTime, toLocalInputValue } from "../../../lib/format";

const rank = (milestone: Milestone) => MILESTONES.indexOf(milestone);

/** What needs the reader's attention on a leg, in the words of the order page. */
export function attentionTexts(leg: Pick<Leg, "late" | "eta" | "stale_days">): string[] {
  const texts: string[] = [];
  if (leg.late && leg.eta) texts.push(`Late: ETA ${formatDate(leg.eta)} passed`);
  if (leg.stale_days !== null) {
    texts.push(`No update for ${leg.stale_days} ${leg.stale_days === 1 ? "day" : "days"}`);
  }
  return texts;
}

/** The milestones that may be recorded next: any later one (a truck skips the ports). */
export function nextMilestones(leg: Pick<Leg, "milestone">): Milestone[] {
  return MILESTONES.filter((milestone) => rank(milestone) > rank(leg.milestone));
}

/** When something happened, in the screens' date format with the local time. */
export function formatEventTime(value: string): string {
  return formatDateTime(value);
}

export const MODE_LABELS: Record<TransportMode, string> = {
  air: "Air",
  sea: "Sea",
  rail: "Rail",
  truck: "Truck",
};
export { TRANSPORT_MODES };

export interface HistoryEntry {
  event: MilestoneEvent;
  /** The versions this event corrected, newest first (shown struck through under it). */
  corrected: MilestoneEvent[];
}

/**
 * The history as read: each milestone in its current version, in milestone order, with the
 * versions it replaced under it.
 */
export function historyEntries(events: MilestoneEvent[]): HistoryEntry[] {
  const byId = new Map(events.map((event) => [event.id, event]));
  return events
    .filter((event) => event.superseded_by === null)
    .sort((a, b) => rank(a.milestone) - rank(b.milestone) || a.id - b.id)
    .map((event) => {
      const corrected: MilestoneEvent[] = [];
      let previous = event.supersedes === null ? undefined : byId.get(event.supersedes);
      while (previous) {
        corrected.push(previous);
        previous = previous.supersedes === null ? undefined : byId.get(previous.supersedes);
      }
      return { event, corrected };
    });
}

/** When each milestone was reached (current versions only). */
export function reachedAt(events: MilestoneEvent[]): Partial<Record<Milestone, string>> {
  const reached: Partial<Record<Milestone, string>> = {};
  for (const event of events) {
    if (event.superseded_by === null) reached[event.milestone] = event.occurred_at;
  }
  return reached;
}

/**
 * A datetime-local input's value for an instant, in the browser's zone, to the second (a
 * milestone recorded in the minute of the one before it must not read as earlier).
 */
export function toLocalInput(value: string | Date | null | undefined): string {
  if (!value) return "";
  const time = parseTime(value);
  return time ? toLocalInputValue(time) : "";
}

/** A datetime-local input's value as an instant on the wire (undefined when blank or invalid). */
export function fromLocalInput(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return parseTime(value)?.toISOString();
}

export const personName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

/** Statuses of a shipment that is (or was) an order, whose legs the order page shows. */
export function mayHaveLegs(status: string): boolean {
  return (
    status === "Quotation Accepted" ||
    status === "Shipment Completed" ||
    status === "Shipment Cancelled"
  );
}
