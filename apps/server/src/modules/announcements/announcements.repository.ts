import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { announcements, users } from "../../db/schema/index.js";
import { deleteAnnouncementNotifications } from "../notifications/index.js";

export interface AnnouncementRow {
  id: number;
  title: string | null;
  message: string;
  createdAt: Date;
  senderId: number;
  senderFirstName: string;
  senderLastName: string;
  senderGroup: "Seller" | "Shipper" | "Admin";
  senderIsActive: boolean;
}

const columns = {
  id: announcements.id,
  title: announcements.title,
  message: announcements.message,
  createdAt: announcements.createdAt,
  senderId: announcements.senderId,
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  senderGroup: users.group,
  senderIsActive: users.isActive,
};

/** Announcements no admin has removed: the only ones anybody reads. */
const standing = isNull(announcements.removedAt);

export async function listAnnouncements(
  db: DbOrTx,
  page: number,
  perPage: number,
): Promise<{ rows: AnnouncementRow[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(announcements)
      .innerJoin(users, eq(users.id, announcements.senderId))
      .where(standing)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(announcements).where(standing),
  ]);
  return { rows, count: Number(total?.value ?? 0) };
}

export async function findAnnouncement(db: DbOrTx, id: number): Promise<AnnouncementRow | null> {
  const [row] = await db
    .select(columns)
    .from(announcements)
    .innerJoin(users, eq(users.id, announcements.senderId))
    .where(and(eq(announcements.id, id), standing))
    .limit(1);
  return row ?? null;
}

/**
 * Marks a standing announcement removed and deletes every notification of it, in the caller's
 * transaction. Its row is locked first: a broadcast still inserting notifications for it holds a
 * share lock on it (notifications.repository insertForActiveUsers), so this waits for that batch
 * and deletes its rows too (through the notifications module), and later batches find it removed and insert nothing. Returns the
 * sender and the time, or null when there is no standing announcement with that id.
 */
export async function removeAnnouncement(
  tx: DbOrTx,
  id: number,
  adminId: number,
  now: Date,
): Promise<{ senderId: number; removedAt: Date } | null> {
  const [row] = await tx
    .update(announcements)
    .set({ removedAt: now, removedBy: adminId })
    .where(and(eq(announcements.id, id), standing))
    .returning({ senderId: announcements.senderId, removedAt: announcements.removedAt });
  if (!row?.removedAt) return null;
  await deleteAnnouncementNotifications(tx, id);
  return { senderId: row.senderId, removedAt: row.removedAt };
}

export async function insertAnnouncement(
  db: DbOrTx,
  values: { senderId: number; title: string | null; message: string },
): Promise<number> {
  const [row] = await db.insert(announcements).values(values).returning({ id: announcements.id });
  if (!row) throw new Error("announcement insert returned nothing");
  return row.id;
}
