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
  uuid,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    group: text("group", { enum: ["Seller", "Shipper", "Admin"] }).notNull(),
    phone: text("phone"),
    companyName: text("company_name"),
    imageKey: text("image_key"),
    /** The stored avatar's bytes (null: none, or stored before sizes were kept). */
    imageSizeBytes: integer("image_size_bytes"),
    /**
     * Bytes of every file this account uploaded that is still stored: changed in the transaction
     * that adds or removes a file's row, checked against STORAGE_QUOTA_MB.
     */
    storageUsedBytes: bigint("storage_used_bytes", { mode: "number" }).notNull().default(0),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    /** Milestone emails of orders; off stops only those (every other email still goes). */
    milestoneEmails: boolean("milestone_emails").notNull().default(true),
    /**
     * The language the account reads the web app, emails and PDFs in ("en", "zh-CN"); null until
     * the person chooses (English texts, and in the web app the browser's language).
     */
    locale: text("locale", { enum: ["en", "zh-CN"] }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_group_idx").on(t.group),
  ],
);

/** Server-side record of every refresh token; only a SHA-256 of the token is stored. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    remember: boolean("remember").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_idx").on(t.tokenHash),
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_user_idx").on(t.userId),
    index("refresh_tokens_expires_idx").on(t.expiresAt),
  ],
);

/**
 * One-time codes (password recovery), keyed by email so that an address without an account gets
 * a row too (with a code nobody can know): every step then behaves the same for both, which is
 * what keeps the recovery flow from revealing who has an account. Only an HMAC of the code is kept.
 */
export const otpCodes = pgTable(
  "otp_codes",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("otp_codes_email_idx").on(t.email, t.purpose, t.createdAt),
    index("otp_codes_created_idx").on(t.createdAt),
  ],
);

/**
 * Wrong password-recovery codes per hour across every account and address, for the admins' view
 * of a spray. One row per hour, kept a week.
 */
export const recoveryFailures = pgTable("recovery_failures", {
  hour: timestamp("hour", { withTimezone: true }).primaryKey(),
  failures: integer("failures").notNull().default(0),
});

/** Transactional outbox: rows written in the same transaction as the change, sent by a loop. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("email_outbox_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
