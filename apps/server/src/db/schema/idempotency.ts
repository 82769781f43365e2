import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * The first response to a write sent with an Idempotency-Key, so a retry of the same write gets
 * that response back instead of applying the write again. A row without a status is in progress.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    contentType: text("content_type"),
    responseBody: text("response_body"),
    // Set inside the write's own transaction: a claim abandoned after this must not run again.
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    lockedAt: timestamp("locked_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("idempotency_keys_scope_idx").on(t.userId, t.key, t.method, t.path),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
  ],
);
