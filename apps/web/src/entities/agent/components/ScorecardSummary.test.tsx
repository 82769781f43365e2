import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { ScorecardSummary as Scorecard } from "@fba/contract";
import { renderRoute } from "../../../test/render-route";
import { ScorecardSummary } from "./ScorecardSummary";
import { ScorecardDetails } from "./ScorecardDetails";

const card = (over: Partial<Scorecard> = {}): Scorecard => ({
  agent_id: 7,
  is_new: false,
  completed_orders: 12,
  completed_undelivered: 0,
  on_time_rate: 0.916,
  booked_fc_rate: 1,
  pod_rate: 0.75,
  variance_avg_pct: 2.345,
  variance_worst_pct: 12,
  cancellation_rate: 0.0833,
  rating_average: 4.5,
  rating_count: 12,
  sub_scores: { communication: 4.6, care_of_cargo: 4.2, punctuality: 4, as_described: 5 },
  median_response_hours: 5.25,
  ...over,
});

describe("ScorecardSummary", () => {
  it("shows the on-time share, the rating with its count and a link to the profile", () => {
    renderRoute(<ScorecardSummary scorecard={card()} agentName="Ann Lee" />);
    const summary = screen.getByTestId("scorecard-summary");
    expect(summary).toHaveTextContent("On time 92%");
    expect(summary).toHaveTextContent("12 orders");
    expect(summary).toHaveTextContent("4.5 (12 ratings)");
    expect(within(summary).getByRole("img", { name: "Rated 4.5 out of 5" })).toBeInTheDocument();
    expect(screen.queryByText("new agent")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ann Lee's profile" })).toHaveAttribute(
      "href",
      "/agents/7",
    );
  });

  it('shows "new agent" instead of rates under 3 completed orders', () => {
    renderRoute(
      <ScorecardSummary
        scorecard={card({
          is_new: true,
          completed_orders: 2,
          on_time_rate: null,
          rating_average: 5,
          rating_count: 1,
        })}
      />,
    );
    const summary = screen.getByTestId("scorecard-summary");
    expect(within(summary).getByText("new agent")).toBeInTheDocument();
    expect(summary).not.toHaveTextContent("On time");
    expect(summary).toHaveTextContent("5.0 (1 rating)");
    expect(screen.getByRole("link", { name: "Agent profile" })).toHaveAttribute(
      "href",
      "/agents/7",
    );
  });

  it("says when there are no ratings", () => {
    renderRoute(<ScorecardSummary scorecard={card({ rating_average: null, rating_count: 0 })} />);
    expect(screen.getByTestId("scorecard-summary")).toHaveTextContent("No ratings yet");
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });
});

describe("ScorecardDetails", () => {
  it("lists every figure formatted, with its definition", () => {
    renderRoute(<ScorecardDetails scorecard={card()} />);
    const list = screen.getByTestId("scorecard-figures");
    const value = (label: string) =>
      within(list).getByText(label).nextElementSibling?.textContent ?? "";
    expect(value("Completed orders")).toBe("12");
    expect(value("On-time delivery")).toBe("92%");
    expect(value("Delivered to the booked FC")).toBe("100%");
    expect(value("Proof of delivery")).toBe("75%");
    expect(value("Final amount vs accepted bid (average)")).toBe("+2.3%");
    expect(value("Final amount vs accepted bid (worst)")).toBe("+12%");
    expect(value("Cancellation rate")).toBe("8%");
    expect(value("Median response time")).toBe("5.3 h");
    expect(screen.getByText(/delivered by their ETA/)).toBeInTheDocument();
    expect(screen.getByTestId("scorecard-sub-scores")).toHaveTextContent("Care of cargo4.2 / 5");
  });

  it("shows no rates for a new agent", () => {
    renderRoute(
      <ScorecardDetails
        scorecard={card({ is_new: true, completed_orders: 1, on_time_rate: 1, pod_rate: 1 })}
      />,
    );
    expect(screen.getByText(/fewer than 3 completed orders/)).toBeInTheDocument();
    const list = screen.getByTestId("scorecard-figures");
    expect(within(list).getByText("On-time delivery").nextElementSibling).toHaveTextContent(
      "not measured yet",
    );
    expect(list).not.toHaveTextContent("100%");
  });
});
