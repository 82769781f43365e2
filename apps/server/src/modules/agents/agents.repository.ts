import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { agentRatings, shipments, users } from "../../db/schema/index.js";

export interface AgentRow {
  id: number;
  group: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  createdAt: Date;
}

export async function findUserById(db: DbOrTx, id: number): Promise<AgentRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      group: users.group,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** What rating an order needs of it. */
export interface RatedOrder {
  id: number;
  sellerId: number;
  status: string;
  winnerAgentId: number | null;
}

export async function findRatedOrder(
  db: DbOrTx,
  shipmentId: number,
): Promise<RatedOrder | undefined> {
  const [row] = await db
    .select({
      id: shipments.id,
      sellerId: shipments.sellerId,
      status: shipments.status,
      winnerAgentId: shipments.winnerAgentId,
    })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  return row;
}

export interface RatingRow {
  id: number;
  shipmentId: number;
  agentId: number;
  overall: number;
  communication: number;
  careOfCargo: number;
  punctuality: number;
  asDescribed: number;
  comment: string | null;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
  raterFirstName: string;
}

const ratingColumns = {
  id: agentRatings.id,
  shipmentId: agentRatings.shipmentId,
  agentId: agentRatings.agentId,
  overall: agentRatings.overall,
  communication: agentRatings.communication,
  careOfCargo: agentRatings.careOfCargo,
  punctuality: agentRatings.punctuality,
  asDescribed: agentRatings.asDescribed,
  comment: agentRatings.comment,
  reply: agentRatings.reply,
  repliedAt: agentRatings.repliedAt,
  createdAt: agentRatings.createdAt,
  raterFirstName: users.firstName,
};

export async function findShipmentRating(
  db: DbOrTx,
  shipmentId: number,
): Promise<RatingRow | undefined> {
  const [row] = await db
    .select(ratingColumns)
    .from(agentRatings)
    .innerJoin(users, eq(users.id, agentRatings.sellerId))
    .where(eq(agentRatings.shipmentId, shipmentId));
  return row;
}

/** An agent's ratings, newest first (agent_ratings_agent_idx), with the page's count. */
export async function listAgentRatings(
  db: DbOrTx,
  agentId: number,
  page: { page: number; perPage: number },
): Promise<{ rows: RatingRow[]; count: number }> {
  const [rows, counted] = await Promise.all([
    db
      .select(ratingColumns)
      .from(agentRatings)
      .innerJoin(users, eq(users.id, agentRatings.sellerId))
      .where(eq(agentRatings.agentId, agentId))
      .orderBy(desc(agentRatings.createdAt), desc(agentRatings.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ value: count() }).from(agentRatings).where(eq(agentRatings.agentId, agentId)),
  ]);
  return { rows, count: Number(counted[0]?.value ?? 0) };
}

/** Inserts the order's one rating; false when it already has one (the unique shipment_id). */
export async function insertRating(
  db: DbOrTx,
  values: typeof agentRatings.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(agentRatings)
    .values(values)
    .onConflictDoNothing({ target: agentRatings.shipmentId })
    .returning({ id: agentRatings.id });
  return inserted.length > 0;
}

/** Sets the agent's one answer; false when the rating already has one. */
export async function setRatingReply(
  db: DbOrTx,
  shipmentId: number,
  reply: string,
  at: Date,
): Promise<boolean> {
  const updated = await db
    .update(agentRatings)
    .set({ reply, repliedAt: at })
    .where(and(eq(agentRatings.shipmentId, shipmentId), isNull(agentRatings.reply)))
    .returning({ id: agentRatings.id });
  return updated.length > 0;
}
