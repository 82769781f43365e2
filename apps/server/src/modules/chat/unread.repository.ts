import {
  and,
  count,
  eq,
  gt,
  ne,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import { chatMessages, chatReadCursors } from "../../db/schema/index.js";

type ChatKind = "shipment" | "sample";
type UserRef = number | Placeholder;

const chatColumnOf = (kind: ChatKind) =>
  kind === "shipment" ? chatMessages.shipmentId : chatMessages.sampleShipmentId;

/** The user's read cursor in the chat of the message (joined to chat_messages). */
const readCursorOf = (user: UserRef, kind: ChatKind) =>
  and(
    eq(chatReadCursors.userId, user),
    eq(chatReadCursors.chatKind, kind),
    eq(chatReadCursors.chatId, chatColumnOf(kind)),
  );

/** Unread = a message from someone else above the user's read cursor for that chat. */
const unreadBy = (user: UserRef) =>
  and(
    ne(chatMessages.senderId, user),
    gt(chatMessages.id, sql`coalesce(${chatReadCursors.lastReadMessageId}, 0)`),
  );

/** One grouped query over the (chat, id) index per list page, whatever the page size. */
async function unreadCounts(
  db: DbOrTx,
  userId: number,
  kind: ChatKind,
  chatIds: number[],
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  const ids = [...new Set(chatIds)].filter((id) => Number.isInteger(id) && id > 0);
  if (ids.length === 0) return result;
  const chatColumn = chatColumnOf(kind);
  const build = (user: number | Placeholder, chats: SQL) =>
    db
      .select({ chatId: chatColumn, unread: count() })
      .from(chatMessages)
      .leftJoin(chatReadCursors, readCursorOf(user, kind))
      .where(and(sql`${chatColumn} = any(${chats})`, unreadBy(user)))
      .groupBy(chatColumn);
  const prepared = preparedOnce(db, `unread.${kind}`, () =>
    build(sql.placeholder("userId"), sql`${sql.placeholder("ids")}::integer[]`).prepare(
      `unread_${kind}`,
    ),
  );
  const rows = prepared
    ? await prepared.execute({ userId, ids })
    : await build(userId, sql`${sql.param(ids)}::integer[]`);
  for (const row of rows) {
    if (row.chatId !== null) result.set(row.chatId, Number(row.unread));
  }
  return result;
}

/** Unread chat messages per shipment for one user (shipments absent from the map have 0). */
export function unreadCountsForShipments(
  db: DbOrTx,
  userId: number,
  shipmentIds: number[],
): Promise<Map<number, number>> {
  return unreadCounts(db, userId, "shipment", shipmentIds);
}

/** Unread chat messages per sample shipment for one user. */
export function unreadCountsForSamples(
  db: DbOrTx,
  userId: number,
  sampleIds: number[],
): Promise<Map<number, number>> {
  return unreadCounts(db, userId, "sample", sampleIds);
}

/**
 * A shipment chat's unread messages for one user as a scalar subquery, for a statement that
 * reads the count beside something else of the shipment (its page's cartons).
 */
export function shipmentUnreadSql(
  db: DbOrTx,
  userId: UserRef,
  shipmentId: UserRef | AnyColumn,
): SQL<number> {
  const counted = db
    .select({ unread: count() })
    .from(chatMessages)
    .leftJoin(chatReadCursors, readCursorOf(userId, "shipment"))
    .where(and(eq(chatMessages.shipmentId, shipmentId), unreadBy(userId)));
  return sql<number>`(${counted})`.mapWith(Number);
}
