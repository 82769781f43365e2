/**
 * Fills the configured database (DATABASE_URL, or PGlite under DATA_DIR) with realistic demo data:
 * sellers, shipping agents, shipments in every status with packages and quotations, and a chat
 * on every awarded shipment.
 *
 *   npm run seed -- --shipments 100000 [--sellers 500] [--agents 100]
 *
 * Every seeded account has the password printed at the end. Rows are generated inside the
 * database with generate_series, so 100,000 shipments take seconds, not minutes.
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../config.js";
import { openDatabase, type DbOrTx } from "../db/client.js";
import { users } from "../db/schema/index.js";
import { hashPassword } from "../lib/passwords.js";
import { refreshScorecard } from "../modules/agents/index.js";

export const SEED_PASSWORD = "Passw0rd!";

const PRODUCTS = [
  "Bamboo Cutting Board",
  "Silicone Baking Mat",
  "Yoga Mat",
  "Stainless Water Bottle",
  "LED Desk Lamp",
  "Wireless Earbuds",
  "Phone Case",
  "Kitchen Scale",
  "Garden Hose",
  "Dog Leash",
  "Cat Tree",
  "Camping Lantern",
  "Resistance Bands",
  "Coffee Grinder",
  "Throw Pillow",
  "Shower Curtain",
  "Laptop Stand",
  "Car Phone Mount",
  "Baby Bottle",
  "Ceramic Mug",
  "Wooden Toy Train",
  "Hair Dryer",
  "Face Serum",
  "Protein Shaker",
  "Bike Light",
  "Travel Backpack",
  "Notebook Set",
  "Desk Organizer",
  "Candle Set",
  "Pet Bowl",
];

const PICKUPS = [
  ["1200 Harbor Way", "Long Beach", "CA", "90802", 33.7701, -118.1937],
  ["455 Market St", "San Francisco", "CA", "94105", 37.7898, -122.3942],
  ["88 Industrial Pkwy", "Newark", "NJ", "07114", 40.7079, -74.1764],
  ["3100 Commerce Dr", "Dallas", "TX", "75247", 32.8137, -96.8746],
  ["700 Logistics Blvd", "Savannah", "GA", "31408", 32.1216, -81.1841],
  ["2500 Port Rd", "Seattle", "WA", "98134", 47.5769, -122.3382],
  ["19 Warehouse Ln", "Chicago", "IL", "60638", 41.7811, -87.7708],
  ["640 Freight Ave", "Miami", "FL", "33166", 25.8231, -80.3128],
  ["12 Dockside Ct", "Baltimore", "MD", "21224", 39.2809, -76.5461],
  ["901 Cargo St", "Houston", "TX", "77029", 29.7631, -95.2635],
] as const;

const WAREHOUSES = [
  "ONT8 - Moreno Valley, CA",
  "LGB8 - Rialto, CA",
  "SBD1 - Bloomington, CA",
  "PHX7 - Phoenix, AZ",
  "DFW7 - Fort Worth, TX",
  "ABE8 - Florence, NJ",
  "MDW2 - Joliet, IL",
  "ATL6 - East Point, GA",
];

const literalList = (values: readonly (string | number)[]) =>
  values
    .map((value) => (typeof value === "number" ? String(value) : `'${value.replace(/'/g, "''")}'`))
    .join(",");

async function seedUsers(
  db: DbOrTx,
  group: "Seller" | "Shipper",
  count: number,
  runTag: string,
): Promise<number[]> {
  const passwordHash = await hashPassword(SEED_PASSWORD);
  const prefix = group === "Seller" ? "seller" : "agent";
  const ids: number[] = [];
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
      const n = start + offset + 1;
      return {
        email: `${prefix}${n}.${runTag}@seed.example.com`,
        firstName: group === "Seller" ? "Seller" : "Agent",
        lastName: `Number${String.fromCharCode(65 + (n % 26))}`,
        group,
        passwordHash,
        phone: `555${String(1000000 + n).slice(-7)}`,
        companyName: group === "Seller" ? `Store ${n}` : `Freight ${n}`,
      };
    });
    const rows = await db.insert(users).values(batch).returning({ id: users.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/**
 * A chat on every awarded shipment from `firstId` on: 2 to 8 messages, the agent and the seller in
 * turn, written chat after chat as conversations interleave (a chat's messages lie on different
 * pages of the table). The seller has read all but the last one or two of two chats in three, the
 * agent every message of half of theirs: list rows count their unread messages.
 */
export async function seedChats(db: DbOrTx, firstId: number): Promise<void> {
  await db.execute(sql`
    insert into chat_messages (shipment_id, sender_id, sender_type, content, created_at)
    select s.id, case when m % 2 = 1 then s.winner_agent_id else s.seller_id end,
      case when m % 2 = 1 then 'Shipper' else 'Seller' end,
      case when m % 2 = 1 then 'Pickup booked for message ' || m else 'Thanks, noted ' || m end,
      s.created_at + interval '3 days' + m * interval '1 hour'
    from generate_series(1, 8) as m
    join shipments s on s.winner_agent_id is not null and m <= 2 + s.id % 7
    where s.id >= ${firstId}
    order by m, s.id`);
  await db.execute(sql`
    insert into chat_read_cursors (user_id, chat_kind, chat_id, last_read_message_id)
    with chats as (
      select s.id, s.seller_id, s.winner_agent_id, max(m.id) as last
      from shipments s join chat_messages m on m.shipment_id = s.id
      where s.id >= ${firstId}
      group by s.id)
    select seller_id, 'shipment', id, last - 1 - id % 2 from chats where id % 3 <> 0
    union all
    select winner_agent_id, 'shipment', id, last from chats where id % 2 = 0`);
}

export async function seed(
  db: DbOrTx,
  options: { shipments: number; sellers: number; agents: number; bidWindowHours: number },
) {
  const runTag = Date.now().toString(36);
  const sellerIds = await seedUsers(db, "Seller", options.sellers, runTag);
  const agentIds = await seedUsers(db, "Shipper", Math.max(3, options.agents), runTag);
  const maxResult = (await db.execute(
    sql`select coalesce(max(id), 0)::int as max from shipments`,
  )) as unknown as { rows: Array<{ max: number }> };
  const before = maxResult.rows[0];
  const firstId = (before?.max ?? 0) + 1;
  const windowMs = Math.round(options.bidWindowHours * 3600 * 1000);

  const sellersArray = sql.raw(`ARRAY[${sellerIds.join(",")}]::int[]`);
  const agentsArray = sql.raw(`ARRAY[${agentIds.join(",")}]::int[]`);
  const products = sql.raw(`ARRAY[${literalList(PRODUCTS)}]::text[]`);
  const streets = sql.raw(`ARRAY[${literalList(PICKUPS.map((p) => p[0]))}]::text[]`);
  const cities = sql.raw(`ARRAY[${literalList(PICKUPS.map((p) => p[1]))}]::text[]`);
  const states = sql.raw(`ARRAY[${literalList(PICKUPS.map((p) => p[2]))}]::text[]`);
  const zips = sql.raw(`ARRAY[${literalList(PICKUPS.map((p) => p[3]))}]::text[]`);
  const lats = sql.raw(`ARRAY[${PICKUPS.map((p) => p[4]).join(",")}]::float8[]`);
  const lngs = sql.raw(`ARRAY[${PICKUPS.map((p) => p[5]).join(",")}]::float8[]`);
  const warehousesArray = sql.raw(`ARRAY[${literalList(WAREHOUSES)}]::text[]`);

  // Status by g mod 20: 5 open (pending or received), 1 expired without bids, 3 approved,
  // 3 accepted, 5 completed, 3 cancelled.
  const chunk = 20_000;
  for (let start = 1; start <= options.shipments; start += chunk) {
    const end = Math.min(options.shipments, start + chunk - 1);
    await db.execute(sql`
      insert into shipments (
        seller_id, status, freight_booking_reference_number, shipment_ready_date,
        supplier_contact_name, supplier_contact_phone, product_name, main_competitor_asin,
        pickup_full_address, pickup_street_address, pickup_city, pickup_state, pickup_country,
        pickup_zip_code, pickup_latitude, pickup_longitude, pickup_place_id, compliance,
        detailed_product_description, additional_notes, contact_first_name, contact_last_name,
        contact_email, bidding_ends_at, created_at, updated_at, cancel_reason)
      -- The status follows g % 20 and the booking time g % 1000 (open rows) or g % 2000; product
      -- and pickup are drawn by a hash of g, apart from both: every product and every city appears
      -- in every status and at every time, as in real bookings. (Drawn from g / 20 they came in
      -- blocks in list order: 35,000 newest shipments without a "Kitchen Scale" though one in 30
      -- is one, so a search walked a list's index for pages that real data fills at once.)
      select
        (${sellersArray})[1 + abs(hashtext(g::text)) % ${sellerIds.length}],
        case
          when g % 20 < 2 then 'Shipment Pending'
          when g % 20 < 5 then 'Quotation Received'
          when g % 20 = 5 then 'Shipment Pending'
          when g % 20 < 9 then 'Quotation Approved'
          when g % 20 < 12 then 'Quotation Accepted'
          when g % 20 < 17 then 'Shipment Completed'
          else 'Shipment Cancelled' end,
        'FBR ' || lpad(g::text, 7, '0'),
        (current_date + ((g % 60) - 20))::date,
        'Supplier ' || (g % 500),
        '86138' || lpad((g % 1000000)::text, 6, '0'),
        (${products})[pick.product] || ' ' || (g % 997),
        'B0' || upper(substr(md5(g::text), 1, 8)),
        (${streets})[pick.pickup] || ', ' || (${cities})[pick.pickup] || ', '
          || (${states})[pick.pickup] || ' ' || (${zips})[pick.pickup] || ', USA',
        (${streets})[pick.pickup],
        (${cities})[pick.pickup],
        (${states})[pick.pickup],
        'USA',
        (${zips})[pick.pickup],
        (${lats})[pick.pickup],
        (${lngs})[pick.pickup],
        'zip:' || (${zips})[pick.pickup],
        case when g % 3 = 0 then '["FDA Certified Product"]'::jsonb
             when g % 3 = 1 then '["Wooden / Bamboo / Animal Product","Cream / Liquids / Powders"]'::jsonb
             else '["No, my shipment does not contain any of the goods listed"]'::jsonb end,
        'Retail goods batch ' || (g % 100),
        case when g % 4 = 0 then 'Handle with care' else null end,
        'Contact', 'Person', 'contact' || (g % 1000) || '@example.com',
        t.created + ${windowMs} * interval '1 millisecond',
        t.created, t.created,
        case when g % 20 >= 17 then 'Plans changed' else null end
      from generate_series(${start}::int, ${end}::int) as g,
      lateral (
        select case
          when g % 20 < 5 then now() - ((g % 1000) * ${Math.floor(windowMs / 1000)}) * interval '1 millisecond'
          else now() - ${windowMs} * interval '1 millisecond' - ((g % 2000) + 1) * interval '1 hour' end as created
      ) as t,
      lateral (
        select 1 + abs(hashtext('product ' || g)) % ${PRODUCTS.length} as product,
          1 + abs(hashtext('pickup ' || g)) % ${PICKUPS.length} as pickup
      ) as pick`);
  }

  await db.execute(sql`
    insert into shipment_packages (shipment_id, position, length_cm, width_cm, height_cm,
      weight_per_carton_kg, total_cost_of_goods, number_of_cartons, delivery_location, chargeable_weight)
    select s.id, p - 1, 30 + s.id % 40, 20 + s.id % 30, 20 + s.id % 25, 5 + s.id % 20,
      500 + (s.id % 50) * 100, 1 + s.id % 30,
      -- By a hash, as the product: by id they came in blocks of booking time (1,000 and 8 share
      -- a factor), whole days of bookings without an ONT8.
      (${warehousesArray})[1 + abs(hashtext('fc ' || s.id || ' ' || p)) % ${WAREHOUSES.length}],
      round(greatest(5 + s.id % 20, ((30 + s.id % 40) * (20 + s.id % 30) * (20 + s.id % 25))::numeric / 6000) * (1 + s.id % 30), 2)
    from shipments s, generate_series(1, 1 + s.id % 2) as p
    where s.id >= ${firstId}`);

  // 1 to 3 bids from distinct agents on every shipment past Shipment Pending.
  await db.execute(sql`
    insert into quotations (shipment_id, agent_id, pickup_amount, fast_amount, normal_amount,
      total_amount, created_at, updated_at)
    select s.id, (${agentsArray})[1 + (s.id + k) % ${agentIds.length}],
      a.pickup, a.fast, a.normal, a.pickup + least(a.fast, a.normal),
      s.created_at + (k + 1) * interval '1 hour', s.created_at + (k + 1) * interval '1 hour'
    from shipments s, generate_series(0, s.id % 3) as k,
    lateral (select (50 + (s.id * 7 + k * 13) % 200)::numeric as pickup,
                    (600 + (s.id * 11 + k * 17) % 1500)::numeric as fast,
                    (400 + (s.id * 13 + k * 29) % 1500)::numeric as normal) as a
    where s.id >= ${firstId} and s.status <> 'Shipment Pending'`);

  await db.execute(sql`
    update shipments s set quotation_count = c.n
    from (select shipment_id, count(*)::int as n from quotations
          where shipment_id >= ${firstId} group by shipment_id) c
    where c.shipment_id = s.id`);

  await db.execute(sql`
    update shipments s set winning_quotation_id = w.id, winner_agent_id = w.agent_id
    from (select distinct on (shipment_id) shipment_id, id, agent_id from quotations
          where shipment_id >= ${firstId}
          order by shipment_id, total_amount, created_at, id) w
    where w.shipment_id = s.id and s.status not in ('Shipment Pending', 'Quotation Received')`);

  await db.execute(sql`
    update quotations q set is_accepted = (s.status <> 'Shipment Cancelled'),
      cancel_reason = case when s.status = 'Shipment Cancelled' then 'Plans changed' else null end
    from shipments s
    where s.winning_quotation_id = q.id and s.id >= ${firstId}
      and s.status in ('Quotation Accepted', 'Shipment Completed', 'Shipment Cancelled')`);

  await db.execute(sql`
    update shipments set final_amount = 800 + id % 2000,
      tracking_number = lpad((id::bigint * 7919 % 1000000000000)::text, 12, '0'),
      tracking_link = 'https://www.fedex.com/fedextrack/?trknbr=' || lpad((id::bigint * 7919 % 1000000000000)::text, 12, '0')
    where id >= ${firstId} and status = 'Shipment Completed'`);

  await seedChats(db, firstId);

  await db.execute(sql`analyze shipments`);
  await db.execute(sql`analyze quotations`);
  await db.execute(sql`analyze shipment_packages`);
  await db.execute(sql`analyze chat_messages`);
  await db.execute(sql`analyze chat_read_cursors`);

  // Every agent's scorecard, as the running server keeps it.
  for (const agentId of agentIds) await refreshScorecard(db, agentId);

  return { sellerIds, agentIds, runTag, firstShipmentId: firstId };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      shipments: { type: "string", default: "1000" },
      sellers: { type: "string" },
      agents: { type: "string" },
    },
  });
  const shipments = Math.max(0, Math.min(5_000_000, Number(values.shipments) || 0));
  const sellers = Math.max(1, Number(values.sellers) || Math.max(10, Math.ceil(shipments / 200)));
  const agents = Math.max(3, Number(values.agents) || Math.max(10, Math.ceil(shipments / 1000)));
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const started = Date.now();
  try {
    // One transaction without the pool's statement timeout: big set-based inserts, all or nothing.
    const result = await database.db.transaction(async (tx) => {
      if (database.kind === "postgres") await tx.execute(sql`set local statement_timeout = 0`);
      return seed(tx, {
        shipments,
        sellers,
        agents,
        bidWindowHours: config.BID_WINDOW_HOURS,
      });
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${shipments} shipments, ${sellers} sellers, ${agents} agents in ${seconds} s.\n` +
        `Sign in as seller1.${result.runTag}@seed.example.com or agent1.${result.runTag}@seed.example.com ` +
        `with password ${SEED_PASSWORD}`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
