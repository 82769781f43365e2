import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import PendingQuotationsPage from "../../features/bidding/pages/PendingQuotationsPage";
import { renderRoute, setViewport, stubFetch } from "../../test/render-route";
import { SellerShipmentsList } from "../../features/shipments/components/SellerShipmentsList";
import { ShipperOrdersList } from "../../features/shipments/components/ShipperOrdersList";
import { sellerTabs } from "./SellerTabs";

const emptyList = {
  status: "success",
  status_code: 200,
  message: "",
  data: [],
  pagination_option: { page: 1, pages: 1, per_page: 10, count: 0 },
};

/** The first list request the screen sent (to `path`, when given). */
async function firstListRequest(calls: { url: string }[], path = "") {
  const sent = () => calls.filter((call) => call.url.includes(path));
  await waitFor(() => expect(sent().length).toBeGreaterThan(0));
  return new URL(sent()[0]!.url, "http://localhost");
}

beforeEach(() => setViewport(1280));
afterEach(() => vi.unstubAllGlobals());

describe("page size of the shipment lists", { timeout: 30_000 }, () => {
  it("shows the agent's orders 10 a page with no Per Page choice", async () => {
    const { calls } = stubFetch({ GET: emptyList });
    renderRoute(<ShipperOrdersList variant="current" />);
    // The won bids awaiting the seller are asked for beside the orders.
    const url = await firstListRequest(calls, "/api/shipper/recent-orders/");
    expect(url.pathname).toBe("/api/shipper/recent-orders/");
    expect(url.searchParams.get("per_page")).toBe("10");
    expect(await screen.findByText("Page 1 of 1")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Per Page" })).not.toBeInTheDocument();
  });

  it("shows the agent's open shipments 10 a page with no Per Page choice", async () => {
    const { calls } = stubFetch({ GET: emptyList });
    renderRoute(<PendingQuotationsPage />);
    const url = await firstListRequest(calls);
    expect(url.pathname).toBe("/api/shipper/shipments/");
    expect(url.searchParams.get("per_page")).toBe("10");
    expect(await screen.findByText("Page 1 of 1")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Per Page" })).not.toBeInTheDocument();
  });

  it("keeps the seller's lists at 50 a page with the Per Page choice", async () => {
    const { calls } = stubFetch({ GET: emptyList });
    renderRoute(<SellerShipmentsList variant="active" header={sellerTabs} />);
    const url = await firstListRequest(calls);
    expect(url.searchParams.get("per_page")).toBe("50");
    expect(await screen.findByRole("combobox", { name: "Per Page" })).toHaveValue("50");
  });
});

describe("the seller's tab strip", { timeout: 30_000 }, () => {
  it("marks the list on screen, keeps one tab in the Tab order and moves along with the arrow keys", async () => {
    stubFetch({ GET: emptyList });
    const user = userEvent.setup();
    const { router } = renderRoute(
      <SellerShipmentsList variant="completed" header={sellerTabs} />,
      {
        path: "/seller/booking/pastorders",
      },
    );
    const strip = await screen.findByRole("tablist", { name: "Shipment lists" });
    const tabs = within(strip).getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      "Current Shipments",
      "Completed Shipments",
      "Cancelled Shipments",
      "Sample Shipments",
    ]);
    const completed = within(strip).getByRole("tab", { name: "Completed Shipments" });
    expect(completed).toHaveAttribute("aria-selected", "true");
    expect(completed).toHaveAttribute("href", "/seller/booking/pastorders");
    expect(tabs.filter((tab) => tab.getAttribute("aria-selected") === "true")).toHaveLength(1);
    expect(tabs.filter((tab) => tab.tabIndex === 0)).toEqual([completed]);

    completed.focus();
    await user.keyboard("{ArrowRight}");
    expect(within(strip).getByRole("tab", { name: "Cancelled Shipments" })).toHaveFocus();
    await user.keyboard("{End}{ArrowRight}");
    expect(within(strip).getByRole("tab", { name: "Current Shipments" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(within(strip).getByRole("tab", { name: "Sample Shipments" })).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/seller/booking/sampleshipments"),
    );
  });
});
