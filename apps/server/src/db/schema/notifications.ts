import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users.js";

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationType: text("notification_type", {
      enum: ["Shipment", "Sample Shipment", "Announcement"],
    }).notNull(),
    // Plain ids without foreign keys: a notification outlives what it points at.
    shipmentId: integer("shipment_id"),
    sampleShipmentId: integer("sample_shipment_id"),
    announcementId: integer("announcement_id"),
    /** The chat message a notification quotes: its text goes when the message is deleted. */
    chatMessageId: integer("chat_message_id"),
    /**
     * Who caused it (the chat message's sender, the announcement's author, the seller who
     * accepted...); null when nobody did (a bid window closing) or the person is gone.
     */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** What happened, where the type alone does not say (a lost bid, a window without bids). */
    kind: text("kind", { enum: ["bid_lost", "no_bids"] }),
    content: text("content").notNull(),
    /** The domain event it came from: one notification per event and recipient, however often delivered. */
    eventId: bigint("event_id", { mode: "number" }),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.id),
    index("notifications_user_unread_idx")
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
    uniqueIndex("notifications_event_user_idx").on(t.eventId, t.userId),
    index("notifications_chat_message_idx")
      .on(t.chatMessageId)
      .where(sql`${t.chatMessageId} is not null`),
  ],
);
