import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, sql, sum } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { otpCodes, recoveryFailures, refreshTokens, users } from "../../db/schema/index.js";

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type OtpCodeRow = typeof otpCodes.$inferSelect;

/** Emails are unique regardless of case (users_email_lower_idx). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error("user insert returned no row");
  return row;
}

export async function updatePasswordHash(
  db: DbOrTx,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** An account's own profile changes (the users module's profile edits). */
export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  imageKey?: string | null;
  imageSizeBytes?: number | null;
  emailNotifications?: boolean;
  milestoneEmails?: boolean;
  locale?: "en" | "zh-CN";
  passwordHash?: string;
}

/** Applies the changes and bumps updated_at (which versions the avatar URL); returns the row. */
export async function updateProfile(
  db: DbOrTx,
  id: number,
  changes: ProfileChanges,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Disables or enables an account (the admin module's power); returns the row. */
export async function setUserActive(
  db: DbOrTx,
  id: number,
  isActive: boolean,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ isActive, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

// Refresh tokens

export async function insertRefreshToken(
  db: DbOrTx,
  values: {
    userId: number;
    familyId: string;
    tokenHash: string;
    remember: boolean;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/** Locks the row, so two concurrent refreshes with one token cannot both succeed. */
export async function findRefreshTokenForUpdate(
  db: DbOrTx,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for("update");
  return row;
}

export async function markRefreshTokenRotated(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(refreshTokens).set({ rotatedAt: at }).where(eq(refreshTokens.id, id));
}

export async function revokeRefreshFamily(db: DbOrTx, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every live refresh token of the user; returns how many were revoked. */
export async function revokeUserRefreshTokens(
  db: DbOrTx,
  userId: number,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

export async function deleteExpiredRefreshTokens(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, before))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

// One-time codes

/** The newest code for the address and purpose, locked for the rest of the transaction. */
export async function findLatestOtpForUpdate(
  db: DbOrTx,
  email: string,
  purpose: string,
): Promise<OtpCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1)
    .for("update");
  return row;
}

/** Drops the address's codes (and markers) of one purpose. */
/**
 * Codes sent to the address since `since`, and wrong tries at them. Earlier codes stay in the
 * table (only the newest one works) until the daily sweep, so these survive re-issues, restarts
 * and other instances.
 */
export async function otpActivitySince(
  db: DbOrTx,
  email: string,
  purpose: string,
  since: Date,
): Promise<{ sent: number; failures: number }> {
  const [row] = await db
    .select({ sent: count(), failures: sum(otpCodes.attempts) })
    .from(otpCodes)
    .where(
      and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), gt(otpCodes.createdAt, since)),
    );
  return { sent: Number(row?.sent ?? 0), failures: Number(row?.failures ?? 0) };
}

/** When a pause marker (a row of purpose `pausePurpose`) is still running, its end. */
export async function findPauseEnd(
  db: DbOrTx,
  email: string,
  pausePurpose: string,
  now: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: otpCodes.expiresAt })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.email, email),
        eq(otpCodes.purpose, pausePurpose),
        gt(otpCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(otpCodes.expiresAt))
    .limit(1);
  return row?.expiresAt;
}

export async function insertOtp(
  db: DbOrTx,
  values: {
    email: string;
    userId: number | null;
    purpose: string;
    codeHash: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(otpCodes).values(values);
}

export async function recordOtpFailure(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(eq(otpCodes.id, id));
}

export async function markOtpVerified(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(otpCodes).set({ verifiedAt: at }).where(eq(otpCodes.id, id));
}

export async function markOtpConsumed(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(otpCodes).set({ consumedAt: at }).where(eq(otpCodes.id, id));
}

/** Codes are useless after their expiry; keep them a day for the resend spacing, then drop. */
export async function deleteStaleOtps(db: DbOrTx, createdBefore: Date): Promise<number> {
  const rows = await db
    .delete(otpCodes)
    .where(lt(otpCodes.createdAt, createdBefore))
    .returning({ id: otpCodes.id });
  return rows.length;
}

/**
 * Ends a recovery pause by forgetting the address's recovery history (codes, wrong tries, the
 * pause): it starts afresh. Answers whether a pause was in force.
 */
export async function clearRecovery(
  db: DbOrTx,
  email: string,
  purposes: { code: string; pause: string },
  now: Date,
): Promise<boolean> {
  const removed = await db
    .delete(otpCodes)
    .where(
      and(eq(otpCodes.email, email), inArray(otpCodes.purpose, [purposes.code, purposes.pause])),
    )
    .returning({ purpose: otpCodes.purpose, expiresAt: otpCodes.expiresAt });
  return removed.some(
    (row) => row.purpose === purposes.pause && row.expiresAt.getTime() > now.getTime(),
  );
}

const HOUR_MS = 3_600_000;

/** Counts one wrong recovery code in its hour. */
export async function countRecoveryFailure(db: DbOrTx, at: Date): Promise<void> {
  const hour = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
  await db
    .insert(recoveryFailures)
    .values({ hour, failures: 1 })
    .onConflictDoUpdate({
      target: recoveryFailures.hour,
      set: { failures: sql`${recoveryFailures.failures} + 1` },
    });
}

/** Wrong recovery codes per hour from `since` on (hours without any are absent). */
export async function recoveryFailuresSince(
  db: DbOrTx,
  since: Date,
): Promise<Array<{ hour: Date; failures: number }>> {
  return db
    .select({ hour: recoveryFailures.hour, failures: recoveryFailures.failures })
    .from(recoveryFailures)
    .where(gte(recoveryFailures.hour, since))
    .orderBy(asc(recoveryFailures.hour));
}

export async function deleteRecoveryFailuresBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(recoveryFailures).where(lt(recoveryFailures.hour, before));
}
