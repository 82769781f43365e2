import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { shipments } from "./shipments.js";
import { users } from "./users.js";

/**
 * The customer invoice of an order: whom it bills, as the agent (or an admin) issued it. The
 * amounts are not copied here; they are the order's legs' invoice lines.
 */
export const orderInvoices = pgTable("order_invoices", {
  id: serial("id").primaryKey(),
  shipmentId: integer("shipment_id")
    .notNull()
    .unique()
    .references(() => shipments.id, { onDelete: "cascade" }),
  issuedBy: integer("issued_by")
    .notNull()
    .references(() => users.id),
  firstName: text("first_name").notNull(),
  email: text("email").notNull(),
  companyName: text("company_name"),
  phone: text("phone"),
  streetAddress: text("street_address"),
  city: text("city"),
  state: text("state"),
  country: text("country"),
  zipCode: text("zip_code"),
  fullAddress: text("full_address").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
