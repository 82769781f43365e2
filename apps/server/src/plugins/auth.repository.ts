import { and, eq, gt, inArray, isNull, type Placeholder, sql } from "drizzle-orm";
import type { Group } from "@fba/contract";
import type { Db } from "../db/client.js";
import { mappedByPosition, preparedOnce } from "../db/prepared.js";
import { refreshTokens, users } from "../db/schema/index.js";

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
  const build = (id: number | Placeholder) =>
    db
      .select({
        id: users.id,
        group: users.group,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        isActive: users.isActive,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
  // Each request and socket of a user the short cache does not hold asks it: planned once.
  const prepared = preparedOnce(db, "token-user", () =>
    mappedByPosition(build(sql.placeholder("id")).prepare("token_user")),
  );
  const [row] = prepared ? await prepared.execute({ id: userId }) : await build(userId);
  return row;
}

/**
 * Of these sessions (refresh-token families), the live ones: a refresh token of the family is
 * neither revoked (logout, password change, a disabled account, a reused token) nor expired.
 */
export async function findLiveSessions(db: Db, sessionIds: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(
      and(
        inArray(refreshTokens.familyId, sessionIds),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    );
  return rows.map((row) => row.familyId);
}
