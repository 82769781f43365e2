import { count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { announcements, users } from "../../db/schema/index.js";

export interface AnnouncementRow {
  id: number;
  title: string | null;
  message: string;
  createdAt: Date;
  senderId: number;
  senderFirstName: string;
  senderLastName: string;
  senderGroup: "Seller" | "Shipper" | "Admin";
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
};

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
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(announcements),
  ]);
  return { rows, count: Number(total?.value ?? 0) };
}

export async function findAnnouncement(db: DbOrTx, id: number): Promise<AnnouncementRow | null> {
  const [row] = await db
    .select(columns)
    .from(announcements)
    .innerJoin(users, eq(users.id, announcements.senderId))
    .where(eq(announcements.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertAnnouncement(
  db: DbOrTx,
  values: { senderId: number; title: string | null; message: string },
): Promise<number> {
  const [row] = await db.insert(announcements).values(values).returning({ id: announcements.id });
  if (!row) throw new Error("announcement insert returned nothing");
  return row.id;
}
