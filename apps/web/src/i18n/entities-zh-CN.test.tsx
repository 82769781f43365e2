import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { ScorecardSummary as Scorecard } from "@fba/contract";
import { renderRoute } from "../test/render-route";
import { changeLocale, i18n } from "./i18n";
import { ScorecardDetails } from "../entities/agent/components/ScorecardDetails";
import { ScorecardSummary } from "../entities/agent/components/ScorecardSummary";
import { DeliveryProofChip } from "../entities/document/components/DeliveryProofChip";
import { LegsAttentionBadge } from "../entities/shipment/components/LegsAttentionBadge";
import { NextStep } from "../entities/shipment/components/OrderSectionNav";
import { shipmentDetail } from "../test/shipment-fixtures";

const card: Scorecard = {
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
};

/** Latin words left in the text, titles and labels. */
function englishIn(root: Element): string[] {
  const texts = [root.textContent ?? ""];
  for (const element of root.querySelectorAll("*"))
    for (const name of ["aria-label", "title"]) texts.push(element.getAttribute(name) ?? "");
  return texts.flatMap((text) => text.match(/[A-Za-z]{2,}/g) ?? []);
}

describe("the shared components in Simplified Chinese", () => {
  beforeAll(async () => {
    await changeLocale("zh-CN");
  });
  afterAll(async () => {
    await i18n.changeLanguage("en");
  });

  it("shows a scorecard, a delivery proof and late legs with no English left", () => {
    const { container } = renderRoute(
      <>
        <ScorecardSummary scorecard={card} agentName="李雷" />
        <ScorecardDetails scorecard={card} />
        <DeliveryProofChip
          delivery={{ legs: 3, delivered: 2, at_booked_fc: 1, different_fc_open: 1 }}
        />
        <LegsAttentionBadge attention={{ late: 1, stale: 2 }} />
      </>,
    );
    expect(screen.getByText("响应时间中位数").nextElementSibling).toHaveTextContent("5.3 小时");
    expect(screen.getByText("1/3 送达预订仓库")).toBeInTheDocument();
    expect(englishIn(container)).toEqual([]);
  });

  it("tells the agent what is still missing on an order under way, in Chinese", () => {
    const order = shipmentDetail({
      status: "Quotation Accepted",
      documents_missing: [],
      delivery: { legs: 3, delivered: 1, at_booked_fc: 1, different_fc_open: 0 },
    });
    const { container, unmount } = renderRoute(<NextStep shipment={order} side="agent" />);
    expect(screen.getByTestId("order-next-step")).toHaveTextContent(
      "下一步： 还缺：3 个目的仓库中 2 个的派送、追踪号码、最终金额；补齐后请完成订单。",
    );
    expect(englishIn(container)).toEqual([]);
    unmount();
    renderRoute(
      <NextStep shipment={shipmentDetail({ status: "Quotation Approved" })} side="agent" />,
    );
    expect(screen.getByTestId("order-next-step")).toHaveTextContent("等待卖家接受您的报价。");
  });
});
