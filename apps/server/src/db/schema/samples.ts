import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { oneOf, STORED_STATES } from "./states.js";
import { users } from "./users.js";

export const sampleShipments = pgTable(
  "sample_shipments",
  {
    id: serial("id").primaryKey(),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => users.id),
    productName: text("product_name").notNull(),
    quantity: integer("quantity").notNull(),
    address: text("address").notNull(),
    status: text("status").notNull().default("Quotation Received"),
    completedById: integer("completed_by_id").references(() => users.id),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The one agent handling the sample: set once, by the first agent who acts on it. */
    claimedById: integer("claimed_by_id").references(() => users.id),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("sample_shipments_status_check", oneOf(t.status, STORED_STATES.sampleStatus)),
    index("sample_shipments_seller_idx").on(t.sellerId, t.createdAt),
    index("sample_shipments_created_idx").on(t.createdAt),
  ],
);
