import { z } from "zod";
import { idSchema } from "./common.js";
import { addShipmentInfoInputSchema } from "./shipments.js";
import { text } from "./text.js";
import { formatUsd } from "./values/format.js";
import {
  CHARGE_CHANGE_STATUSES,
  DECISION_OUTCOMES,
  DISPUTE_WINDOW_DAYS,
  VARIANCE_REASON_LABELS,
  VARIANCE_REASON_NOT_GIVEN,
  VARIANCE_REASONS,
  type StoredVarianceReason,
} from "./values/charge-changes.js";
export * from "./values/format.js";
export * from "./values/orders.js";
export * from "./values/charge-changes.js";

/**
 * A final amount above the accepted bid (a "charge change"): the agent's reason and evidence, the
 * seller's acceptance or dispute, and an admin's decision on a dispute. Everything here adds to
 * the spec's Add info call; that call without a reason still works (the reason is "not given").
 */

/** The steps of a charge change's audit trail. */
export const CHARGE_CHANGE_ACTIONS = [
  "proposed",
  "withdrawn",
  "accepted",
  "disputed",
  "decided",
] as const;
export type ChargeChangeAction = (typeof CHARGE_CHANGE_ACTIONS)[number];

export const CHARGE_CHANGE_ACTION_LABELS: Record<ChargeChangeAction, string> = {
  proposed: "Final amount set above the bid",
  withdrawn: "Final amount set within the bid",
  accepted: "Seller accepted the final amount",
  disputed: "Seller disputed the final amount",
  decided: "Admin decided the dispute",
};

export const chargeChangeMessages = {
  reasonInvalid: "Choose a reason from the list",
  noteRequired: "Describe the reason",
  noteMax: "Note cannot exceed 500 characters",
  evidenceUnknown: "That document is not on this order",
  disputeReasonRequired: "Tell us why you dispute the final amount",
  disputeReasonMax: "Reason cannot exceed 1000 characters",
  outcomeInvalid: "Choose an outcome",
  amountRequired: "Enter the amount",
  amountInvalid: "Enter an amount in dollars and cents, e.g. 1250.50",
  amountOutOfRange: (low: string, high: string) =>
    `The amount must be from ${formatUsd(low)} to ${formatUsd(high)}`,
  amountOfOutcome: (amount: string) => `This outcome's amount is ${formatUsd(amount)}`,
  decisionNoteRequired: "Add a note explaining the decision",
  decisionNoteMax: "Note cannot exceed 1000 characters",
  none: "This order's final amount is within its accepted bid",
  notPending: "This final amount is not awaiting your answer",
  notDisputed: "Only a disputed final amount can be decided",
  onlySeller: "Only the order's seller can accept or dispute its final amount",
  disputeWindowClosed: (closedOn: string) =>
    `Disputes close ${DISPUTE_WINDOW_DAYS} days after completion: this order's closed on ${closedOn}`,
  orderCancelled: "This order is cancelled: its final amount can no longer be disputed",
  accepted: "Final amount accepted",
  disputed: "Dispute sent: an admin will decide",
  decided: "Decision recorded",
} as const;

/** The texts of notifications and emails about a charge change. */
export const chargeChangeTexts = {
  proposed: (shipmentId: number, product: string, summary: string) =>
    `Shipment #${shipmentId} (${product}): the final amount is ${summary}. Accept or dispute it on the order page.`,
  proposedSubject: (shipmentId: number) => `Final amount above the bid (shipment #${shipmentId})`,
  accepted: (shipmentId: number, product: string, amount: string) =>
    `The seller accepted the final amount of ${formatUsd(amount)} for shipment #${shipmentId} (${product})`,
  disputed: (shipmentId: number, product: string, reason: string) =>
    `The seller disputed the final amount of shipment #${shipmentId} (${product}): ${reason}`,
  disputedSubject: (shipmentId: number) => `Final amount disputed (shipment #${shipmentId})`,
  decided: (shipmentId: number, product: string, amount: string) =>
    `An admin decided the dispute on shipment #${shipmentId} (${product}): the final amount is ${formatUsd(amount)}`,
  decidedSubject: (shipmentId: number) => `Dispute decided (shipment #${shipmentId})`,
} as const;

// ---------------------------------------------------------------------------------------------
// Exact money: amounts travel as decimal strings ("1250.50") and are compared in whole cents.

/** "$180.00 above the accepted bid: re-measured cartons, evidence attached". */
export function chargeChangeSummary(change: {
  difference: string;
  reason: StoredVarianceReason;
  note: string | null;
  evidence: unknown;
}): string {
  const reason =
    change.reason === VARIANCE_REASON_NOT_GIVEN
      ? "no reason given"
      : change.reason === "other" && change.note
        ? change.note
        : VARIANCE_REASON_LABELS[change.reason].toLowerCase();
  const evidence = change.evidence ? ", evidence attached" : "";
  return `${formatUsd(change.difference)} above the accepted bid: ${reason}${evidence}`;
}

// ---------------------------------------------------------------------------------------------
// Requests.

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A field of a value that is being parsed (it may not be an object at all). */
const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;

const requiredText = (max: number, required: string, maxMessage: string) =>
  text({ error: required }).trim().min(1, { error: required, abort: true }).max(max, maxMessage);

/**
 * The Add info call with what the agent may add when the final amount is above the bid: a reason
 * from the list (a note is required for "other") and an order document as evidence. All optional:
 * the spec's `{tracking_number, final_amount}` still works. Ignored when the amount is within the bid.
 */
export const addShipmentInfoWithVarianceSchema = addShipmentInfoInputSchema
  .extend({
    variance_reason: z.preprocess(
      blankToUndefined,
      z.enum(VARIANCE_REASONS, { error: chargeChangeMessages.reasonInvalid }).optional(),
    ),
    variance_note: z.preprocess(
      blankToUndefined,
      text().trim().max(500, chargeChangeMessages.noteMax).optional(),
    ),
    evidence_document_id: z.preprocess(blankToUndefined, idSchema.optional()),
  })
  // Checked beside the fields' own checks (a form gets every error at once).
  .refine((value) => value.variance_reason !== "other" || value.variance_note !== undefined, {
    path: ["variance_note"],
    message: chargeChangeMessages.noteRequired,
    when: (payload) => fieldOf(payload.value, "variance_reason") === "other",
  });
export type AddShipmentInfoWithVarianceInput = z.input<typeof addShipmentInfoWithVarianceSchema>;
export type AddShipmentInfoWithVarianceData = z.output<typeof addShipmentInfoWithVarianceSchema>;

export const disputeChargeChangeInputSchema = z.object({
  reason: requiredText(
    1000,
    chargeChangeMessages.disputeReasonRequired,
    chargeChangeMessages.disputeReasonMax,
  ),
});
export type DisputeChargeChangeInput = z.input<typeof disputeChargeChangeInputSchema>;

/** Dollars and cents as typed: "690", "690.5", "690.50" (a number is accepted too). */
const amountText = z.preprocess(
  (value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value),
  text({ error: chargeChangeMessages.amountInvalid })
    .trim()
    .max(14, chargeChangeMessages.amountInvalid)
    .regex(/^\d{1,10}(\.\d{1,2})?$/, chargeChangeMessages.amountInvalid),
);

/**
 * An admin's decision on a dispute: keep the bid total, accept the final amount, or an amount in
 * between (required then; the server checks it lies within [bid total, final amount]).
 */
export const decideChargeChangeInputSchema = z
  .object({
    outcome: z.enum(DECISION_OUTCOMES, { error: chargeChangeMessages.outcomeInvalid }),
    amount: z.preprocess(blankToUndefined, amountText.optional()),
    note: requiredText(
      1000,
      chargeChangeMessages.decisionNoteRequired,
      chargeChangeMessages.decisionNoteMax,
    ),
  })
  .refine((value) => value.outcome !== "between" || value.amount !== undefined, {
    path: ["amount"],
    message: chargeChangeMessages.amountRequired,
    when: (payload) =>
      fieldOf(payload.value, "outcome") === "between" &&
      blankToUndefined(fieldOf(payload.value, "amount")) === undefined,
  });
export type DecideChargeChangeInput = z.input<typeof decideChargeChangeInputSchema>;
export type DecideChargeChangeData = z.output<typeof decideChargeChangeInputSchema>;

// ---------------------------------------------------------------------------------------------
// Responses.

const chargePersonSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
});

/** The order document the agent attached as evidence. */
export const chargeEvidenceSchema = z.object({
  id: z.number(),
  type: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  /** A signed link that works for an hour; null where documents cannot be downloaded yet. */
  download_url: z.string().nullable(),
});
export type ChargeEvidence = z.infer<typeof chargeEvidenceSchema>;

export const chargeChangeEventSchema = z.object({
  id: z.number(),
  action: z.enum(CHARGE_CHANGE_ACTIONS),
  label: z.string(),
  by: chargePersonSchema.extend({ group: z.string() }),
  at: z.string(),
  /** The amount before this step and after it ("1250.00"); null where the step changes none. */
  old_amount: z.string().nullable(),
  new_amount: z.string().nullable(),
  /** The agent's reason (proposed), the seller's (disputed) or the decision's outcome (decided). */
  reason: z.string().nullable(),
  note: z.string().nullable(),
  evidence_document_id: z.number().nullable(),
});
export type ChargeChangeEvent = z.infer<typeof chargeChangeEventSchema>;

export const chargeChangeSchema = z.object({
  id: z.number(),
  shipment: z.number(),
  status: z.enum(CHARGE_CHANGE_STATUSES),
  status_label: z.string(),
  /** The accepted bid's total (pickup plus the service bought). */
  bid_total: z.string(),
  /** The final amount the agent set. */
  final_amount: z.string(),
  /** final_amount - bid_total. */
  difference: z.string(),
  reason: z.enum([...VARIANCE_REASONS, VARIANCE_REASON_NOT_GIVEN]),
  reason_label: z.string(),
  note: z.string().nullable(),
  evidence: chargeEvidenceSchema.nullable(),
  /** "$180.00 above the accepted bid: re-measured cartons, evidence attached". */
  summary: z.string(),
  dispute_reason: z.string().nullable(),
  disputed_at: z.string().nullable(),
  decision: z
    .object({
      outcome: z.enum(DECISION_OUTCOMES),
      outcome_label: z.string(),
      amount: z.string(),
      note: z.string(),
    })
    .nullable(),
  /** What the seller owes once accepted or decided; null before. */
  agreed_amount: z.string().nullable(),
  /** The last moment a dispute is accepted; null while the order is not completed. */
  dispute_until: z.string().nullable(),
  /** What the caller may do now. */
  can_accept: z.boolean(),
  can_dispute: z.boolean(),
  can_decide: z.boolean(),
  /** Every step, oldest first. */
  events: z.array(chargeChangeEventSchema),
});
export type ChargeChange = z.infer<typeof chargeChangeSchema>;

/** One open dispute in the admins' list, with what deciding it needs. */
export const disputeRowSchema = z.object({
  shipment: z.object({
    id: z.number(),
    product_name: z.string(),
    status: z.string(),
    completed_at: z.string().nullable(),
  }),
  seller: chargePersonSchema.extend({ email: z.string() }),
  agent: chargePersonSchema.extend({ email: z.string() }),
  charge_change: chargeChangeSchema,
});
export type DisputeRow = z.infer<typeof disputeRowSchema>;

/**
 * The admins' disputes list's filters (additive): `status` open (the default: the open disputes,
 * oldest first), decided, or all (every dispute, the newest first); `from` and `to` bound the
 * dispute's day (YYYY-MM-DD, inclusive, UTC).
 */
export const DISPUTE_LIST_STATUSES = ["open", "decided", "all"] as const;
export type DisputeListStatus = (typeof DISPUTE_LIST_STATUSES)[number];
const isoDay = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
);
export const disputeListQuerySchema = z.object({
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(DISPUTE_LIST_STATUSES).optional().catch(undefined),
  ),
  from: isoDay,
  to: isoDay,
});
export type DisputeListQuery = z.infer<typeof disputeListQuerySchema>;
