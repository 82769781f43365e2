import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.js";
import { idempotencyKeys } from "../db/schema/index.js";

/** One idempotency key: the same key on another method, path or account is another row. */
export interface KeyScope {
  userId: number;
  key: string;
  method: string;
  path: string;
}

export type StoredResponse = typeof idempotencyKeys.$inferSelect;

const inScope = (scope: KeyScope) =>
  and(
    eq(idempotencyKeys.userId, scope.userId),
    eq(idempotencyKeys.key, scope.key),
    eq(idempotencyKeys.method, scope.method),
    eq(idempotencyKeys.path, scope.path),
  );

/** Expired rows and claims abandoned (unapplied, locked before `abandonedBefore`) give the key back. */
export async function releaseStaleKey(
  db: Db,
  scope: KeyScope,
  now: Date,
  abandonedBefore: Date,
): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        inScope(scope),
        or(
          lt(idempotencyKeys.expiresAt, now),
          and(
            isNull(idempotencyKeys.statusCode),
            isNull(idempotencyKeys.appliedAt),
            lt(idempotencyKeys.lockedAt, abandonedBefore),
          ),
        ),
      ),
    );
}

/** Claims the key; null when another request holds it. */
export async function claimKey(
  db: Db,
  scope: KeyScope,
  values: { requestHash: string; now: Date; expiresAt: Date },
): Promise<number | null> {
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({
      ...scope,
      requestHash: values.requestHash,
      lockedAt: values.now,
      createdAt: values.now,
      expiresAt: values.expiresAt,
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  return claimed?.id ?? null;
}

export async function findKey(db: Db, scope: KeyScope): Promise<StoredResponse | undefined> {
  const [existing] = await db.select().from(idempotencyKeys).where(inScope(scope)).limit(1);
  return existing;
}

export async function deleteClaim(db: Db, id: number): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
}

export async function storeResponse(
  db: Db,
  id: number,
  response: { statusCode: number; contentType: string | null; responseBody: string },
): Promise<void> {
  await db.update(idempotencyKeys).set(response).where(eq(idempotencyKeys.id, id));
}

/** Marks the claim applied inside the write's own transaction. */
export async function markApplied(tx: DbOrTx, id: number): Promise<void> {
  await tx.update(idempotencyKeys).set({ appliedAt: new Date() }).where(eq(idempotencyKeys.id, id));
}

export async function deleteExpiredKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
}
