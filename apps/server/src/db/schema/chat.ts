import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sampleShipments } from "./samples.js";
import { shipments } from "./shipments.js";
import { users } from "./users.js";

/**
 * Uploaded chat files. An attachment belongs to its uploader until it is sent; from then on it
 * belongs to the chat of the message that carries it (one message at most).
 */
export const chatAttachments = pgTable(
  "chat_attachments",
  {
    id: serial("id").primaryKey(),
    uploaderId: integer("uploader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    fileType: text("file_type").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_attachments_uploader_idx").on(t.uploaderId),
    // The sweep of unsent attachments walks them by age.
    index("chat_attachments_created_idx").on(t.createdAt, t.id),
  ],
);

/** One message in either a shipment chat or a sample-shipment chat (exactly one is set). */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id").references(() => shipments.id, { onDelete: "cascade" }),
    sampleShipmentId: integer("sample_shipment_id").references(() => sampleShipments.id, {
      onDelete: "cascade",
    }),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id),
    senderType: text("sender_type", { enum: ["Seller", "Shipper", "Admin"] }).notNull(),
    content: text("content").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => chatMessages.id, {
      onDelete: "set null",
    }),
    attachmentId: integer("attachment_id").references(() => chatAttachments.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
  },
  (t) => [
    // A chat's messages in order, with each one's sender: a reader's unread messages (above their
    // read cursor, from someone else) are counted in the index alone (migration 0036).
    index("chat_messages_shipment_sender_idx").on(t.shipmentId, t.id, t.senderId),
    index("chat_messages_sample_sender_idx").on(t.sampleShipmentId, t.id, t.senderId),
    uniqueIndex("chat_messages_attachment_idx").on(t.attachmentId),
    index("chat_messages_parent_idx").on(t.parentId),
    check(
      "chat_messages_one_chat",
      sql`(${t.shipmentId} is null) <> (${t.sampleShipmentId} is null)`,
    ),
  ],
);

/**
 * The client_id a sender gave a message, so the same message sent again (after a dropped
 * connection or a reload) is answered with the stored one instead of being stored twice.
 */
export const chatMessageClientIds = pgTable(
  "chat_message_client_ids",
  {
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    messageId: integer("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.senderId, t.clientId] }),
    index("chat_message_client_ids_message_idx").on(t.messageId),
  ],
);

/** One reaction per user per message; reacting again replaces it. */
export const chatReactions = pgTable(
  "chat_reactions",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reaction: text("reaction").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

/**
 * Read receipts as one cursor per user per chat: every message with an id at or below the cursor
 * counts as read by that user. It makes `read_by`, "has another party read it" and unread counts
 * cheap range checks instead of one row per message per reader.
 */
export const chatReadCursors = pgTable(
  "chat_read_cursors",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chatKind: text("chat_kind", { enum: ["shipment", "sample"] }).notNull(),
    chatId: integer("chat_id").notNull(),
    lastReadMessageId: integer("last_read_message_id").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chatKind, t.chatId] }),
    index("chat_read_cursors_chat_idx").on(t.chatKind, t.chatId),
  ],
);
