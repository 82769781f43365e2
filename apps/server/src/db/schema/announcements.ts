import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.js";

export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id),
    title: text("title"),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When an admin removed it (it then leaves every list and bell); null while it stands. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /** The admin who removed it. */
    removedBy: integer("removed_by").references(() => users.id),
  },
  (t) => [index("announcements_created_idx").on(t.createdAt, t.id)],
);
