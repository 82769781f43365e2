import { z } from "zod";
import { GROUPS, SAMPLE_SHIPMENT_STATUSES, SHIPMENT_STATUSES, listQuerySchema } from "./common.js";
import { userSchema } from "./auth.js";
import { formBooleanSchema, parseFormBoolean, profileMessages } from "./profile.js";
import { scorecardSummarySchema } from "./agents.js";

export const adminMessages = {
  groupInvalid: "Group must be Seller, Shipper or Admin",
  isActiveRequired: "is_active is required",
  cannotDisableSelf: "You cannot disable your own account",
  userDisabled: "User disabled successfully",
  userEnabled: "User enabled successfully",
  recoveryPauseLifted: "Password recovery is open again for this account",
  recoveryNotPaused: "Password recovery was not paused for this account",
  eventRetried: "The event is queued for delivery again",
  eventNotParked: "No parked event has this id",
} as const;

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** GET admin/users/: the common list query plus a group filter; search covers name and email. */
export const adminUserListQuerySchema = listQuerySchema.extend({
  group: z.preprocess(
    emptyToUndefined,
    z.enum(GROUPS, { error: adminMessages.groupInvalid }).optional(),
  ),
  is_active: z.preprocess(emptyToUndefined, formBooleanSchema.optional()),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserSchema = userSchema.extend({
  created_at: z.string(),
  /** On the users list: an agent's scorecard; null for sellers and admins. */
  scorecard: scorecardSummarySchema.nullable().optional(),
  /** Bytes of the account's stored files (documents, attachments, avatar). */
  storage_used_bytes: z.number().int().min(0),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUpdateUserInputSchema = z.object({
  is_active: z.preprocess(
    (value) => parseFormBoolean(value === null || value === "" ? undefined : value),
    z.boolean({
      error: (issue) =>
        issue.input === undefined ? adminMessages.isActiveRequired : profileMessages.booleanInvalid,
    }),
  ),
});

const countsBy = <T extends readonly [string, ...string[]]>(keys: T) =>
  z.object(
    Object.fromEntries(keys.map((key) => [key, z.number().int()])) as {
      [K in T[number]]: z.ZodNumber;
    },
  );

export const adminDashboardSchema = z.object({
  shipments: z.object({
    total: z.number().int(),
    by_status: countsBy(SHIPMENT_STATUSES),
    /** Shipments whose bid window is still open. */
    open_for_bids: z.number().int(),
    /** Shipments whose window closed without a bid, left for the seller to reopen or cancel. */
    closed_without_bids: z.number().int(),
  }),
  sample_shipments: z.object({
    total: z.number().int(),
    by_status: countsBy(SAMPLE_SHIPMENT_STATUSES),
  }),
  users: z.object({
    total: z.number().int(),
    disabled: z.number().int(),
    by_group: countsBy(GROUPS),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** GET admin/recovery-failures/: wrong password-recovery codes per hour, every account. */
export const recoveryFailuresSchema = z.object({
  /** The last 24 clock hours, oldest first; the current (unfinished) hour last. */
  hours: z.array(
    z.object({
      /** The hour's start (ISO 8601). */
      hour: z.string(),
      failures: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type RecoveryFailures = z.infer<typeof recoveryFailuresSchema>;

/** DELETE admin/users/{id}/recovery-pause/: whether a pause was in force (it is gone either way). */
export const recoveryPauseLiftSchema = z.object({ lifted: z.boolean() });
export type RecoveryPauseLift = z.infer<typeof recoveryPauseLiftSchema>;

/**
 * GET admin/events/parked/: domain events whose consequences (notifications, emails, scorecards)
 * kept failing and were set aside, newest first, with the last error; `waiting` and
 * `oldest_waiting_seconds` describe the queue still being delivered.
 */
export const parkedEventsSchema = z.object({
  events: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      payload: z.unknown(),
      attempts: z.number().int(),
      last_error: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  waiting: z.number().int(),
  oldest_waiting_seconds: z.number(),
  parked: z.number().int(),
});
export type ParkedEvents = z.infer<typeof parkedEventsSchema>;

/** POST admin/events/{id}/retry/: the event is back in line for delivery. */
export const eventRetrySchema = z.object({ id: z.number().int(), retried: z.literal(true) });
export type EventRetry = z.infer<typeof eventRetrySchema>;
