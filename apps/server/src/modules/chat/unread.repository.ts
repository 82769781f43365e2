import { ne, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import { chatMessages, chatReadCursors } from "../../db/schema/index.js";

type ChatKind = "shipment" | "sample";
type UserRef = number | Placeholder;

const chatColumnOf = (kind: ChatKind) =>
  kind === "shipment" ? chatMessages.shipmentId : chatMessages.sampleShipmentId;

/**
 * The user's read cursor in a chat (0 before they read any message), as a scalar subquery:
 * one probe of the cursors' primary key.
 */
const readCursor = (user: UserRef, kind: ChatKind, chatId: UserRef | AnyColumn | SQL) =>
  sql`coalesce((select ${chatReadCursors.lastReadMessageId} from ${chatReadCursors}
    where ${chatReadCursors.userId} = ${user} and ${chatReadCursors.chatKind} = ${sql.raw(`'${kind}'`)}
      and ${chatReadCursors.chatId} = ${chatId}), 0)`;

/**
 * A chat's unread messages for one user as a scalar subquery: the messages from someone else
 * above the user's read cursor. The cursor is read first and bounds the walk of the chat's
 * (chat, id, sender) index (migration 0036), so it visits the unread messages alone, in the index
 * alone, however long the chat is: joined to each message instead, the cursor was looked up for
 * every message the chat ever held (on a seller's page of 50 with 40 messages a chat,
 * PostgreSQL's time a page nearly doubled).
 */
function unreadSql(user: UserRef, kind: ChatKind, chatId: UserRef | AnyColumn | SQL): SQL<number> {
  const chatColumn = chatColumnOf(kind);
  return sql<number>`(select count(*) from ${chatMessages}
    where ${chatColumn} = ${chatId} and ${chatMessages.id} > ${readCursor(user, kind, chatId)}
      and ${ne(chatMessages.senderId, user)})`.mapWith(Number);
}

/** One statement per list page, whatever the page size: each chat counted as unreadSql does. */
async function unreadCounts(
  db: DbOrTx,
  userId: number,
  kind: ChatKind,
  chatIds: number[],
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  const ids = [...new Set(chatIds)].filter((id) => Number.isInteger(id) && id > 0);
  if (ids.length === 0) return result;
  const chat = sql`"chat"."id"`;
  const build = (user: number | Placeholder, chats: SQL) =>
    db
      .select({ chatId: sql<number>`${chat}`.mapWith(Number), unread: unreadSql(user, kind, chat) })
      .from(sql`unnest(${chats}) as "chat"("id")`);
  const prepared = preparedOnce(db, `unread.${kind}`, () =>
    build(sql.placeholder("userId"), sql`${sql.placeholder("ids")}::integer[]`).prepare(
      `unread_${kind}`,
    ),
  );
  const rows = prepared
    ? await prepared.execute({ userId, ids })
    : await build(userId, sql`${sql.param(ids)}::integer[]`);
  for (const row of rows) {
    if (row.unread > 0) result.set(row.chatId, row.unread);
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
export function shipmentUnreadSql(userId: UserRef, shipmentId: UserRef | AnyColumn): SQL<number> {
  return unreadSql(userId, "shipment", shipmentId);
}
