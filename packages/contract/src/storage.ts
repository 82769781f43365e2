import { z } from "zod";
import { userSchema } from "./auth.js";

/**
 * What one account's uploaded files take together (order documents, proofs of delivery, chat and
 * sample attachments, its avatar), against the per-account storage quota, and the upload rate
 * budget every upload route shares.
 */

const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/**
 * Bytes as people read them, in binary units (1 GB = 1024 MB): one decimal under 10 of a unit,
 * whole numbers above ("1.2 GB", "80 MB", "2 GB").
 */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Rounding up to 1024 of a unit reads as the next unit.
  if (unit < UNITS.length - 1 && Math.round(value) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit > 0 && value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}

export const storageMessages = {
  /** Nothing more fits (or the quota is full before the file is read). */
  quotaReached: (usedBytes: number, quotaBytes: number) =>
    `Storage quota reached: ${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)} used, ${formatBytes(
      Math.max(0, quotaBytes - usedBytes),
    )} left`,
  /** This file is larger than what is left. */
  fileDoesNotFit: (fileBytes: number, usedBytes: number, quotaBytes: number) =>
    `Storage quota: this ${formatBytes(fileBytes)} file does not fit, ${formatBytes(
      Math.max(0, quotaBytes - usedBytes),
    )} left (${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)} used)`,
  /** The upload rate budget every upload route shares. */
  uploadRateReached: (max: number, windowMinutes: number, retryAfterSeconds: number) =>
    `Upload limit reached: ${max} uploads per ${windowMinutes} minutes, none left for ${
      retryAfterSeconds < 60 ? `${retryAfterSeconds} s` : `${Math.ceil(retryAfterSeconds / 60)} min`
    }`,
  /** The profile page's line. */
  usage: (usedBytes: number, quotaBytes: number | null) =>
    quotaBytes === null
      ? `${formatBytes(usedBytes)} used`
      : `${formatBytes(usedBytes)} of ${formatBytes(quotaBytes)} used`,
} as const;

export const storageUsageSchema = z.object({
  /** Bytes of the account's stored files. */
  used_bytes: z.number().int().min(0),
  /** The account's quota in bytes; null when no quota is set. */
  quota_bytes: z.number().int().positive().nullable(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** `GET auth/v1/me/`: the user and, additively, their storage use. */
export const meSchema = userSchema.extend({ storage: storageUsageSchema });
export type Me = z.infer<typeof meSchema>;
