// A charge change's reasons, statuses and decisions with their English labels: values screens
// show, without the schemas (../charge-changes.ts), so a screen naming them downloads no zod.

/** Why the final amount is above the bid, as the agent picks it. */
export const VARIANCE_REASONS = [
  "remeasured_cartons",
  "storage_demurrage",
  "customs_examination",
  "extra_delivery_attempt",
  "other",
] as const;
export type VarianceReason = (typeof VARIANCE_REASONS)[number];

/** What is stored when the agent named no reason (the spec's call has none). */
export const VARIANCE_REASON_NOT_GIVEN = "not_given";
export type StoredVarianceReason = VarianceReason | typeof VARIANCE_REASON_NOT_GIVEN;

export const VARIANCE_REASON_LABELS: Record<StoredVarianceReason, string> = {
  remeasured_cartons: "Re-measured cartons",
  storage_demurrage: "Storage/demurrage",
  customs_examination: "Customs examination",
  extra_delivery_attempt: "Extra delivery attempt",
  other: "Other",
  not_given: "Not given",
};

/** The seller may dispute until this many days after the order is completed. */
export const DISPUTE_WINDOW_DAYS = 15;

export const CHARGE_CHANGE_STATUSES = [
  "pending",
  "accepted",
  "disputed",
  "decided",
  "withdrawn",
] as const;
export type ChargeChangeStatus = (typeof CHARGE_CHANGE_STATUSES)[number];

export const CHARGE_CHANGE_STATUS_LABELS: Record<ChargeChangeStatus, string> = {
  pending: "Awaiting the seller's answer",
  accepted: "Accepted by the seller",
  disputed: "Disputed: an admin will decide",
  decided: "Decided by an admin",
  withdrawn: "Withdrawn: the final amount is within the bid again",
};

/** What an admin may decide on a dispute. */
export const DECISION_OUTCOMES = ["bid_total", "final_amount", "between"] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

export const DECISION_OUTCOME_LABELS: Record<DecisionOutcome, string> = {
  bid_total: "Keep the bid total",
  final_amount: "Accept the final amount",
  between: "An amount in between",
};
