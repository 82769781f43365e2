import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AgentRating, ScorecardSummary } from "@fba/contract";
import { failure, fakeApi, renderRoute, success } from "../../../test/fake-api";
import AgentProfilePage from "./AgentProfilePage";

const scorecard: ScorecardSummary = {
  agent_id: 7,
  is_new: false,
  completed_orders: 4,
  completed_undelivered: 1,
  on_time_rate: 0.5,
  booked_fc_rate: null,
  pod_rate: 1,
  variance_avg_pct: 0,
  variance_worst_pct: -2,
  cancellation_rate: 0,
  rating_average: 4,
  rating_count: 2,
  sub_scores: { communication: 4, care_of_cargo: 4.5, punctuality: 3.5, as_described: 4 },
  median_response_hours: 0.5,
};

const rating = (id: number, over: Partial<AgentRating> = {}): AgentRating => ({
  id,
  overall: 4,
  communication: 4,
  care_of_cargo: 5,
  punctuality: 3,
  as_described: 4,
  comment: null,
  reply: null,
  replied_at: null,
  rater_first_name: "Sam",
  month: "2026-03",
  ...over,
});

const list = (items: AgentRating[], page = 1, pages = 1) => ({
  body: {
    status: "success",
    status_code: 200,
    message: "OK",
    data: items,
    pagination_option: { page, pages, per_page: 10, count: items.length },
  },
});

afterEach(() => vi.unstubAllGlobals());

describe("AgentProfilePage", () => {
  it("shows the agent's name, member since, full scorecard and ratings with replies", async () => {
    const api = fakeApi({
      "GET agents/7/": success({
        id: 7,
        first_name: "Ann",
        last_name: "Lee",
        company_name: "Lee Freight",
        member_since: "2025-06-15T10:00:00.000Z",
        scorecard,
      }),
      "GET agents/7/ratings/": list([
        rating(2, {
          overall: 5,
          comment: "Fast and careful",
          reply: "Thank you, Sam!",
          replied_at: "2026-03-20T00:00:00.000Z",
        }),
        rating(1, { overall: 3, rater_first_name: "Kim", month: "2026-01" }),
      ]),
    });
    renderRoute(<AgentProfilePage />, { path: "/agents/:id", at: "/agents/7" });

    expect(await screen.findByRole("heading", { name: "Ann Lee", level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText(/Lee Freight · Freight agent · Member since 06\/15\/2025/),
    ).toBeVisible();

    const card = screen.getByTestId("scorecard-figures");
    expect(within(card).getByText("On-time delivery").nextElementSibling).toHaveTextContent("50%");
    expect(
      within(card).getByText("Delivered to the booked FC").nextElementSibling,
    ).toHaveTextContent("not measured yet");
    expect(within(card).getByText("Median response time").nextElementSibling).toHaveTextContent(
      "30 min",
    );

    const ratings = await screen.findByRole("list", { name: "Ratings" });
    const items = within(ratings).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("SamMarch 2026");
    expect(within(items[0]!).getByRole("img", { name: "Rated 5 out of 5" })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent("Fast and careful");
    expect(within(items[0]!).getByRole("group", { name: "Reply from Ann" })).toHaveTextContent(
      "Thank you, Sam!",
    );
    expect(items[1]).toHaveTextContent("KimJanuary 2026");
    expect(items[1]).toHaveTextContent("Communication 4/5 · Care of cargo 5/5 · Punctuality 3/5");
    expect(within(items[1]!).queryByRole("group")).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(["agents/7/", "agents/7/ratings/"]);
  });

  it("pages through the ratings", async () => {
    const api = fakeApi({
      "GET agents/7/": success({
        id: 7,
        first_name: "Ann",
        last_name: "Lee",
        member_since: "2025-06-15T10:00:00.000Z",
        scorecard,
      }),
      "GET agents/7/ratings/": () => {
        const page = api.fetchMock.mock.calls.length;
        return list([rating(page, { rater_first_name: `Rater${page}` })], 1, 2);
      },
    });
    renderRoute(<AgentProfilePage />, { path: "/agents/:id", at: "/agents/7" });
    await screen.findByText("Rater2");
    await userEvent.click(screen.getByRole("button", { name: "Ratings page 2" }));
    await screen.findByText("Rater3");
    const urls = api.fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.at(-1)).toContain("page=2");
  });

  it("says when the agent does not exist", async () => {
    fakeApi({ "GET agents/9/": failure(404, "Agent not found") });
    renderRoute(<AgentProfilePage />, { path: "/agents/:id", at: "/agents/9" });
    expect(await screen.findByText("This agent does not exist.")).toBeInTheDocument();
  });

  it("shows the refusal to another agent", async () => {
    fakeApi({ "GET agents/9/": failure(403, "Agents can see only their own record") });
    renderRoute(<AgentProfilePage />, { path: "/agents/:id", at: "/agents/9" });
    expect(await screen.findByText("Agents can see only their own record")).toBeInTheDocument();
  });
});
