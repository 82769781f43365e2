import { and, eq, inArray } from "drizzle-orm";
import type { Group } from "@fba/contract";
import type { Db } from "../db/client.js";
import { users } from "../db/schema/index.js";

/** Of these users, the active ones with their group. */
export async function findActiveGroups(
  db: Db,
  userIds: number[],
): Promise<Array<{ id: number; group: Group }>> {
  return db
    .select({ id: users.id, group: users.group })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.isActive, true)));
}

export async function findTokenUser(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      group: users.group,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
