import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { users } from "../../db/schema/index.js";

/** The company name on a user's profile. */
export async function companyNameOf(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ companyName: users.companyName })
    .from(users)
    .where(eq(users.id, userId));
  return row?.companyName ?? null;
}
