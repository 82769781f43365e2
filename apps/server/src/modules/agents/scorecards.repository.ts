import { sql, type SQL } from "drizzle-orm";
import {
  NEW_AGENT_MIN_COMPLETED_ORDERS,
  PROOF_OF_DELIVERY,
  type ScorecardSummary,
} from "@fba/contract";
import type { DbOrTx } from "../../db/client.js";
import { executeNamed, mappedByPosition, preparedOnce } from "../../db/prepared.js";
import { agentScorecards, users } from "../../db/schema/index.js";

/**
 * Agent scorecards are a maintained summary: `refreshScorecard` recomputes one agent's row from
 * the data in one statement whenever an input of it changes (see scorecard-listeners.ts), so a
 * page showing ten agents reads ten rows by primary key (`readScorecards`, one query).
 */

/** Key space of the advisory lock that orders two refreshes of one agent. */
const SCORECARD_LOCK = 72_011;

/**
 * What a refresh recomputes: `all` of the scorecard, or only what the agent's `bids` give (their
 * count and median response time), which is all a new bid changes. A bids refresh reads one index
 * (a millisecond); a full one reads every won order with its legs (tens of milliseconds for an
 * agent with 1,700 orders at 1,000,000 shipments).
 */
export type ScorecardScope = "bids" | "all";

/**
 * Recomputes one agent's scorecard from its bids, won orders, their legs (ETA, the Delivered event
 * in force, proof of delivery), charge changes and ratings, and stores it. With the `bids` scope
 * only the bids' figures are recomputed, when the agent has a row (otherwise all of it is).
 *
 * Refreshes of one agent take turns (a transaction-scoped advisory lock), and each computes from a
 * snapshot taken after it got its turn: the last refresh to run sees every change committed before
 * it started, so the row never goes back to an older state.
 */
export async function refreshScorecard(
  db: DbOrTx,
  agentId: number,
  scope: ScorecardScope = "all",
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCORECARD_LOCK}, ${agentId}::int)`);
    if (scope === "bids") {
      const updated = await executeNamed(tx, "scorecard_bids", bidsStatement(agentId, now));
      if (updated.rows.length > 0) return;
    }
    // Named: its plan (about 2 ms for this statement) is made once per connection, not per refresh.
    await executeNamed(tx, "scorecard_refresh", refreshStatement(agentId, now));
  });
}

/** The agent's bids (quotations_agent_response_idx, index only) and how soon after posting. */
const bidFigures = (agentId: number) => sql`
  select count(*)::int as bids,
    round(percentile_cont(0.5) within group (order by q.response_seconds))::int
      as median_seconds
  from quotations q
  where q.agent_id = ${agentId}`;

/** Only the bids' figures of an agent's existing row. */
function bidsStatement(agentId: number, now: Date) {
  return sql`
    update agent_scorecards c set bids = b.bids, median_response_seconds = b.median_seconds,
      refreshed_at = ${now.toISOString()}::timestamptz
    from (${bidFigures(agentId)}) b
    where c.agent_id = ${agentId}
    returning c.agent_id`;
}

function refreshStatement(agentId: number, now: Date) {
  return sql`
    with bids as (
      -- Every bid of the agent with how long after its shipment's posting it came, kept on the
      -- bid (quotations_agent_response_idx alone, not the bids' shipments).
      ${bidFigures(agentId)}
    ),
    won as (
      -- Orders the agent won (shipments_winner_status_idx), with the accepted bid's total: pickup
      -- plus the service bought (the bid's total without a choice), and what was finally owed:
      -- the agreed amount of a charge change once accepted or decided, else the final amount.
      select s.id, s.status, q.is_accepted, s.completion_undelivered,
        (coalesce(cc.agreed_amount, s.final_amount) - b.bid_total) * 100
          / nullif(b.bid_total, 0) as variance_pct
      from shipments s
      -- By primary key, one order at a time: joined as a set, the planner reads every bid.
      cross join lateral (select * from quotations q
        where q.id = s.winning_quotation_id limit 1) q
      left join charge_changes cc on cc.shipment_id = s.id
      cross join lateral (select case q.accepted_service
          when 'fast' then q.pickup_amount + q.fast_amount
          when 'normal' then q.pickup_amount + q.normal_amount
          else q.total_amount end as bid_total) b
      where s.winner_agent_id = ${agentId}
    ),
    orders as (
      select count(*)::int as wins,
        count(*) filter (where status = 'Shipment Completed')::int as completed,
        -- Completed while destinations were not delivered (kept with the completion).
        count(*) filter (where status = 'Shipment Completed'
          and completion_undelivered is not null)::int as completed_undelivered,
        -- Cancelled through the status selector after acceptance: the winning bid stays accepted
        -- (a seller's decline or cancellation marks it not accepted).
        count(*) filter (where status = 'Shipment Cancelled' and is_accepted is true)::int
          as cancelled,
        round(avg(variance_pct) filter (where status = 'Shipment Completed'), 2) as variance_avg,
        round(max(variance_pct) filter (where status = 'Shipment Completed'), 2) as variance_worst
      from won
    ),
    legs as (
      select l.shipment_id, w.status, l.fc_code, l.eta, d.occurred_at as delivered_at,
        d.delivered_fc_code,
        exists (select 1 from order_documents od
          where od.leg_id = l.id and od.type = ${PROOF_OF_DELIVERY} and od.removed_at is null)
          as has_pod
      from won w
      join shipment_legs l on l.shipment_id = w.id
      -- The leg's Delivered event in force (its latest correction), by leg_events_leg_idx.
      left join lateral (select e.occurred_at, e.delivered_fc_code from leg_events e
        where e.leg_id = l.id and e.milestone = 'delivered'
          and not exists (select 1 from leg_events c where c.supersedes_id = e.id)
        order by e.id desc limit 1) d on true
      where w.status <> 'Shipment Cancelled'
    ),
    leg_totals as (
      select count(*) filter (where delivered_at is not null)::int as delivered,
        count(*) filter (where delivered_at is not null and delivered_fc_code = fc_code)::int
          as at_booked_fc,
        -- Proof of delivery: of the legs of completed orders, those with a POD document.
        count(*) filter (where status = 'Shipment Completed')::int as completed_legs,
        count(*) filter (where status = 'Shipment Completed' and has_pod)::int as with_pod
      from legs
    ),
    on_time as (
      -- An order is measured once every leg has an ETA and a delivery; it is on time when no leg
      -- was delivered after the end (UTC) of its ETA day.
      select count(*)::int as measured, count(*) filter (where late = 0)::int as on_time
      from (select shipment_id,
          count(*) filter (where delivered_at >= ((eta + 1)::timestamp at time zone 'UTC')) as late
        from legs group by shipment_id
        having bool_and(eta is not null and delivered_at is not null)) o
    ),
    ratings as (
      select count(*)::int as n, round(avg(overall), 2) as overall,
        round(avg(communication), 2) as communication, round(avg(care_of_cargo), 2) as care,
        round(avg(punctuality), 2) as punctuality, round(avg(as_described), 2) as as_described
      from agent_ratings where agent_id = ${agentId}
    )
    insert into agent_scorecards (agent_id, bids, wins, completed_orders, completed_undelivered,
      cancelled_orders,
      on_time_delivered, on_time_measured, booked_fc_delivered, booked_fc_measured,
      pod_delivered, pod_measured, variance_avg_pct, variance_worst_pct, rating_count,
      rating_overall, rating_communication, rating_care_of_cargo, rating_punctuality,
      rating_as_described, median_response_seconds, refreshed_at)
    select ${agentId}, b.bids, o.wins, o.completed, o.completed_undelivered, o.cancelled,
      t.on_time, t.measured, l.at_booked_fc, l.delivered, l.with_pod, l.completed_legs,
      o.variance_avg, o.variance_worst, r.n, r.overall, r.communication, r.care, r.punctuality,
      r.as_described, b.median_seconds, ${now.toISOString()}::timestamptz
    from bids b, orders o, leg_totals l, on_time t, ratings r
    on conflict (agent_id) do update set
      bids = excluded.bids, wins = excluded.wins, completed_orders = excluded.completed_orders,
      completed_undelivered = excluded.completed_undelivered,
      cancelled_orders = excluded.cancelled_orders,
      on_time_delivered = excluded.on_time_delivered, on_time_measured = excluded.on_time_measured,
      booked_fc_delivered = excluded.booked_fc_delivered,
      booked_fc_measured = excluded.booked_fc_measured,
      pod_delivered = excluded.pod_delivered, pod_measured = excluded.pod_measured,
      variance_avg_pct = excluded.variance_avg_pct,
      variance_worst_pct = excluded.variance_worst_pct,
      rating_count = excluded.rating_count, rating_overall = excluded.rating_overall,
      rating_communication = excluded.rating_communication,
      rating_care_of_cargo = excluded.rating_care_of_cargo,
      rating_punctuality = excluded.rating_punctuality,
      rating_as_described = excluded.rating_as_described,
      median_response_seconds = excluded.median_response_seconds,
      refreshed_at = excluded.refreshed_at`;
}

export type ScorecardRow = typeof agentScorecards.$inferSelect;

const num = (value: string | null): number | null => (value === null ? null : Number(value));
const rate = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

/** The wire scorecard of a stored row; no row (an agent with no activity yet) is all zeros. */
export function presentScorecard(agentId: number, row: ScorecardRow | undefined): ScorecardSummary {
  const completed = row?.completedOrders ?? 0;
  const isNew = completed < NEW_AGENT_MIN_COMPLETED_ORDERS;
  // A new agent shows "new agent" instead of rates: too few orders to say anything.
  const measured = (value: number | null) => (isNew ? null : value);
  const ratingCount = row?.ratingCount ?? 0;
  return {
    agent_id: agentId,
    is_new: isNew,
    completed_orders: completed,
    completed_undelivered: row?.completedUndelivered ?? 0,
    on_time_rate: measured(row ? rate(row.onTimeDelivered, row.onTimeMeasured) : null),
    booked_fc_rate: measured(row ? rate(row.bookedFcDelivered, row.bookedFcMeasured) : null),
    pod_rate: measured(row ? rate(row.podDelivered, row.podMeasured) : null),
    variance_avg_pct: measured(num(row?.varianceAvgPct ?? null)),
    variance_worst_pct: measured(num(row?.varianceWorstPct ?? null)),
    cancellation_rate: measured(row ? rate(row.cancelledOrders, row.wins) : null),
    rating_average: ratingCount === 0 ? null : num(row?.ratingOverall ?? null),
    rating_count: ratingCount,
    sub_scores:
      ratingCount === 0 || !row
        ? null
        : {
            communication: Number(row.ratingCommunication),
            care_of_cargo: Number(row.ratingCareOfCargo),
            punctuality: Number(row.ratingPunctuality),
            as_described: Number(row.ratingAsDescribed),
          },
    median_response_hours:
      row?.medianResponseSeconds == null
        ? null
        : Math.round((row.medianResponseSeconds / 3600) * 10) / 10,
  };
}

/**
 * The scorecards of many agents in one query, by primary key. Every id asked for gets one (an
 * agent without a row yet is a new agent with nothing measured).
 */
export async function readScorecards(
  db: DbOrTx,
  agentIds: readonly number[],
): Promise<Map<number, ScorecardSummary>> {
  const ids = [...new Set(agentIds)];
  // One statement whatever the number of agents, planned once per connection.
  const build = (idList: SQL) =>
    db
      .select()
      .from(agentScorecards)
      .where(sql`${agentScorecards.agentId} = any(${idList}::integer[])`);
  const prepared = preparedOnce(db, "scorecards-by-agent", () =>
    mappedByPosition(build(sql`${sql.placeholder("ids")}`).prepare("scorecards_by_agent")),
  );
  const rows =
    ids.length === 0
      ? []
      : prepared
        ? await prepared.execute({ ids })
        : await build(sql`${sql.param(ids)}`);
  const byId = new Map(rows.map((row) => [row.agentId, row]));
  return new Map(ids.map((id) => [id, presentScorecard(id, byId.get(id))]));
}

/** One agent's scorecard (one primary-key read). */
export async function readScorecard(db: DbOrTx, agentId: number): Promise<ScorecardSummary> {
  const cards = await readScorecards(db, [agentId]);
  return cards.get(agentId) ?? presentScorecard(agentId, undefined);
}

/**
 * Agents who have bid but have no scorecard row yet (accounts from before scorecards existed, or
 * a refresh lost to a crash between a commit and its listener): filled in at start.
 */
export async function agentsWithoutScorecard(db: DbOrTx): Promise<number[]> {
  const result = await db.execute(sql`
    select u.id from ${users} u
    where u."group" = 'Shipper'
      and not exists (select 1 from ${agentScorecards} c where c.agent_id = u.id)
      and exists (select 1 from quotations q where q.agent_id = u.id)
    order by u.id`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id));
}
