import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { shipments } from "./shipments.js";
import { users } from "./users.js";

/** The seller's one rating of the agent of a completed order, and the agent's one answer. */
export const agentRatings = pgTable(
  "agent_ratings",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .unique()
      .references(() => shipments.id, { onDelete: "cascade" }),
    agentId: integer("agent_id")
      .notNull()
      .references(() => users.id),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => users.id),
    overall: smallint("overall").notNull(),
    communication: smallint("communication").notNull(),
    careOfCargo: smallint("care_of_cargo").notNull(),
    punctuality: smallint("punctuality").notNull(),
    asDescribed: smallint("as_described").notNull(),
    comment: text("comment"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("agent_ratings_agent_idx").on(t.agentId, t.createdAt),
    check(
      "agent_ratings_scores",
      sql`${t.overall} between 1 and 5 and ${t.communication} between 1 and 5 and ${t.careOfCargo} between 1 and 5 and ${t.punctuality} between 1 and 5 and ${t.asDescribed} between 1 and 5`,
    ),
  ],
);

/**
 * Each agent's scorecard, recomputed from orders, legs, documents, charge changes, bids and
 * ratings whenever one of them changes for that agent, so a comparison page reads ten agents'
 * scorecards by primary key. Rates are kept as numerator and denominator; null averages mean
 * nothing to average yet.
 */
export const agentScorecards = pgTable("agent_scorecards", {
  agentId: integer("agent_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bids: integer("bids").notNull().default(0),
  wins: integer("wins").notNull().default(0),
  completedOrders: integer("completed_orders").notNull().default(0),
  /** Orders the agent cancelled or abandoned after winning. */
  cancelledOrders: integer("cancelled_orders").notNull().default(0),
  /** Completed orders with destinations not delivered at completion. */
  completedUndelivered: integer("completed_undelivered").notNull().default(0),
  onTimeDelivered: integer("on_time_delivered").notNull().default(0),
  onTimeMeasured: integer("on_time_measured").notNull().default(0),
  bookedFcDelivered: integer("booked_fc_delivered").notNull().default(0),
  bookedFcMeasured: integer("booked_fc_measured").notNull().default(0),
  podDelivered: integer("pod_delivered").notNull().default(0),
  podMeasured: integer("pod_measured").notNull().default(0),
  /** Final amount against the accepted bid, in percent (positive: charged more). */
  varianceAvgPct: numeric("variance_avg_pct", { precision: 8, scale: 2 }),
  varianceWorstPct: numeric("variance_worst_pct", { precision: 8, scale: 2 }),
  ratingCount: integer("rating_count").notNull().default(0),
  ratingOverall: numeric("rating_overall", { precision: 3, scale: 2 }),
  ratingCommunication: numeric("rating_communication", { precision: 3, scale: 2 }),
  ratingCareOfCargo: numeric("rating_care_of_cargo", { precision: 3, scale: 2 }),
  ratingPunctuality: numeric("rating_punctuality", { precision: 3, scale: 2 }),
  ratingAsDescribed: numeric("rating_as_described", { precision: 3, scale: 2 }),
  /** Median time from a shipment's posting to this agent's bid on it. */
  medianResponseSeconds: integer("median_response_seconds"),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
});
