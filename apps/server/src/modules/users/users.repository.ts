import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { users } from "../../db/schema/index.js";

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

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

/** The stored avatar, its row locked until the transaction ends (two saves replace it in turn). */
export async function lockAvatar(
  tx: DbOrTx,
  id: number,
): Promise<{ imageKey: string | null; imageSizeBytes: number | null } | undefined> {
  const [row] = await tx
    .select({ imageKey: users.imageKey, imageSizeBytes: users.imageSizeBytes })
    .from(users)
    .where(eq(users.id, id))
    .for("no key update");
  return row;
}

export async function findAvatar(
  db: DbOrTx,
  id: number,
): Promise<{ imageKey: string | null; updatedAt: Date } | undefined> {
  const [row] = await db
    .select({ imageKey: users.imageKey, updatedAt: users.updatedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
