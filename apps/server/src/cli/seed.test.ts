import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/app.js";
import { unreadCountsForShipments } from "../modules/chat/index.js";
import { seed } from "./seed.js";

// The seed the benches read: every awarded shipment has a chat whose unread messages its list
// rows count.
describe("the seed's chats", () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    test = await openTestDatabase();
    await seed(test.database.db, { shipments: 60, sellers: 2, agents: 3, bidWindowHours: 72 });
  });
  afterAll(async () => test.drop());

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await test.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  it("gives every awarded shipment 2 to 8 messages, its agent and its seller in turn", async () => {
    const chats = await rows<{ id: number; seller: number; agent: number; senders: number[] }>(sql`
      select s.id, s.seller_id as "seller", s.winner_agent_id as "agent",
        coalesce((select array_agg(m.sender_id order by m.id) from chat_messages m
                  where m.shipment_id = s.id), '{}') as "senders"
      from shipments s where s.winner_agent_id is not null`);
    expect(chats.length).toBeGreaterThan(20);
    for (const chat of chats) {
      expect(chat.senders.length).toBeGreaterThanOrEqual(2);
      expect(chat.senders.length).toBeLessThanOrEqual(8);
      expect(chat.senders).toEqual(
        chat.senders.map((_, i) => (i % 2 === 0 ? chat.agent : chat.seller)),
      );
    }
    const [unawarded] = await rows<{ n: number }>(sql`
      select count(*)::int as "n" from chat_messages m join shipments s on s.id = m.shipment_id
      where s.winner_agent_id is null`);
    expect(unawarded!.n).toBe(0);
  });

  it("leaves sellers unread messages past their cursors, counted as list rows count them", async () => {
    const chats = await rows<{ id: number; seller: number; unread: number }>(sql`
      select s.id, s.seller_id as "seller",
        (select count(*)::int from chat_messages m where m.shipment_id = s.id
           and m.sender_id <> s.seller_id
           and m.id > coalesce((select c.last_read_message_id from chat_read_cursors c
             where c.user_id = s.seller_id and c.chat_kind = 'shipment' and c.chat_id = s.id), 0))
          as "unread"
      from shipments s where s.winner_agent_id is not null`);
    const read = chats.filter((chat) => chat.id % 3 !== 0);
    // Two chats in three were read up to their last message or two; the rest not at all.
    expect(read.some((chat) => chat.unread === 0)).toBe(true);
    expect(chats.some((chat) => chat.unread > 1)).toBe(true);
    for (const seller of new Set(chats.map((chat) => chat.seller))) {
      const own = chats.filter((chat) => chat.seller === seller);
      const counts = await unreadCountsForShipments(
        test.database.db,
        seller,
        own.map((chat) => chat.id),
      );
      for (const chat of own)
        expect(counts.get(chat.id) ?? 0, `shipment ${chat.id}`).toBe(chat.unread);
    }
  });
});
