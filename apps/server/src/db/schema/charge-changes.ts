import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { orderDocuments } from "./orders.js";
import { shipments } from "./shipments.js";
import { oneOf, STORED_STATES } from "./states.js";
import { users } from "./users.js";

/**
 * A final amount above the order's accepted bid: the agent's reason and evidence, the seller's
 * answer and, for a dispute, an admin's decision. One per order; a new final amount updates it.
 */
export const chargeChanges = pgTable(
  "charge_changes",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .unique()
      .references(() => shipments.id, { onDelete: "cascade" }),
    /** pending, accepted, disputed, decided or withdrawn (the final amount is back within the bid). */
    status: text("status").notNull(),
    bidTotal: numeric("bid_total", { precision: 14, scale: 2 }).notNull(),
    finalAmount: numeric("final_amount", { precision: 14, scale: 2 }).notNull(),
    /** A VARIANCE_REASONS value, or not_given when the agent named none. */
    reason: text("reason").notNull(),
    note: text("note"),
    evidenceDocumentId: integer("evidence_document_id").references(() => orderDocuments.id, {
      onDelete: "set null",
    }),
    disputeReason: text("dispute_reason"),
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
    /** bid_total, final_amount or between. */
    decisionOutcome: text("decision_outcome"),
    decisionNote: text("decision_note"),
    /** What the seller owes once accepted or decided. */
    agreedAmount: numeric("agreed_amount", { precision: 14, scale: 2 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The admins' list of open disputes, oldest first.
  (t) => [
    index("charge_changes_status_idx").on(t.status, t.disputedAt),
    check("charge_changes_status_check", oneOf(t.status, STORED_STATES.chargeChangeStatus)),
  ],
);

/** Every step of a charge change, never rewritten: who did what, when, and the amounts. */
export const chargeChangeEvents = pgTable(
  "charge_change_events",
  {
    id: serial("id").primaryKey(),
    chargeChangeId: integer("charge_change_id")
      .notNull()
      .references(() => chargeChanges.id, { onDelete: "cascade" }),
    /** proposed, withdrawn, accepted, disputed or decided. */
    action: text("action").notNull(),
    actorId: integer("actor_id")
      .notNull()
      .references(() => users.id),
    oldAmount: numeric("old_amount", { precision: 14, scale: 2 }),
    newAmount: numeric("new_amount", { precision: 14, scale: 2 }),
    reason: text("reason"),
    note: text("note"),
    evidenceDocumentId: integer("evidence_document_id").references(() => orderDocuments.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("charge_change_events_change_idx").on(t.chargeChangeId, t.id),
    check("charge_change_events_action_check", oneOf(t.action, STORED_STATES.chargeChangeAction)),
  ],
);
