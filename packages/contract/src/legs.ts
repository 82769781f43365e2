import { z } from "zod";
import { isoDateSchema, idSchema } from "./common.js";
import { text } from "./text.js";
import { MILESTONES, TRANSPORT_MODES, differentFcMessages } from "./values/legs.js";

export * from "./values/legs.js";

/**
 * After the award: one leg per Amazon destination of an accepted order, each with its own
 * milestone history. Everything here adds to the spec's order; nothing of it blocks the spec's
 * tracking number, final amount or status calls.
 */

export const legMessages = {
  fbaShipmentIdFormat: "FBA shipment ID is FBA followed by 8 to 12 letters or digits",
  milestoneInvalid: "Choose a milestone",
  occurredAtRequired: "When it happened is required",
  occurredAtInvalid: "Enter a valid date and time",
  occurredInFuture: "A milestone cannot be in the future",
  occurredBeforePrevious: "A milestone cannot be before the one recorded before it",
  occurredAfterNext: "A correction cannot be after the milestone recorded after it",
  milestoneOutOfOrder: "This milestone comes before the leg's last milestone",
  milestoneRepeated: "This milestone is already recorded: correct it instead",
  bookedIsAutomatic: "Booked is recorded when the seller accepts the bid",
  correctionMismatch: "A correction must be for the same milestone",
  correctionUnknown: "The milestone to correct is not on this leg",
  correctionSuperseded: "That milestone was already corrected: correct the latest version",
  modeRequired: "Choose how it left: air, sea, rail or truck",
  deliveredFcRequired: "Enter the FC code it was delivered to",
  podRequired: "Delivered to FC needs a proof of delivery document on this leg",
  documentUnknown: "That document is not on this order",
  fcCodeFormat: "An FC code is 3 to 10 letters and digits",
  locationMax: "Location cannot exceed 200 characters",
  noteMax: "Note cannot exceed 1000 characters",
  referenceMax: "Reference cannot exceed 100 characters",
  trackingMax: "Tracking number cannot exceed 40 characters",
  nothingToChange: "Send at least one field to change",
  legNotFound: "Leg not found",
  notAnOrder: "Legs exist once the seller has accepted a bid",
  cannotRecord: "Only the winning agent or an admin can record milestones",
  cannotEditLeg: "You cannot change this leg",
  orderClosed: "This order is cancelled: its legs are read-only",
} as const;

/**
 * The FC a carton group goes to: the warehouse code that opens its delivery location as the
 * booking form fills it in ("ONT8 - Moreno Valley, CA"), or the whole text when it names none.
 * An order has one leg per FC so found.
 */
export function fcCodeOf(deliveryLocation: string): string {
  const text = deliveryLocation.trim().toUpperCase();
  const first = text.split(" ")[0] ?? "";
  return /^[A-Z0-9]{3,10}$/.test(first) && /\d/.test(first) ? first : text;
}

const FBA_ID_RE = /^FBA[A-Z0-9]{8,12}$/;
const FC_CODE_RE = /^[A-Z0-9]{3,10}$/;

/** Optional free text: blank is absent (null clears a stored value on PATCH). */
const optionalText = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    text().trim().max(max, message).nullable().optional(),
  );

const upper = (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : value);

export const fbaShipmentIdSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : upper(value)),
  text().regex(FBA_ID_RE, legMessages.fbaShipmentIdFormat).nullable().optional(),
);

export const fcCodeSchema = z.preprocess(
  upper,
  text({ error: legMessages.deliveredFcRequired }).regex(FC_CODE_RE, legMessages.fcCodeFormat),
);

/** An instant on the wire: ISO 8601 with a zone, e.g. 2026-11-24T14:05:00Z. */
const instantSchema = text({ error: legMessages.occurredAtRequired })
  .max(40, legMessages.occurredAtInvalid)
  .refine(
    (value) => /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
    legMessages.occurredAtInvalid,
  );

export const legParamsSchema = z.object({ id: idSchema, leg_id: idSchema });

/** PATCH a leg: the seller's Amazon references, the agent's ETA and appointment; all optional. */
export const updateLegInputSchema = z
  .object({
    fba_shipment_id: fbaShipmentIdSchema,
    amazon_reference_id: optionalText(100, legMessages.referenceMax),
    appointment_id: optionalText(100, legMessages.referenceMax),
    appointment_at: z.preprocess(
      (value) => (value === "" ? null : value),
      instantSchema.nullable().optional(),
    ),
    eta: z.preprocess(
      (value) => (value === "" ? null : value),
      isoDateSchema.nullable().optional(),
    ),
    tracking_number: optionalText(40, legMessages.trackingMax),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: legMessages.nothingToChange,
  });
export type UpdateLegInput = z.infer<typeof updateLegInputSchema>;

/** Record a milestone (or correct one: `supersedes` names the event it replaces). */
export const recordMilestoneInputSchema = z
  .object({
    milestone: z.enum(MILESTONES, { error: legMessages.milestoneInvalid }),
    occurred_at: instantSchema,
    location: optionalText(200, legMessages.locationMax),
    note: optionalText(1000, legMessages.noteMax),
    mode: z.enum(TRANSPORT_MODES, { error: legMessages.modeRequired }).optional(),
    vessel_or_flight: optionalText(100, legMessages.referenceMax),
    appointment_id: optionalText(100, legMessages.referenceMax),
    delivered_fc_code: fcCodeSchema.optional(),
    document_id: idSchema.optional(),
    supersedes: idSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.milestone === "departed_origin" && !value.mode) {
      ctx.addIssue({ code: "custom", path: ["mode"], message: legMessages.modeRequired });
    }
    if (value.milestone === "delivered" && !value.delivered_fc_code) {
      ctx.addIssue({
        code: "custom",
        path: ["delivered_fc_code"],
        message: legMessages.deliveredFcRequired,
      });
    }
  });
export type RecordMilestoneInput = z.infer<typeof recordMilestoneInputSchema>;

const personSchema = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });

// ---------------------------------------------------------------------------------------------
// Delivered to a different FC.

export const DIFFERENT_FC_STATUSES = ["flagged", "accepted", "resolved"] as const;
export type DifferentFcStatus = (typeof DIFFERENT_FC_STATUSES)[number];

/**
 * A leg delivered to another FC than the one booked: flagged until the seller accepts the change
 * or an admin resolves it with a note. `by` and `at` tell who did the latest of these and when.
 */
export const differentFcSchema = z.object({
  status: z.enum(DIFFERENT_FC_STATUSES),
  note: z.string().nullable(),
  by: personSchema.nullable(),
  at: z.string(),
});
export type DifferentFc = z.infer<typeof differentFcSchema>;

export const resolveDifferentFcInputSchema = z.object({
  note: text({ error: differentFcMessages.noteRequired })
    .trim()
    .min(1, differentFcMessages.noteRequired)
    .max(1000, differentFcMessages.noteMax),
});
export type ResolveDifferentFcInput = z.infer<typeof resolveDifferentFcInputSchema>;

/** Notification texts of deliveries to a different FC; the server writes them. */
export const differentFcTexts = {
  flagged: (shipmentId: number, product: string, bookedFc: string, deliveredFc: string) =>
    `Shipment #${shipmentId} (${product}) was delivered to ${deliveredFc} instead of the booked ${bookedFc}`,
  resolved: (shipmentId: number, product: string, deliveredFc: string, note: string) =>
    `An admin resolved the delivery of shipment #${shipmentId} (${product}) to ${deliveredFc}: ${note}`,
} as const;

/**
 * How an order's legs ended, on every order's row and detail (null before the award): how many
 * legs were delivered (each with its proof of delivery), how many of them at the booked FC, and
 * how many deliveries to a different FC still wait for the seller or an admin.
 */
export const deliveryProofSchema = z.object({
  legs: z.number().int(),
  delivered: z.number().int(),
  at_booked_fc: z.number().int(),
  different_fc_open: z.number().int(),
});
export type DeliveryProof = z.infer<typeof deliveryProofSchema>;

export const milestoneEventSchema = z.object({
  id: z.number(),
  milestone: z.enum(MILESTONES),
  label: z.string(),
  occurred_at: z.string(),
  location: z.string().nullable(),
  note: z.string().nullable(),
  mode: z.enum(TRANSPORT_MODES).nullable(),
  vessel_or_flight: z.string().nullable(),
  appointment_id: z.string().nullable(),
  delivered_fc_code: z.string().nullable(),
  document_id: z.number().nullable(),
  /** The event this one corrects; the corrected one stays in the history. */
  supersedes: z.number().nullable(),
  /** Set when a later correction replaced this event. */
  superseded_by: z.number().nullable(),
  recorded_by: personSchema,
  recorded_at: z.string(),
});
export type MilestoneEvent = z.infer<typeof milestoneEventSchema>;

export const legSchema = z.object({
  id: z.number(),
  shipment: z.number(),
  position: z.number(),
  fc_code: z.string(),
  fc_name: z.string().nullable(),
  cartons: z.number(),
  fba_shipment_id: z.string().nullable(),
  amazon_reference_id: z.string().nullable(),
  appointment_id: z.string().nullable(),
  appointment_at: z.string().nullable(),
  eta: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** The latest milestone reached (corrections applied). */
  milestone: z.enum(MILESTONES),
  milestone_label: z.string(),
  last_event_at: z.string(),
  delivered_fc_code: z.string().nullable(),
  /** The ETA has passed and the leg is not delivered. */
  late: z.boolean(),
  /** Days since the last event, when picked up, not delivered and quiet for STALE_LEG_DAYS. */
  stale_days: z.number().nullable(),
  /** History, oldest first, corrections included. */
  events: z.array(milestoneEventSchema),
  /** Set when it was delivered to another FC than the booked one. */
  different_fc: differentFcSchema.nullable(),
});
export type Leg = z.infer<typeof legSchema>;

/**
 * What a list row tells of an order's legs: how many are late and how many had no update for
 * STALE_LEG_DAYS. Null when the order has no legs or is no longer in progress.
 */
export const legsAttentionSchema = z.object({
  late: z.number().int(),
  stale: z.number().int(),
});
export type LegsAttention = z.infer<typeof legsAttentionSchema>;

/** Milestone notifications and emails; the server writes them, the web only shows them. */
export const milestoneNotificationTexts = {
  recorded: (
    shipmentId: number,
    product: string,
    fcCode: string,
    label: string,
    correction: boolean,
  ) =>
    `Shipment #${shipmentId} (${product}) to ${fcCode}: ${label}${correction ? " (corrected)" : ""}`,
  subject: (shipmentId: number, fcCode: string, label: string, correction: boolean) =>
    `Shipment #${shipmentId} to ${fcCode}: ${correction ? `${label} corrected` : label}`,
} as const;
