import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.js";
import { emailOutbox } from "../db/schema/index.js";

export type OutboxRow = typeof emailOutbox.$inferSelect;

export async function insertOutboxRow(
  db: DbOrTx,
  row: { toAddress: string; subject: string; textBody: string; htmlBody: string | null },
): Promise<void> {
  await db.insert(emailOutbox).values(row);
}

/**
 * Claims up to `batchSize` due rows for `leaseSeconds` (SKIP LOCKED, so instances never share
 * one) and counts the attempt.
 */
export async function claimDueOutboxRows(
  db: Db,
  options: { batchSize: number; maxAttempts: number; leaseSeconds: number },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        lte(emailOutbox.nextAttemptAt, sql`now()`),
        lt(emailOutbox.attempts, options.maxAttempts),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(options.batchSize)
    .for("update", { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

export async function markOutboxRowSent(db: Db, id: number): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ sentAt: sql`now()`, lastError: null })
    .where(eq(emailOutbox.id, id));
}

export async function scheduleOutboxRetry(
  db: Db,
  id: number,
  lastError: string,
  delaySeconds: number,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ lastError, nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})` })
    .where(eq(emailOutbox.id, id));
}
