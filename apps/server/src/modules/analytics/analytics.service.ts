import {
  BIDS_PER_SHIPMENT_BUCKETS,
  SHIPMENT_STATUSES,
  type AdminAnalytics,
  type AgentAnalytics,
  type SellerAnalytics,
} from "@fba/contract";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import type { AuthUser } from "../../lib/principal.js";
import { readScorecard } from "../agents/index.js";
import {
  adminByMonth,
  agentByMonth,
  bidsPerShipment,
  medianMinutesToFirstBid,
  openDisputes,
  sellerCostPerKgByFc,
  sellerOnTime,
  sellerOpenOrders,
  sellerSpendByMonth,
} from "./analytics.repository.js";

export interface AnalyticsServiceDeps {
  db: Db;
  now?: () => Date;
}

const OPEN_STATUSES = SHIPMENT_STATUSES.filter(
  (status) => status !== "Shipment Completed" && status !== "Shipment Cancelled",
);

const ratio = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

/** Each dashboard's figures: one query per figure, run side by side. */
export class AnalyticsService {
  constructor(private readonly deps: AnalyticsServiceDeps) {}

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  private only(caller: AuthUser, group: AuthUser["group"]): void {
    if (caller.group !== group) throw AppError.forbidden();
  }

  async seller(caller: AuthUser): Promise<SellerAnalytics> {
    this.only(caller, "Seller");
    const { db } = this.deps;
    const [spend, costs, onTime, open] = await Promise.all([
      sellerSpendByMonth(db, caller.id, this.now()),
      sellerCostPerKgByFc(db, caller.id),
      sellerOnTime(db, caller.id),
      sellerOpenOrders(db, caller.id),
    ]);
    return {
      spend_by_month: spend,
      cost_per_kg_by_fc: costs,
      on_time: { ...onTime, rate: ratio(onTime.on_time, onTime.measured) },
      open_orders_by_status: OPEN_STATUSES.map((status) => ({
        status,
        count: open.get(status) ?? 0,
      })),
    };
  }

  async agent(caller: AuthUser): Promise<AgentAnalytics> {
    this.only(caller, "Shipper");
    const [months, scorecard] = await Promise.all([
      agentByMonth(this.deps.db, caller.id, this.now()),
      readScorecard(this.deps.db, caller.id),
    ]);
    return {
      by_month: months.map((month) => ({ ...month, win_rate: ratio(month.wins, month.bids) })),
      scorecard,
    };
  }

  async admin(caller: AuthUser): Promise<AdminAnalytics> {
    this.only(caller, "Admin");
    const { db } = this.deps;
    const now = this.now();
    const [months, bids, median, disputes] = await Promise.all([
      adminByMonth(db, now),
      bidsPerShipment(db, now),
      medianMinutesToFirstBid(db, now),
      openDisputes(db),
    ]);
    return {
      by_month: months,
      bids_per_shipment: {
        average: bids.average,
        distribution: BIDS_PER_SHIPMENT_BUCKETS.map((bucket) => ({
          bucket,
          shipments: bids.buckets.get(bucket) ?? 0,
        })),
      },
      median_minutes_to_first_bid: median,
      disputes_open: disputes,
    };
  }
}
