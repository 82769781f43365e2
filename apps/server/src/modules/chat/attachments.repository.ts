import { aliasedTable, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { chatAttachments, chatMessages, users } from "../../db/schema/index.js";
import { attachmentColumns, type AttachmentRow, type ChatRef } from "./chat.repository.js";

/**
 * Bytes of the user's attachments uploaded after `since` and not (yet) carried by a message.
 * Older unsent ones are about to be swept, so they do not count.
 */
export async function unsentAttachmentBytes(
  db: DbOrTx,
  userId: number,
  since: Date,
): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(a.size_bytes), 0) as bytes
    from ${chatAttachments} a
    where a.uploader_id = ${userId}
      and a.created_at > ${since.toISOString()}::timestamptz
      and not exists (select 1 from ${chatMessages} m where m.attachment_id = a.id)`);
  const [row] = (result as unknown as { rows: Array<{ bytes: unknown }> }).rows;
  return Number(row?.bytes ?? 0);
}

/**
 * Serialises one user's uploads (the quota check and the insert). NO KEY UPDATE, not UPDATE: rows
 * that merely reference the user (their notifications, messages) are not held up by it.
 */
export async function lockUploader(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(sql`select 1 from ${users} where id = ${userId} for no key update`);
}

/**
 * Claims up to `limit` attachments created before `before` (and after `after`, when given) that no
 * message carries, deletes their rows and returns their storage keys, uploaders and sizes. SKIP LOCKED lets every
 * instance sweep at once; an attachment being sent right now is locked by the message insert's
 * foreign-key check, so it is skipped rather than pulled from under the message.
 */
export async function deleteUnsentAttachments(
  db: DbOrTx,
  before: Date,
  after: Date | null,
  limit: number,
): Promise<Array<{ storageKey: string; ownerId: number; bytes: number }>> {
  const result = await db.execute(sql`
    with due as (
      select a.id from ${chatAttachments} a
      where a.created_at < ${before.toISOString()}::timestamptz
        ${after ? sql`and a.created_at >= ${after.toISOString()}::timestamptz` : sql``}
        and not exists (select 1 from ${chatMessages} m where m.attachment_id = a.id)
      order by a.created_at, a.id
      limit ${limit}
      for update of a skip locked
    )
    delete from ${chatAttachments} d using due where d.id = due.id
    returning d.storage_key, d.uploader_id, d.size_bytes`);
  const rows = (
    result as unknown as {
      rows: Array<{ storage_key: string; uploader_id: unknown; size_bytes: unknown }>;
    }
  ).rows;
  return rows.map((row) => ({
    storageKey: row.storage_key,
    ownerId: Number(row.uploader_id),
    bytes: Number(row.size_bytes),
  }));
}

export async function insertAttachment(
  db: DbOrTx,
  values: Omit<AttachmentRow, "id">,
): Promise<AttachmentRow> {
  const [row] = await db.insert(chatAttachments).values(values).returning(attachmentColumns);
  if (!row) throw new Error("attachment insert returned nothing");
  return row;
}

const messageAlias = aliasedTable(chatMessages, "attachment_message");

/** The attachment and, once sent, the chat of the message carrying it. */
export async function findAttachment(
  db: DbOrTx,
  attachmentId: number,
): Promise<(AttachmentRow & { chat: ChatRef | null }) | null> {
  const [row] = await db
    .select({
      ...attachmentColumns,
      shipmentId: messageAlias.shipmentId,
      sampleShipmentId: messageAlias.sampleShipmentId,
    })
    .from(chatAttachments)
    .leftJoin(messageAlias, eq(messageAlias.attachmentId, chatAttachments.id))
    .where(eq(chatAttachments.id, attachmentId))
    .limit(1);
  if (!row) return null;
  const { shipmentId, sampleShipmentId, ...attachment } = row;
  let chat: ChatRef | null = null;
  if (shipmentId !== null) chat = { kind: "shipment", id: shipmentId };
  else if (sampleShipmentId !== null) chat = { kind: "sample", id: sampleShipmentId };
  return { ...attachment, chat };
}

/** Deletes the attachment's row; returns whose it was and its size (undefined: already gone). */
export async function deleteAttachment(
  db: DbOrTx,
  attachmentId: number,
): Promise<{ uploaderId: number; sizeBytes: number } | undefined> {
  const [row] = await db
    .delete(chatAttachments)
    .where(eq(chatAttachments.id, attachmentId))
    .returning({ uploaderId: chatAttachments.uploaderId, sizeBytes: chatAttachments.sizeBytes });
  return row;
}
