import { beforeAll, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SellerAnalytics } from "@fba/contract";
import { renderRoute } from "../../../test/render-route";
import { SellerCharts } from "./SellerAnalytics";

const months = ["2026-01", "2026-02", "2026-03"];
const data: SellerAnalytics = {
  spend_by_month: months.map((month, index) => ({ month, amount: [0, 1250.5, 3400][index]! })),
  cost_per_kg_by_fc: [
    { fc_code: "LAX9", average_per_kg: 3.456, orders: 4 },
    { fc_code: "ONT8", average_per_kg: 2.1, orders: 1 },
  ],
  on_time: { on_time: 3, measured: 4, rate: 0.75 },
  open_orders_by_status: [
    { status: "Quotation Received", count: 2 },
    { status: "Quotation Accepted", count: 1 },
  ],
};

beforeAll(() => {
  // jsdom has no layout; the charts size themselves from their container.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

describe("seller charts' text alternative", () => {
  it("gives every chart a table with the same numbers, read while the drawing is hidden", () => {
    renderRoute(<SellerCharts data={data} />);
    const spend = screen.getByRole("figure", { name: "Spend per month" });
    expect(spend).toHaveTextContent("$4,650.50 in final amounts over the last 3 months.");
    const table = within(spend).getByRole("table", { name: "Spend per month" });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual(["MonthSpend", "Jan 2026$0.00", "Feb 2026$1,250.50", "Mar 2026$3,400.00"]);
    // The drawing is hidden from assistive technology; the table is what they read.
    expect(within(spend).getByTestId("chart")).toHaveAttribute("aria-hidden", "true");

    const perKg = screen.getByRole("figure", { name: "Average cost per chargeable kg by FC" });
    expect(
      within(perKg)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["FCPer kgOrders", "LAX9$3.464", "ONT8$2.101"]);

    const onTime = screen.getByRole("figure", { name: "Delivered on time" });
    expect(onTime).toHaveTextContent("3 of 4 measured orders arrived by their ETA.");
    expect(within(onTime).getByRole("row", { name: "Share on time 75%" })).toBeInTheDocument();

    const open = screen.getByRole("figure", { name: "Open orders by status" });
    expect(within(open).getByRole("row", { name: "Quotation Received 2" })).toBeInTheDocument();
  });

  it("shows the table on screen in place of the chart with Show table", async () => {
    renderRoute(<SellerCharts data={data} />);
    const spend = screen.getByRole("figure", { name: "Spend per month" });
    const toggle = within(spend).getByRole("button", { name: "Show table" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(toggle);
    expect(within(spend).queryByTestId("chart")).not.toBeInTheDocument();
    expect(within(spend).getByRole("button", { name: "Show chart" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(within(spend).getByRole("table").parentElement).not.toHaveStyle({
      position: "absolute",
    });
  });

  it("says so when nothing was measured or delivered", () => {
    renderRoute(
      <SellerCharts
        data={{ ...data, cost_per_kg_by_fc: [], on_time: { on_time: 0, measured: 0, rate: null } }}
      />,
    );
    const perKg = screen.getByRole("figure", { name: "Average cost per chargeable kg by FC" });
    expect(perKg).toHaveTextContent("No completed orders yet.");
    expect(within(perKg).queryByRole("table")).not.toBeInTheDocument();
    expect(screen.getByRole("figure", { name: "Delivered on time" })).toHaveTextContent(
      "No delivery has been measured against its ETA yet.",
    );
  });
});
