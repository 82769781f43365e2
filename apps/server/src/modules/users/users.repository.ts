import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { users } from "../../db/schema/index.js";

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
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
