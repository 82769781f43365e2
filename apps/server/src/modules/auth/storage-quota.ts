import { eq, sql } from "drizzle-orm";
import { storageMessages, type StorageUsage } from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";

/**
 * One storage total per account across every upload route. `users.storage_used_bytes` is changed
 * in the transaction that inserts or deletes a file's row (so it always equals the sum of the
 * account's stored files), and an upload is refused with 413 when it would take the total past the
 * quota. The check before the file is written only spares the write; the charge in the row's
 * transaction is what holds under concurrent uploads (a conditional increment of one row).
 */
export class StorageQuota {
  /** `quotaBytes` 0: no quota (use is still counted). */
  constructor(readonly quotaBytes: number) {}

  get enabled(): boolean {
    return this.quotaBytes > 0;
  }

  /** An account's use as the profile shows it, from its row's `storage_used_bytes`. */
  usage(usedBytes: number): StorageUsage {
    return { used_bytes: usedBytes, quota_bytes: this.enabled ? this.quotaBytes : null };
  }

  /**
   * 413 when `incomingBytes` more would not fit; with 0 (before the body is read) only a quota
   * already full refuses. Reads only: call it before writing the file, then `charge` in the
   * row's transaction.
   */
  async assertRoom(db: DbOrTx, userId: number, incomingBytes: number, field: string) {
    if (!this.enabled) return;
    const used = await usedBytes(db, userId);
    this.refuseUnlessFits(used, incomingBytes, field);
  }

  /**
   * Adds `bytes` to the account's total when they fit (in the transaction that inserts the file's
   * row), else 413 and nothing changes. Without a quota it only counts.
   */
  async charge(tx: DbOrTx, userId: number, bytes: number, field: string): Promise<void> {
    const fits = this.enabled
      ? sql`${users.storageUsedBytes} + ${bytes} <= ${this.quotaBytes}`
      : sql`true`;
    const [row] = await tx
      .update(users)
      .set({ storageUsedBytes: sql`${users.storageUsedBytes} + ${bytes}` })
      .where(sql`${users.id} = ${userId} and ${fits}`)
      .returning({ used: users.storageUsedBytes });
    if (row) return;
    this.refuseUnlessFits(await usedBytes(tx, userId), bytes, field);
    // The account is gone (a deleted user cannot upload): nothing to charge.
  }

  private refuseUnlessFits(used: number, incomingBytes: number, field: string): void {
    const full =
      incomingBytes === 0 ? used >= this.quotaBytes : used + incomingBytes > this.quotaBytes;
    if (!full) return;
    const message =
      incomingBytes === 0 || used >= this.quotaBytes
        ? storageMessages.quotaReached(used, this.quotaBytes)
        : storageMessages.fileDoesNotFit(incomingBytes, used, this.quotaBytes);
    throw new AppError("PAYLOAD_TOO_LARGE", message, [{ field, message }]);
  }
}

export async function usedBytes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ used: users.storageUsedBytes })
    .from(users)
    .where(eq(users.id, userId));
  return row?.used ?? 0;
}

/** Takes `bytes` off the account's total (in the transaction that deletes the file's row). */
export async function releaseStorage(tx: DbOrTx, userId: number, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await tx
    .update(users)
    .set({ storageUsedBytes: sql`greatest(${users.storageUsedBytes} - ${bytes}, 0)` })
    .where(eq(users.id, userId));
}

/**
 * Releases what each account's removed files took, one account at a time in id order, so that
 * several instances releasing overlapping accounts at once always lock their rows in one order.
 */
export async function releaseStorageOf(
  tx: DbOrTx,
  files: Iterable<{ ownerId: number; bytes: number }>,
): Promise<void> {
  const byOwner = new Map<number, number>();
  for (const file of files)
    byOwner.set(file.ownerId, (byOwner.get(file.ownerId) ?? 0) + file.bytes);
  for (const ownerId of [...byOwner.keys()].sort((a, b) => a - b)) {
    await releaseStorage(tx, ownerId, byOwner.get(ownerId)!);
  }
}
