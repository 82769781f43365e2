import { and, asc, desc, eq, gt, inArray, max, type Placeholder, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { mappedByPosition, preparedOnce } from "../../db/prepared.js";
import {
  chargeChanges,
  chatAttachments,
  chatMessageClientIds,
  chatMessages,
  chatReactions,
  chatReadCursors,
  quotations,
  sampleShipments,
  shipments,
  users,
} from "../../db/schema/index.js";
import type { ChatFacts, ChatKind } from "./chat.policy.js";

export interface ChatRef {
  kind: ChatKind;
  id: number;
}

export async function findShipmentChat(db: DbOrTx, shipmentId: number): Promise<ChatFacts | null> {
  const build = (id: number | Placeholder) =>
    db
      .select({
        id: shipments.id,
        sellerId: shipments.sellerId,
        status: shipments.status,
        agentId: quotations.agentId,
        chargeChangeStatus: chargeChanges.status,
      })
      .from(shipments)
      .leftJoin(quotations, eq(quotations.id, shipments.winningQuotationId))
      .leftJoin(chargeChanges, eq(chargeChanges.shipmentId, shipments.id))
      .where(eq(shipments.id, id))
      .limit(1);
  // Every socket, history read and message asks this first: named, so each connection plans it
  // once (planning it cost more than running it).
  const prepared = preparedOnce(db, "chat-facts-shipment", () =>
    mappedByPosition(build(sql.placeholder("id")).prepare("chat_facts_shipment")),
  );
  const [row] = prepared ? await prepared.execute({ id: shipmentId }) : await build(shipmentId);
  if (!row) return null;
  // The winning agent stays a party after the seller declines or cancels their bid: the chat is
  // closed for writing then (isChatOpen), but its history is theirs as much as the seller's.
  const agentId = row.agentId ?? null;
  return {
    kind: "shipment",
    id: row.id,
    sellerId: row.sellerId,
    status: row.status,
    agentId,
    chargeChangeStatus: row.chargeChangeStatus ?? null,
  };
}

export async function findSampleChat(db: DbOrTx, sampleId: number): Promise<ChatFacts | null> {
  const [row] = await db
    .select({
      id: sampleShipments.id,
      sellerId: sampleShipments.sellerId,
      status: sampleShipments.status,
      agentId: sampleShipments.claimedById,
    })
    .from(sampleShipments)
    .where(eq(sampleShipments.id, sampleId))
    .limit(1);
  if (!row) return null;
  return { kind: "sample", ...row, chargeChangeStatus: null };
}

function inChat(kind: ChatKind, id: number | Placeholder): SQL {
  return kind === "shipment"
    ? eq(chatMessages.shipmentId, id)
    : eq(chatMessages.sampleShipmentId, id);
}

export interface MessageRow {
  id: number;
  shipmentId: number | null;
  sampleShipmentId: number | null;
  senderId: number;
  senderType: "Seller" | "Shipper" | "Admin";
  senderFirstName: string;
  senderLastName: string;
  content: string;
  parentId: number | null;
  createdAt: Date;
  editedAt: Date | null;
  attachment: AttachmentRow | null;
}

export interface AttachmentRow {
  id: number;
  uploaderId: number;
  storageKey: string;
  fileName: string;
  fileType: string;
  mimeType: string;
  sizeBytes: number;
}

/** An attachment's columns, as messages carry them and its own reads return them. */
export const attachmentColumns = {
  id: chatAttachments.id,
  uploaderId: chatAttachments.uploaderId,
  storageKey: chatAttachments.storageKey,
  fileName: chatAttachments.fileName,
  fileType: chatAttachments.fileType,
  mimeType: chatAttachments.mimeType,
  sizeBytes: chatAttachments.sizeBytes,
};

function messagesQuery(
  db: DbOrTx,
  where: SQL | undefined,
  order: "asc" | "desc",
  limit: number | Placeholder,
) {
  return db
    .select({
      id: chatMessages.id,
      shipmentId: chatMessages.shipmentId,
      sampleShipmentId: chatMessages.sampleShipmentId,
      senderId: chatMessages.senderId,
      senderType: chatMessages.senderType,
      senderFirstName: users.firstName,
      senderLastName: users.lastName,
      content: chatMessages.content,
      parentId: chatMessages.parentId,
      createdAt: chatMessages.createdAt,
      editedAt: chatMessages.editedAt,
      attachment: attachmentColumns,
    })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .leftJoin(chatAttachments, eq(chatAttachments.id, chatMessages.attachmentId))
    .where(where)
    .orderBy(order === "asc" ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(limit);
}

type SelectedMessage = Awaited<ReturnType<typeof messagesQuery>>[number];

const toMessageRow = (row: SelectedMessage): MessageRow => ({
  ...row,
  attachment: row.attachment?.id ? row.attachment : null,
});

async function selectMessages(
  db: DbOrTx,
  where: SQL | undefined,
  order: "asc" | "desc",
  limit: number,
): Promise<MessageRow[]> {
  return (await messagesQuery(db, where, order, limit)).map(toMessageRow);
}

/** The newest `limit` messages, or the first `limit` after `afterId`; oldest first either way. */
export async function listMessages(
  db: DbOrTx,
  chat: ChatRef,
  afterId: number | undefined,
  limit: number,
): Promise<MessageRow[]> {
  const after = afterId !== undefined;
  const build = (
    chatId: number | Placeholder,
    from: number | Placeholder | undefined,
    count: number | Placeholder,
  ) =>
    from === undefined
      ? messagesQuery(db, inChat(chat.kind, chatId), "desc", count)
      : messagesQuery(db, and(inChat(chat.kind, chatId), gt(chatMessages.id, from)), "asc", count);
  // Every socket reads its history on opening and again after a reconnect: named, so each
  // connection plans each shape once.
  const shape = `${chat.kind}_${after ? "after" : "newest"}`;
  const prepared = preparedOnce(db, `chat-messages.${shape}`, () =>
    build(
      sql.placeholder("chatId"),
      after ? sql.placeholder("afterId") : undefined,
      sql.placeholder("limit"),
    ).prepare(`chat_messages_${shape}`),
  );
  const rows = prepared
    ? await prepared.execute({ chatId: chat.id, afterId, limit })
    : await build(chat.id, afterId, limit);
  const messages = rows.map(toMessageRow);
  return after ? messages : messages.reverse();
}

export async function messagesByIds(db: DbOrTx, ids: number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return selectMessages(db, inArray(chatMessages.id, ids), "asc", ids.length);
}

export async function findMessageInChat(
  db: DbOrTx,
  chat: ChatRef,
  messageId: number,
): Promise<MessageRow | null> {
  const [row] = await selectMessages(
    db,
    and(inChat(chat.kind, chat.id), eq(chatMessages.id, messageId)),
    "asc",
    1,
  );
  return row ?? null;
}

export interface ReactionRow {
  messageId: number;
  userId: number;
  firstName: string;
  lastName: string;
  reaction: string;
}

export async function reactionsFor(db: DbOrTx, messageIds: number[]): Promise<ReactionRow[]> {
  if (messageIds.length === 0) return [];
  const build = (ids: number[] | Placeholder) =>
    db
      .select({
        messageId: chatReactions.messageId,
        userId: chatReactions.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        reaction: chatReactions.reaction,
      })
      .from(chatReactions)
      .innerJoin(users, eq(users.id, chatReactions.userId))
      .where(sql`${chatReactions.messageId} = any(${sql.param(ids)}::integer[])`)
      .orderBy(asc(chatReactions.createdAt));
  // Every history page asks it, with as many ids as messages: one statement for any number.
  const prepared = preparedOnce(db, "chat-reactions", () =>
    mappedByPosition(build(sql.placeholder("ids")).prepare("chat_reactions")),
  );
  return prepared ? prepared.execute({ ids: messageIds }) : build(messageIds);
}

export interface ReadCursor {
  userId: number;
  lastReadMessageId: number;
}

export async function readCursors(db: DbOrTx, chat: ChatRef): Promise<ReadCursor[]> {
  const build = (kind: ChatKind | Placeholder, chatId: number | Placeholder) =>
    db
      .select({
        userId: chatReadCursors.userId,
        lastReadMessageId: chatReadCursors.lastReadMessageId,
      })
      .from(chatReadCursors)
      .where(and(eq(chatReadCursors.chatKind, kind), eq(chatReadCursors.chatId, chatId)));
  // Every history read shows who read what: named, so each connection plans it once.
  const prepared = preparedOnce(db, "chat-read-cursors", () =>
    mappedByPosition(
      build(sql.placeholder("kind"), sql.placeholder("chatId")).prepare("chat_read_cursors"),
    ),
  );
  return prepared
    ? prepared.execute({ kind: chat.kind, chatId: chat.id })
    : build(chat.kind, chat.id);
}

export async function latestMessageId(db: DbOrTx, chat: ChatRef): Promise<number | null> {
  const [row] = await db
    .select({ id: max(chatMessages.id) })
    .from(chatMessages)
    .where(inChat(chat.kind, chat.id));
  return row?.id ?? null;
}

/** Moves the user's cursor forward (never back); true when it moved. */
export async function advanceReadCursor(
  db: DbOrTx,
  userId: number,
  chat: ChatRef,
  messageId: number,
): Promise<boolean> {
  const rows = await db
    .insert(chatReadCursors)
    .values({ userId, chatKind: chat.kind, chatId: chat.id, lastReadMessageId: messageId })
    .onConflictDoUpdate({
      target: [chatReadCursors.userId, chatReadCursors.chatKind, chatReadCursors.chatId],
      set: { lastReadMessageId: messageId, updatedAt: sql`now()` },
      setWhere: sql`${chatReadCursors.lastReadMessageId} < ${messageId}`,
    })
    .returning({ userId: chatReadCursors.userId });
  return rows.length > 0;
}

/** True when someone other than the author has a read cursor at or past the message. */
export async function isReadByOthers(
  db: DbOrTx,
  chat: ChatRef,
  messageId: number,
  authorId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(chatReadCursors)
    .where(
      and(
        eq(chatReadCursors.chatKind, chat.kind),
        eq(chatReadCursors.chatId, chat.id),
        sql`${chatReadCursors.userId} <> ${authorId}`,
        sql`${chatReadCursors.lastReadMessageId} >= ${messageId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertMessage(
  db: DbOrTx,
  values: {
    chat: ChatRef;
    senderId: number;
    senderType: "Seller" | "Shipper" | "Admin";
    content: string;
    parentId: number | null;
    attachmentId: number | null;
  },
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db
    .insert(chatMessages)
    .values({
      shipmentId: values.chat.kind === "shipment" ? values.chat.id : null,
      sampleShipmentId: values.chat.kind === "sample" ? values.chat.id : null,
      senderId: values.senderId,
      senderType: values.senderType,
      content: values.content,
      parentId: values.parentId,
      attachmentId: values.attachmentId,
    })
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  if (!row) throw new Error("message insert returned nothing");
  return row;
}

/** Records the client_id the sender gave a message; a second record of the pair fails (23505). */
export async function insertClientId(
  db: DbOrTx,
  values: { senderId: number; clientId: string; messageId: number },
): Promise<void> {
  await db.insert(chatMessageClientIds).values(values);
}

/** The sender's message in this chat stored under `clientId`, if any. */
export async function findMessageByClientId(
  db: DbOrTx,
  chat: ChatRef,
  senderId: number,
  clientId: string,
): Promise<MessageRow | null> {
  const stored = db
    .select({ id: chatMessageClientIds.messageId })
    .from(chatMessageClientIds)
    .where(
      and(eq(chatMessageClientIds.senderId, senderId), eq(chatMessageClientIds.clientId, clientId)),
    );
  const [row] = await selectMessages(
    db,
    and(inChat(chat.kind, chat.id), inArray(chatMessages.id, stored)),
    "asc",
    1,
  );
  return row ?? null;
}

export async function updateMessageContent(
  db: DbOrTx,
  messageId: number,
  content: string,
): Promise<void> {
  await db
    .update(chatMessages)
    .set({ content, editedAt: sql`now()` })
    .where(eq(chatMessages.id, messageId));
}

export async function deleteMessage(db: DbOrTx, messageId: number): Promise<void> {
  await db.delete(chatMessages).where(eq(chatMessages.id, messageId));
}

export async function upsertReaction(
  db: DbOrTx,
  messageId: number,
  userId: number,
  reaction: string,
): Promise<void> {
  await db
    .insert(chatReactions)
    .values({ messageId, userId, reaction })
    .onConflictDoUpdate({
      target: [chatReactions.messageId, chatReactions.userId],
      set: { reaction, createdAt: sql`now()` },
    });
}

/** Everyone who has written in the chat (for notifications and the parties header). */
export async function participants(
  db: DbOrTx,
  chat: ChatRef,
): Promise<Array<{ userId: number; group: "Seller" | "Shipper" | "Admin"; lastId: number }>> {
  const build = (chatId: number | Placeholder) =>
    db
      .select({ userId: chatMessages.senderId, group: users.group, lastId: max(chatMessages.id) })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.senderId))
      .where(inChat(chat.kind, chatId))
      .groupBy(chatMessages.senderId, users.group);
  // Every message and history read asks it: named, so each connection plans it once.
  const prepared = preparedOnce(db, `chat-participants.${chat.kind}`, () =>
    mappedByPosition(build(sql.placeholder("chatId")).prepare(`chat_participants_${chat.kind}`)),
  );
  const rows = prepared ? await prepared.execute({ chatId: chat.id }) : await build(chat.id);
  return rows.map((row) => ({ ...row, lastId: row.lastId ?? 0 }));
}

export interface PartyRow {
  id: number;
  firstName: string;
  lastName: string;
  imageKey: string | null;
  updatedAt: Date;
}

export async function usersByIds(db: DbOrTx, ids: number[]): Promise<PartyRow[]> {
  if (ids.length === 0) return [];
  const build = (list: number[] | Placeholder) =>
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        imageKey: users.imageKey,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(sql`${users.id} = any(${sql.param(list)}::integer[])`);
  // Every history read names its parties: one statement whatever their number, planned once.
  const prepared = preparedOnce(db, "chat-users-by-ids", () =>
    mappedByPosition(build(sql.placeholder("ids")).prepare("chat_users_by_ids")),
  );
  return prepared ? prepared.execute({ ids }) : build(ids);
}
