import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
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
