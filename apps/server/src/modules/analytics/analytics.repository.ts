import { sql, type SQL } from "drizzle-orm";
import { ANALYTICS_MONTHS, centsToNumber, roundCents } from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";

/**
 * Dashboard figures, one SQL statement each: the database aggregates, the server only shapes the
 * rows. Monthly series are the last ANALYTICS_MONTHS calendar months in UTC (generate_series), so
 * a month without activity is a zero row.
 */

type Row = Record<string, unknown>;

async function rowsOf(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/** The first month of the series and the current month, as UTC timestamps. */
const months = (now: Date) => {
  const current = sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC')`;
  return {
    first: sql`(${current} - interval '${sql.raw(String(ANALYTICS_MONTHS - 1))} months')`,
    current,
  };
};

const monthSeries = (now: Date) => {
  const { first, current } = months(now);
  return sql`generate_series(${first}, ${current}, interval '1 month') as m(month)`;
};

/** When a timestamp falls in the series: its month in UTC. */
const monthOf = (column: SQL) => sql`date_trunc('month', ${column} at time zone 'UTC')`;

/** What the seller finally owes: the agreed amount of a charge change, else the final amount. */
const owed = sql`coalesce(cc.agreed_amount, s.final_amount)`;

/** The FC code of a package's delivery location, as fcCodeOf reads it. */
const fcCode = sql`(case
  when split_part(upper(trim(p.delivery_location)), ' ', 1) ~ '^[A-Z0-9]{3,10}$'
   and split_part(upper(trim(p.delivery_location)), ' ', 1) ~ '[0-9]'
  then split_part(upper(trim(p.delivery_location)), ' ', 1)
  else upper(trim(p.delivery_location)) end)`;

export interface MonthAmount {
  month: string;
  amount: number;
}

/** A seller's spend: final amounts of completed orders by month of completion. */
export async function sellerSpendByMonth(
  db: DbOrTx,
  sellerId: number,
  now: Date,
): Promise<MonthAmount[]> {
  const { first } = months(now);
  const rows = await rowsOf(
    db,
    sql`select to_char(m.month, 'YYYY-MM') as month, coalesce(t.amount, 0) as amount
      from ${monthSeries(now)}
      left join (
        select ${monthOf(sql`s.completed_at`)} as month, sum(${owed}) as amount
        from shipments s left join charge_changes cc on cc.shipment_id = s.id
        where s.seller_id = ${sellerId} and s.status = 'Shipment Completed'
          and s.completed_at >= (${first} at time zone 'UTC')
        group by 1) t on t.month = m.month
      order by m.month`,
  );
  return rows.map((row) => ({ month: String(row.month), amount: money(row.amount) }));
}

export interface FcCost {
  fc_code: string;
  average_per_kg: number;
  orders: number;
}

/**
 * Average cost per chargeable kg of a seller's completed orders, by destination FC: each order's
 * final amount is shared among its FCs by chargeable weight, so an FC's average is its share of
 * the amounts over its kilograms.
 */
export async function sellerCostPerKgByFc(db: DbOrTx, sellerId: number): Promise<FcCost[]> {
  const rows = await rowsOf(
    db,
    sql`with orders as (
        select s.id, ${owed} as amount from shipments s
        left join charge_changes cc on cc.shipment_id = s.id
        where s.seller_id = ${sellerId} and s.status = 'Shipment Completed'
          and ${owed} is not null),
      parts as (
        select o.id, o.amount, ${fcCode} as fc_code, sum(p.chargeable_weight) as kg,
          sum(sum(p.chargeable_weight)) over (partition by o.id) as order_kg
        from orders o join shipment_packages p on p.shipment_id = o.id
        group by o.id, o.amount, 3)
      select fc_code, round(sum(amount * kg / order_kg) / sum(kg), 2) as average_per_kg,
        count(distinct id)::int as orders
      from parts where order_kg > 0 and kg > 0
      group by fc_code order by orders desc, fc_code`,
  );
  return rows.map((row) => ({
    fc_code: String(row.fc_code),
    average_per_kg: money(row.average_per_kg),
    orders: Number(row.orders),
  }));
}

/** The legs of orders (filtered by `where` on shipments s) with their Delivered event in force. */
const legFacts = (where: SQL) => sql`select l.shipment_id, l.eta, d.occurred_at as delivered_at
  from shipments s join shipment_legs l on l.shipment_id = s.id
  left join lateral (select e.occurred_at from leg_events e
    where e.leg_id = l.id and e.milestone = 'delivered'
      and not exists (select 1 from leg_events c where c.supersedes_id = e.id)
    order by e.id desc limit 1) d on true
  where ${where}`;

/**
 * Of a seller's completed orders whose every leg has an ETA and a Delivered milestone, those with
 * no leg delivered after the end (UTC) of its ETA day (the scorecards' definition).
 */
export async function sellerOnTime(
  db: DbOrTx,
  sellerId: number,
): Promise<{ on_time: number; measured: number }> {
  const [row] = await rowsOf(
    db,
    sql`select count(*)::int as measured, count(*) filter (where late = 0)::int as on_time
      from (select shipment_id,
          count(*) filter (where delivered_at >= ((eta + 1)::timestamp at time zone 'UTC')) as late
        from (${legFacts(sql`s.seller_id = ${sellerId} and s.status = 'Shipment Completed'`)}) l
        group by shipment_id
        having bool_and(eta is not null and delivered_at is not null)) o`,
  );
  return { on_time: Number(row?.on_time ?? 0), measured: Number(row?.measured ?? 0) };
}

/** A seller's shipments neither completed nor cancelled, by status. */
export async function sellerOpenOrders(db: DbOrTx, sellerId: number): Promise<Map<string, number>> {
  const rows = await rowsOf(
    db,
    sql`select status, count(*)::int as count from shipments
      where seller_id = ${sellerId}
        and status not in ('Shipment Completed', 'Shipment Cancelled')
      group by status`,
  );
  return new Map(rows.map((row) => [String(row.status), Number(row.count)]));
}

export interface AgentMonth {
  month: string;
  bids: number;
  wins: number;
  revenue: number;
}

/**
 * An agent's months: bids placed and, of those, bids that won (by the bid's month), and the final
 * amounts of the agent's completed orders (by month of completion).
 */
export async function agentByMonth(db: DbOrTx, agentId: number, now: Date): Promise<AgentMonth[]> {
  const { first } = months(now);
  const since = sql`(${first} at time zone 'UTC')`;
  const rows = await rowsOf(
    db,
    sql`select to_char(m.month, 'YYYY-MM') as month, coalesce(b.bids, 0)::int as bids,
        coalesce(b.wins, 0)::int as wins, coalesce(r.revenue, 0) as revenue
      from ${monthSeries(now)}
      left join (
        select ${monthOf(sql`q.created_at`)} as month, count(*) as bids,
          count(*) filter (where s.winning_quotation_id = q.id) as wins
        from quotations q join shipments s on s.id = q.shipment_id
        where q.agent_id = ${agentId} and q.created_at >= ${since}
        group by 1) b on b.month = m.month
      left join (
        select ${monthOf(sql`s.completed_at`)} as month, sum(${owed}) as revenue
        from shipments s left join charge_changes cc on cc.shipment_id = s.id
        where s.winner_agent_id = ${agentId} and s.status = 'Shipment Completed'
          and s.completed_at >= ${since}
        group by 1) r on r.month = m.month
      order by m.month`,
  );
  return rows.map((row) => ({
    month: String(row.month),
    bids: Number(row.bids),
    wins: Number(row.wins),
    revenue: money(row.revenue),
  }));
}

export interface AdminMonth {
  month: string;
  bookings: number;
  gmv: number;
}

/**
 * Bookings (orders whose winning bid the seller accepted, by month of acceptance) and their gross
 * value: the final amount owed once set, else the accepted bid's total.
 */
export async function adminByMonth(db: DbOrTx, now: Date): Promise<AdminMonth[]> {
  const { first } = months(now);
  const rows = await rowsOf(
    db,
    sql`select to_char(m.month, 'YYYY-MM') as month, coalesce(t.bookings, 0)::int as bookings,
        coalesce(t.gmv, 0) as gmv
      from ${monthSeries(now)}
      left join (
        select ${monthOf(sql`q.updated_at`)} as month, count(*) as bookings,
          sum(coalesce(${owed}, case q.accepted_service
            when 'fast' then q.pickup_amount + q.fast_amount
            when 'normal' then q.pickup_amount + q.normal_amount
            else q.total_amount end)) as gmv
        from quotations q
        join shipments s on s.winning_quotation_id = q.id
        left join charge_changes cc on cc.shipment_id = s.id
        where q.is_accepted is true and q.updated_at >= (${first} at time zone 'UTC')
        group by 1) t on t.month = m.month
      order by m.month`,
  );
  return rows.map((row) => ({
    month: String(row.month),
    bookings: Number(row.bookings),
    gmv: money(row.gmv),
  }));
}

/** Shipments posted in the series' months by how many bids they drew (shipments_created_list_idx). */
export async function bidsPerShipment(
  db: DbOrTx,
  now: Date,
): Promise<{ average: number | null; buckets: Map<string, number> }> {
  const { first } = months(now);
  const rows = await rowsOf(
    db,
    sql`select case when quotation_count >= 6 then '6+' when quotation_count >= 3 then '3-5'
          else quotation_count::text end as bucket,
        count(*)::int as shipments, sum(quotation_count)::int as bids
      from shipments where created_at >= (${first} at time zone 'UTC')
      group by 1`,
  );
  const shipments = rows.reduce((total, row) => total + Number(row.shipments), 0);
  const bids = rows.reduce((total, row) => total + Number(row.bids), 0);
  return {
    // eslint-disable-next-line no-restricted-syntax -- bids per shipment, not money
    average: shipments === 0 ? null : Math.round((bids / shipments) * 100) / 100,
    buckets: new Map(rows.map((row) => [String(row.bucket), Number(row.shipments)])),
  };
}

/** The median time from posting to the first bid, of shipments posted in the series' months. */
export async function medianMinutesToFirstBid(db: DbOrTx, now: Date): Promise<number | null> {
  const { first } = months(now);
  const [row] = await rowsOf(
    db,
    // One hash join and aggregate (a per-shipment lookup of the first bid is slower at scale).
    sql`select percentile_cont(0.5) within group (order by minutes) as minutes
      from (select extract(epoch from min(q.created_at) - s.created_at) / 60 as minutes
        from shipments s join quotations q on q.shipment_id = s.id
        where s.created_at >= (${first} at time zone 'UTC')
        group by s.id, s.created_at) f`,
  );
  return row?.minutes === null || row?.minutes === undefined
    ? null
    : Math.round(Number(row.minutes) * 10) / 10;
}

/** Disputed final amounts no admin has decided yet (charge_changes_status_idx). */
export async function openDisputes(db: DbOrTx): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`select count(*)::int as count from charge_changes where status = 'disputed'`,
  );
  return Number(row?.count ?? 0);
}

/** Dollars with 2 decimals as a number (PostgreSQL numerics arrive as text). */
function money(value: unknown): number {
  return value === null || value === undefined
    ? 0
    : centsToNumber(roundCents(value as string | number));
}
