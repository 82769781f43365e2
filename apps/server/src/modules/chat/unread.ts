import { and, count, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
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
  const rows = await db
    .select({ chatId: chatColumn, unread: count() })
    .from(chatMessages)
    .leftJoin(
      chatReadCursors,
      and(
        eq(chatReadCursors.userId, userId),
        eq(chatReadCursors.chatKind, kind),
        eq(chatReadCursors.chatId, chatColumn),
      ),
    )
    .where(
      and(
        inArray(chatColumn, ids),
        ne(chatMessages.senderId, userId),
        gt(chatMessages.id, sql`coalesce(${chatReadCursors.lastReadMessageId}, 0)`),
      ),
    )
    .groupBy(chatColumn);
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
