import { MILESTONE_LABELS, type Leg, type Milestone, type MilestoneEvent } from "@fba/contract";
import { differentFcOf } from "./different-fc.js";
import { effectiveEvents, legHealth, withSupersededBy } from "./legs.policy.js";
import type { LegEventRow, LegWithName } from "./legs.repository.js";

function presentEvent(event: LegEventRow & { supersededBy: number | null }): MilestoneEvent {
  const milestone = event.milestone as Milestone;
  return {
    id: event.id,
    milestone,
    label: MILESTONE_LABELS[milestone],
    occurred_at: event.occurredAt.toISOString(),
    location: event.location,
    note: event.note,
    mode: event.mode as MilestoneEvent["mode"],
    vessel_or_flight: event.vesselOrFlight,
    appointment_id: event.appointmentId,
    delivered_fc_code: event.deliveredFcCode,
    document_id: event.documentId,
    supersedes: event.supersedesId,
    superseded_by: event.supersededBy,
    recorded_by: {
      id: event.recordedBy.id,
      first_name: event.recordedBy.firstName,
      last_name: event.recordedBy.lastName,
    },
    recorded_at: event.recordedAt.toISOString(),
  };
}

export function presentLegs(
  legs: LegWithName[],
  events: LegEventRow[],
  now: Date,
  inProgress: boolean,
): Leg[] {
  return legs.map((leg) => {
    const history = withSupersededBy(events.filter((event) => event.legId === leg.id));
    const current = effectiveEvents(history);
    const health = legHealth(current, leg.eta, now, inProgress);
    const delivered = current.find((event) => event.milestone === "delivered");
    return {
      id: leg.id,
      shipment: leg.shipmentId,
      position: leg.position,
      fc_code: leg.fcCode,
      fc_name: leg.fcName,
      cartons: leg.cartons,
      fba_shipment_id: leg.fbaShipmentId,
      amazon_reference_id: leg.amazonReferenceId,
      appointment_id: leg.appointmentId,
      appointment_at: leg.appointmentAt?.toISOString() ?? null,
      eta: leg.eta,
      tracking_number: leg.trackingNumber,
      milestone: health.milestone,
      milestone_label: MILESTONE_LABELS[health.milestone],
      last_event_at: health.lastEventAt.toISOString(),
      delivered_fc_code: delivered?.deliveredFcCode ?? null,
      late: health.late,
      stale_days: health.staleDays,
      events: history.map(presentEvent),
      different_fc: differentFcOf(leg, delivered),
    };
  });
}
