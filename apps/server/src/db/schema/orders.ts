import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { shipments } from "./shipments.js";
import { nullOrOneOf, oneOf, STORED_STATES } from "./states.js";
import { users } from "./users.js";

/**
 * After the award: one leg per Amazon destination of an accepted order (the booking's cartons
 * grouped by FC), created when the seller accepts.
 */
export const shipmentLegs = pgTable(
  "shipment_legs",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    fcCode: text("fc_code").notNull(),
    cartons: integer("cartons").notNull(),
    fbaShipmentId: text("fba_shipment_id"),
    amazonReferenceId: text("amazon_reference_id"),
    appointmentId: text("appointment_id"),
    appointmentAt: timestamp("appointment_at", { withTimezone: true }),
    eta: date("eta", { mode: "string" }),
    trackingNumber: text("tracking_number"),
    /**
     * The latest milestone reached (corrections applied) and when it happened, kept with each
     * recorded event so lists can count late and quiet legs without reading the history.
     */
    milestone: text("milestone").notNull().default("booked"),
    lastEventAt: timestamp("last_event_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * A delivery to another FC than the booked one is flagged until the seller accepts it or an
     * admin resolves it with a note: the decision ("accepted" or "resolved"), the delivered FC it
     * was taken for (a correction to yet another FC flags the leg again), who took it and when.
     */
    differentFcCode: text("different_fc_code"),
    differentFcStatus: text("different_fc_status"),
    differentFcNote: text("different_fc_note"),
    differentFcBy: integer("different_fc_by").references(() => users.id),
    differentFcAt: timestamp("different_fc_at", { withTimezone: true }),
    /**
     * The agent's invoice lines for this destination (the existing client's warehouse rows):
     * chargeable weight in kg, price per kg and the fees, in dollars; null until given.
     */
    chargeableWeight: numeric("chargeable_weight", { precision: 14, scale: 2 }),
    unitPrice: numeric("unit_price", { precision: 14, scale: 2 }),
    extraFee: numeric("extra_fee", { precision: 14, scale: 2 }),
    pickUpFee: numeric("pick_up_fee", { precision: 14, scale: 2 }),
    discount: numeric("discount", { precision: 14, scale: 2 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipment_legs_shipment_fc_idx").on(t.shipmentId, t.fcCode),
    check("shipment_legs_milestone_check", oneOf(t.milestone, STORED_STATES.milestone)),
    check(
      "shipment_legs_different_fc_status_check",
      nullOrOneOf(t.differentFcStatus, STORED_STATES.differentFcDecision),
    ),
  ],
);

/** Files of an order with a type; a document may belong to one leg (proof of delivery always does). */
export const orderDocuments = pgTable(
  "order_documents",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    legId: integer("leg_id").references(() => shipmentLegs.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    uploadedBy: integer("uploaded_by")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Taken off its leg (the file and the row stay, for the history): who and when. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    removedBy: integer("removed_by").references(() => users.id),
  },
  (t) => [
    index("order_documents_shipment_idx").on(t.shipmentId, t.type, t.createdAt),
    check("order_documents_type_check", oneOf(t.type, STORED_STATES.documentType)),
  ],
);

/**
 * A leg's milestone history. Never rewritten: a correction is a new row naming the one it
 * supersedes.
 */
export const legEvents = pgTable(
  "leg_events",
  {
    id: serial("id").primaryKey(),
    legId: integer("leg_id")
      .notNull()
      .references(() => shipmentLegs.id, { onDelete: "cascade" }),
    milestone: text("milestone").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    location: text("location"),
    note: text("note"),
    mode: text("mode"),
    vesselOrFlight: text("vessel_or_flight"),
    appointmentId: text("appointment_id"),
    deliveredFcCode: text("delivered_fc_code"),
    documentId: integer("document_id").references(() => orderDocuments.id),
    supersedesId: integer("supersedes_id").references((): AnyPgColumn => legEvents.id),
    recordedBy: integer("recorded_by")
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("leg_events_leg_idx").on(t.legId, t.id),
    // A milestone is corrected at most once: the next correction corrects the correction.
    uniqueIndex("leg_events_supersedes_idx").on(t.supersedesId),
    check("leg_events_milestone_check", oneOf(t.milestone, STORED_STATES.milestone)),
  ],
);

/**
 * A document upload under way: written before its file, removed with the row that keeps the
 * file. One left behind (the process died in between) names a file nobody keeps; a sweep
 * removes both once no request could still be writing it.
 */
export const uploadIntents = pgTable("upload_intents", {
  storageKey: text("storage_key").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
