import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNull,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { NotificationKind } from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";
import type { Localized } from "../../lib/i18n/notifications.js";
import { mappedByPosition, preparedOnce } from "../../db/prepared.js";
import {
  announcements,
  chatMessages,
  notifications,
  quotations,
  sampleShipments,
  shipmentLegs,
  shipments,
  users,
} from "../../db/schema/index.js";

export type NotificationType = "Shipment" | "Sample Shipment" | "Announcement";

export interface NotificationRow {
  id: number;
  /** The recipient. */
  userId: number;
  /** Who caused it; null when nobody did (or they are gone). */
  actorId: number | null;
  actorFirstName: string | null;
  notificationType: NotificationType;
  shipmentId: number | null;
  sampleShipmentId: number | null;
  announcementId: number | null;
  kind: NotificationKind | null;
  content: string;
  isRead: boolean;
  updatedAt: Date;
}

/** A notification to store: its text in every language, kept in its recipient's. */
export interface NewNotification {
  userId: number;
  /** Who caused it; absent or null for what nobody did (a bid window closing). */
  actorId?: number | null;
  notificationType: NotificationType;
  shipmentId?: number | null;
  sampleShipmentId?: number | null;
  announcementId?: number | null;
  /** The chat message the notification quotes. */
  chatMessageId?: number | null;
  kind?: NotificationKind | null;
  content: Localized;
}

/** The text of a row for its recipient: in the account's language (the default without one). */
const inRecipientLanguage = (userId: SQL, content: Localized) =>
  sql`case (select l.locale from ${users} l where l.id = ${userId})
    when 'zh-CN' then ${content["zh-CN"]}::text else ${content.en}::text end`;

const actors = alias(users, "actor");

const columns = {
  id: notifications.id,
  userId: notifications.userId,
  actorId: notifications.actorId,
  actorFirstName: actors.firstName,
  notificationType: notifications.notificationType,
  shipmentId: notifications.shipmentId,
  sampleShipmentId: notifications.sampleShipmentId,
  announcementId: notifications.announcementId,
  kind: notifications.kind,
  content: notifications.content,
  isRead: notifications.isRead,
  updatedAt: notifications.updatedAt,
};

export interface InsertedNotification extends NotificationRow {
  /** The recipient's unread count including this batch. */
  unread: number;
}

/** A row of the raw insert queries below, as the service uses it. */
function toInserted(row: Record<string, unknown>): InsertedNotification {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    actorFirstName: row.actor_first_name === null ? null : String(row.actor_first_name),
    notificationType: row.notification_type as NotificationType,
    shipmentId: row.shipment_id === null ? null : Number(row.shipment_id),
    sampleShipmentId: row.sample_shipment_id === null ? null : Number(row.sample_shipment_id),
    announcementId:
      row.announcement_id === null || row.announcement_id === undefined
        ? null
        : Number(row.announcement_id),
    kind: (row.kind ?? null) as NotificationKind | null,
    content: String(row.content),
    isRead: row.is_read === true || row.is_read === "t",
    updatedAt: row.updated_at instanceof Date ? row.updated_at : new Date(String(row.updated_at)),
    unread: Number(row.unread),
  };
}

/**
 * Inserts a batch and returns each row with its actor's first name and its recipient's new unread
 * count in one round trip (chat messages create one per message, so this path is hot). A row quoting a
 * chat message that is already deleted is not stored: its text must not outlive the message. The
 * quoted message is locked meanwhile, so a delete waits for these rows and then rewrites them.
 */
export async function insertNotificationsReturning(
  db: DbOrTx,
  rows: NewNotification[],
  eventId: number | null = null,
): Promise<InsertedNotification[]> {
  if (rows.length === 0) return [];
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.userId}::integer, ${row.actorId ?? null}::integer, ${row.notificationType}::text, ${row.shipmentId ?? null}::integer, ${row.sampleShipmentId ?? null}::integer, ${row.announcementId ?? null}::integer, ${row.chatMessageId ?? null}::integer, ${row.kind ?? null}::text, ${inRecipientLanguage(sql`${row.userId}::integer`, row.content)})`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    with inserted as (
      insert into ${notifications}
        (user_id, actor_id, notification_type, shipment_id, sample_shipment_id, announcement_id, chat_message_id, kind, content, event_id)
      select *, ${eventId}::bigint from (values ${values})
        as v(user_id, actor_id, notification_type, shipment_id, sample_shipment_id, announcement_id, chat_message_id, kind, content)
      where v.chat_message_id is null
        or exists (select 1 from ${chatMessages} m where m.id = v.chat_message_id for key share)
      on conflict do nothing
      returning id, user_id, actor_id, notification_type, shipment_id, sample_shipment_id, announcement_id, kind, content, is_read, updated_at
    )
    select i.id, i.user_id, i.actor_id, a.first_name as actor_first_name, i.notification_type,
      i.shipment_id, i.sample_shipment_id, i.announcement_id, i.kind, i.content, i.is_read, i.updated_at,
      (select count(*) from ${notifications} n where n.user_id = i.user_id and n.is_read = false)
        + (select count(*) from inserted b where b.user_id = i.user_id) as unread
    from inserted i left join ${users} a on a.id = i.actor_id
    order by i.id`);
  const resultRows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return resultRows.map(toInserted);
}

/**
 * Replaces the text of every notification quoting one chat message and returns the changed rows
 * (their time stays: nothing new happened for the reader).
 */
export async function rewriteChatMessageNotifications(
  db: DbOrTx,
  chatMessageId: number,
  content: Localized,
): Promise<NotificationRow[]> {
  const changed = await db
    .update(notifications)
    .set({ content: inRecipientLanguage(sql`${notifications.userId}`, content) })
    .where(eq(notifications.chatMessageId, chatMessageId))
    .returning({ id: notifications.id });
  if (changed.length === 0) return [];
  return db
    .select(columns)
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(
      inArray(
        notifications.id,
        changed.map((row) => row.id),
      ),
    )
    .orderBy(notifications.id);
}

export async function latestForUser(
  db: DbOrTx,
  userId: number,
  limit: number,
): Promise<NotificationRow[]> {
  const build = (user: number | Placeholder, count: number | Placeholder) =>
    db
      .select(columns)
      .from(notifications)
      .leftJoin(actors, eq(actors.id, notifications.actorId))
      .where(eq(notifications.userId, user))
      .orderBy(desc(notifications.id))
      .limit(count);
  // The bell reads it on every page: named, so each connection plans it once.
  const prepared = preparedOnce(db, "notifications-latest", () =>
    mappedByPosition(
      build(sql.placeholder("userId"), sql.placeholder("limit")).prepare("notifications_latest"),
    ),
  );
  return prepared ? prepared.execute({ userId, limit }) : build(userId, limit);
}

/** Marks one of the user's notifications read; null when it is not theirs or does not exist. */
export async function markRead(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<{ id: number; changed: boolean } | null> {
  const [changed] = await db
    .update(notifications)
    .set({ isRead: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
      ),
    )
    .returning({ id: notifications.id });
  if (changed) return { id: changed.id, changed: true };
  const [existing] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return existing ? { id: existing.id, changed: false } : null;
}

export async function markAllRead(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, updatedAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

export async function unreadCounts(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: notifications.userId, unread: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.isRead, false)))
    .groupBy(notifications.userId);
  for (const row of rows) result.set(row.userId, Number(row.unread));
  return result;
}

export interface Recipient {
  id: number;
  email: string;
  emailNotifications: boolean;
  milestoneEmails: boolean;
  locale: string | null;
}

export async function recipients(db: DbOrTx, ids: number[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      emailNotifications: users.emailNotifications,
      milestoneEmails: users.milestoneEmails,
      locale: users.locale,
    })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.isActive, true)));
}

export async function shipmentSummary(
  db: DbOrTx,
  shipmentId: number,
): Promise<{ id: number; productName: string; sellerId: number; agentId: number | null } | null> {
  const [row] = await db
    .select({
      id: shipments.id,
      productName: shipments.productName,
      sellerId: shipments.sellerId,
      agentId: quotations.agentId,
    })
    .from(shipments)
    .leftJoin(quotations, eq(quotations.id, shipments.winningQuotationId))
    .where(eq(shipments.id, shipmentId))
    .limit(1);
  return row ? { ...row, agentId: row.agentId ?? null } : null;
}

/** Every active admin: they hear of what only an admin can settle. */
export async function activeAdminIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.group, "Admin"), eq(users.isActive, true)));
  return rows.map((row) => row.id);
}

export async function sampleSummary(
  db: DbOrTx,
  sampleId: number,
): Promise<{ id: number; productName: string; sellerId: number } | null> {
  const [row] = await db
    .select({
      id: sampleShipments.id,
      productName: sampleShipments.productName,
      sellerId: sampleShipments.sellerId,
    })
    .from(sampleShipments)
    .where(eq(sampleShipments.id, sampleId))
    .limit(1);
  return row ?? null;
}

export async function announcementSummary(
  db: DbOrTx,
  announcementId: number,
): Promise<{ id: number; title: string | null; message: string } | null> {
  const [row] = await db
    .select({ id: announcements.id, title: announcements.title, message: announcements.message })
    .from(announcements)
    .where(and(eq(announcements.id, announcementId), isNull(announcements.removedAt)))
    .limit(1);
  return row ?? null;
}

/** One notification for many users: the same type, target and text for each. */
export interface BroadcastNotification {
  /** Who caused it (the announcement's author, the seller asking for a sample). */
  actorId: number | null;
  notificationType: NotificationType;
  sampleShipmentId?: number | null;
  announcementId?: number | null;
  content: Localized;
}

/**
 * Inserts the notification for the next `limit` active users (by id, after `afterUserId`) that
 * match the filter, in one INSERT ... SELECT: the recipients never travel to the server and back.
 * Returns the rows with the actor's first name and each recipient's unread count, by user id.
 */
export async function insertForActiveUsers(
  db: DbOrTx,
  filter: { group?: "Seller" | "Shipper" | "Admin"; exceptId?: number },
  notification: BroadcastNotification,
  afterUserId: number,
  limit: number,
  eventId: number | null = null,
): Promise<InsertedNotification[]> {
  const result = await db.execute(sql`
    with recipients as (
      select u.id from ${users} u
      where u.is_active = true and u.id > ${afterUserId}
        ${filter.group ? sql`and u."group" = ${filter.group}` : sql``}
        ${filter.exceptId !== undefined ? sql`and u.id <> ${filter.exceptId}` : sql``}
        ${
          // A redelivered event skips those it already reached (batches go on past them).
          eventId !== null
            ? sql`and not exists (select 1 from ${notifications} n
                where n.event_id = ${eventId} and n.user_id = u.id)`
            : sql``
        }
        ${
          // An announcement an admin removed meanwhile gets no more rows; the lock makes the
          // removal wait for this batch, whose rows it then deletes.
          notification.announcementId != null
            ? sql`and exists (select 1 from ${announcements} a
                where a.id = ${notification.announcementId} and a.removed_at is null for share)`
            : sql``
        }
      order by u.id
      limit ${limit}
    ), inserted as (
      insert into ${notifications}
        (user_id, actor_id, notification_type, shipment_id, sample_shipment_id, announcement_id, content, event_id)
      select r.id, ${notification.actorId}::integer, ${notification.notificationType}::text, null,
        ${notification.sampleShipmentId ?? null}::integer,
        ${notification.announcementId ?? null}::integer,
        ${inRecipientLanguage(sql`r.id`, notification.content)},
        ${eventId}::bigint
      from recipients r
      on conflict do nothing
      returning id, user_id, actor_id, notification_type, shipment_id, sample_shipment_id, announcement_id, kind, content, is_read, updated_at
    )
    select i.id, i.user_id, i.actor_id, a.first_name as actor_first_name, i.notification_type,
      i.shipment_id, i.sample_shipment_id, i.announcement_id, i.kind, i.content, i.is_read, i.updated_at,
      (select count(*) from ${notifications} n where n.user_id = i.user_id and n.is_read = false)
        + 1 as unread
    from inserted i left join ${users} a on a.id = i.actor_id
    order by i.user_id`);
  const resultRows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return resultRows.map(toInserted);
}

/** The FC of a leg, for naming it in a notification. */
export async function legFcCode(db: DbOrTx, legId: number): Promise<string | null> {
  const [row] = await db
    .select({ fcCode: shipmentLegs.fcCode })
    .from(shipmentLegs)
    .where(eq(shipmentLegs.id, legId));
  return row?.fcCode ?? null;
}

/** Deletes every notification of an announcement (in the transaction that removes it). */
export async function deleteAnnouncementNotifications(
  tx: DbOrTx,
  announcementId: number,
): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.announcementId, announcementId));
}
