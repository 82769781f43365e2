import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The transactional outbox of domain events (lib/outbox.ts): a row is written in the same
 * transaction as the change it reports, and the dispatcher hands it to its subscribers. A row
 * whose subscribers keep failing is parked (with the last error) for an admin to retry.
 */
export const domainEvents = pgTable(
  "domain_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    payload: jsonb("payload").notNull(),
    /** Set when a follow-up event must exist once whatever retries its cause takes. */
    dedupeKey: text("dedupe_key"),
    status: text("status", { enum: ["pending", "done", "parked"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** Subscribers that already handled it: a retry runs only the others. */
    doneSubscribers: text("done_subscribers")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A dispatcher holds it until then; after that (it died) another takes it over. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("domain_events_pending_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("domain_events_parked_idx")
      .on(t.id)
      .where(sql`${t.status} = 'parked'`),
    index("domain_events_done_idx")
      .on(t.doneAt)
      .where(sql`${t.status} = 'done'`),
    uniqueIndex("domain_events_dedupe_key").on(t.dedupeKey),
  ],
);
