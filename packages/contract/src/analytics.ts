import { z } from "zod";
import { SHIPMENT_STATUSES } from "./common.js";
import { scorecardSummarySchema } from "./agents.js";

/**
 * Dashboards' figures. Each comes from one SQL query (or the maintained scorecard); monthly
 * series cover the last ANALYTICS_MONTHS calendar months in UTC, oldest first, zero-filled.
 * Amounts are numbers of dollars with 2 decimals; months are "YYYY-MM".
 */
export const ANALYTICS_MONTHS = 12;

/** Buckets of the admins' bids-per-shipment distribution. */
export const BIDS_PER_SHIPMENT_BUCKETS = ["0", "1", "2", "3-5", "6+"] as const;
export type BidsPerShipmentBucket = (typeof BIDS_PER_SHIPMENT_BUCKETS)[number];

const month = z.string().regex(/^\d{4}-\d{2}$/);

/** GET analytics/seller/ (sellers). */
export const sellerAnalyticsSchema = z.object({
  /** Final amounts of the seller's completed orders, by month of completion. */
  spend_by_month: z.array(z.object({ month, amount: z.number() })),
  /** Average final amount per chargeable kg of completed orders, by destination FC. */
  cost_per_kg_by_fc: z.array(
    z.object({ fc_code: z.string(), average_per_kg: z.number(), orders: z.number().int() }),
  ),
  /** Completed orders delivered by their ETA, of those whose legs measured it. */
  on_time: z.object({
    on_time: z.number().int(),
    measured: z.number().int(),
    rate: z.number().nullable(),
  }),
  /** The seller's orders not completed or cancelled, by status (every open status listed). */
  open_orders_by_status: z.array(
    z.object({ status: z.enum(SHIPMENT_STATUSES), count: z.number().int() }),
  ),
});
export type SellerAnalytics = z.infer<typeof sellerAnalyticsSchema>;

/** GET analytics/agent/ (agents). */
export const agentAnalyticsSchema = z.object({
  /** Bids placed, bids won, wins/bids, and the final amounts of completed orders, by month. */
  by_month: z.array(
    z.object({
      month,
      bids: z.number().int(),
      wins: z.number().int(),
      win_rate: z.number().nullable(),
      revenue: z.number(),
    }),
  ),
  scorecard: scorecardSummarySchema,
});
export type AgentAnalytics = z.infer<typeof agentAnalyticsSchema>;

/** GET analytics/admin/ (admins). */
export const adminAnalyticsSchema = z.object({
  /** Accepted bids (bookings) and their totals (GMV) by month of acceptance. */
  by_month: z.array(z.object({ month, bookings: z.number().int(), gmv: z.number() })),
  /** Over shipments posted in the last ANALYTICS_MONTHS months. */
  bids_per_shipment: z.object({
    average: z.number().nullable(),
    distribution: z.array(
      z.object({ bucket: z.enum(BIDS_PER_SHIPMENT_BUCKETS), shipments: z.number().int() }),
    ),
  }),
  /** Median time from posting to the first bid, over shipments of the last months with a bid. */
  median_minutes_to_first_bid: z.number().nullable(),
  /** Charge changes disputed and not yet decided. */
  disputes_open: z.number().int(),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;
