import {
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * An agent's indicative price to one Amazon FC, in dollars per kg of chargeable weight, for each
 * way of getting there: slow (sea), fast (sea express) and air. Agents keep their own; sellers see
 * the range over agents as an estimate before any bid.
 */
export const averageCosts = pgTable(
  "average_costs",
  {
    id: serial("id").primaryKey(),
    agentId: integer("agent_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fcCode: text("fc_code").notNull(),
    slowCost: numeric("slow_cost", { precision: 14, scale: 2 }).notNull(),
    fastCost: numeric("fast_cost", { precision: 14, scale: 2 }).notNull(),
    airCost: numeric("air_cost", { precision: 14, scale: 2 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("average_costs_agent_fc_idx").on(t.agentId, t.fcCode),
    index("average_costs_fc_idx").on(t.fcCode),
  ],
);
