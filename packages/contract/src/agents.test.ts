import { describe, expect, it } from "vitest";
import {
  agentRatingsQuerySchema,
  createRatingInputSchema,
  formatRate,
  ratingMessages,
  ratingReplyInputSchema,
  scorecardSummarySchema,
} from "./agents.js";
import { adminAnalyticsSchema } from "./analytics.js";

const issues = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

const fullRating = {
  overall: 5,
  communication: 4,
  care_of_cargo: "3",
  punctuality: 2,
  as_described: 1,
};

describe("a rating", () => {
  it("takes five whole scores 1-5 (numeric text too) and an optional comment", () => {
    const parsed = createRatingInputSchema.parse({ ...fullRating, comment: "  Careful  " });
    expect(parsed).toEqual({ ...fullRating, care_of_cargo: 3, comment: "Careful" });
    expect(
      createRatingInputSchema.parse({ ...fullRating, comment: "   " }).comment,
    ).toBeUndefined();
  });

  it("names each score outside 1-5, fractional, missing or not a number", () => {
    const result = createRatingInputSchema.safeParse({
      overall: 0,
      communication: 6,
      care_of_cargo: 2.5,
      punctuality: "five",
    });
    expect(issues(result)).toEqual([
      ["overall", ratingMessages.scoreInvalid],
      ["communication", ratingMessages.scoreInvalid],
      ["care_of_cargo", ratingMessages.scoreInvalid],
      ["punctuality", ratingMessages.scoreInvalid],
      ["as_described", ratingMessages.scoreRequired],
    ]);
  });

  it("refuses a comment over 1000 characters", () => {
    const result = createRatingInputSchema.safeParse({ ...fullRating, comment: "x".repeat(1001) });
    expect(issues(result)).toEqual([["comment", ratingMessages.commentMax]]);
    expect(
      createRatingInputSchema.safeParse({ ...fullRating, comment: "x".repeat(1000) }).success,
    ).toBe(true);
  });
});

describe("an answer to a rating", () => {
  it("needs 1-1000 characters", () => {
    expect(issues(ratingReplyInputSchema.safeParse({ reply: "  " }))).toEqual([
      ["reply", ratingMessages.replyRequired],
    ]);
    expect(issues(ratingReplyInputSchema.safeParse({}))).toEqual([
      ["reply", ratingMessages.replyRequired],
    ]);
    expect(issues(ratingReplyInputSchema.safeParse({ reply: "y".repeat(1001) }))).toEqual([
      ["reply", ratingMessages.replyMax],
    ]);
    expect(ratingReplyInputSchema.parse({ reply: " Thanks " })).toEqual({ reply: "Thanks" });
  });
});

describe("agent lists and scorecards", () => {
  it("fall back to default paging on malformed values", () => {
    expect(agentRatingsQuerySchema.parse({ page: "x", per_page: "-3" })).toMatchObject({
      page: 1,
    });
  });

  it("describe a new agent with null rates", () => {
    const card = {
      agent_id: 7,
      is_new: true,
      completed_orders: 1,
      completed_undelivered: 0,
      on_time_rate: null,
      booked_fc_rate: null,
      pod_rate: null,
      variance_avg_pct: null,
      variance_worst_pct: null,
      cancellation_rate: null,
      rating_average: 4.5,
      rating_count: 2,
      sub_scores: { communication: 4, care_of_cargo: 5, punctuality: 4.5, as_described: 4.5 },
      median_response_hours: 3.5,
    };
    expect(scorecardSummarySchema.parse(card)).toEqual(card);
    expect(formatRate(0.915)).toBe("92%");
    expect(formatRate(null)).toBe("n/a");
  });

  it("bucket bids per shipment with fixed labels", () => {
    const result = adminAnalyticsSchema.safeParse({
      by_month: [],
      bids_per_shipment: { average: null, distribution: [{ bucket: "7", shipments: 1 }] },
      median_minutes_to_first_bid: null,
      disputes_open: 0,
    });
    expect(result.success).toBe(false);
  });
});
