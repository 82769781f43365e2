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

/**
 * Unread = messages from others above the user's read cursor for that chat. One grouped query over
 * the (chat, id) index per list page, whatever the page size.
 */
async function unreadCounts(
  db: DbOrTx,
  userId: number,
  kind: "shipment" | "sample",
  chatIds: number[],
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  const ids = [...new Set(chatIds)].filter((id) => Number.isInteger(id) && id > 0);
  if (ids.length === 0) return result;
  const chatColumn = kind === "shipment" ? chatMessages.shipmentId : chatMessages.sampleShipmentId;
  const build = (user: number | Placeholder, chats: SQL) =>
    db
      .select({ chatId: chatColumn, unread: count() })
      .from(chatMessages)
      .leftJoin(
        chatReadCursors,
        and(
          eq(chatReadCursors.userId, user),
          eq(chatReadCursors.chatKind, kind),
          eq(chatReadCursors.chatId, chatColumn),
        ),
      )
      .where(
        and(
          sql`${chatColumn} = any(${chats})`,
          ne(chatMessages.senderId, user),
          gt(chatMessages.id, sql`coalesce(${chatReadCursors.lastReadMessageId}, 0)`),
        ),
      )
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
  userId: number | Placeholder,
  shipmentId: number | Placeholder | AnyColumn,
): SQL<number> {
  return sql<number>`(select count(*)::int from ${chatMessages} left join ${chatReadCursors}
    on ${chatReadCursors.userId} = ${userId} and ${chatReadCursors.chatKind} = 'shipment'
    and ${chatReadCursors.chatId} = ${chatMessages.shipmentId}
    where ${chatMessages.shipmentId} = ${shipmentId} and ${chatMessages.senderId} <> ${userId}
    and ${chatMessages.id} > coalesce(${chatReadCursors.lastReadMessageId}, 0))`.mapWith(Number);
}
