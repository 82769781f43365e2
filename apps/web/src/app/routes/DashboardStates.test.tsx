import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AdminDashboard } from "@fba/contract";
import { failure, fakeApi, renderRoute, success, type FakeResponse } from "../../test/fake-api";
import { setViewport } from "../../test/render-route";
import { flatList } from "../../test/shipment-fixtures";
import AdminDashboardPage from "./AdminDashboardPage";
import SellerDashboardPage from "./SellerDashboardPage";

afterEach(() => vi.unstubAllGlobals());

const counts = (over: Partial<AdminDashboard["shipments"]> = {}): AdminDashboard => ({
  shipments: {
    total: 20,
    by_status: {
      "Shipment Pending": 6,
      "Quotation Received": 4,
      "Quotation Approved": 2,
      "Quotation Accepted": 3,
      "Shipment Completed": 4,
      "Shipment Cancelled": 1,
    },
    open_for_bids: 7,
    closed_without_bids: 2,
    ...over,
  },
  sample_shipments: { total: 0, by_status: { "Shipment Pending": 0, "Shipment Completed": 0 } },
  users: { total: 3, disabled: 0, by_group: { Seller: 1, Shipper: 1, Admin: 1 } },
});

const lists = {
  "GET admin/shipments/": { status: 200, body: flatList([]) },
  "GET sample-shipments/": success({ data: [], pagination_option: flatList([]).pagination_option }),
};

describe("dashboard counts", { timeout: 30_000 }, () => {
  it("counts as open for bids only the windows still open, with those closed without bids", async () => {
    setViewport(1440);
    fakeApi({ ...lists, "GET admin/dashboard/": success(counts()) });
    renderRoute(<AdminDashboardPage />);
    expect(await screen.findByText("2 closed without bids")).toBeInTheDocument();
    // 7 open, not the 10 shipments whose status is pending or received.
    expect(screen.getByTestId("Open for bids")).toHaveTextContent("7");
  });

  it("say so when they could not be loaded, never show zeros, and load on Retry", async () => {
    setViewport(375);
    let answer: FakeResponse = failure(503, "Service Unavailable");
    fakeApi({
      "GET seller/seller-dashboard/": () => answer,
      "GET v1/announcement/": success({
        data: [],
        pagination_option: flatList([]).pagination_option,
      }),
    });
    renderRoute(<SellerDashboardPage />);
    expect(await screen.findByText("Could not load your counts")).toBeInTheDocument();
    expect(screen.getByTestId("Active Shipment")).toHaveTextContent("–");

    answer = success({ active_shipments: 4, sample_shipments: 1, completed_shipments: 2 });
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("4")).toBeInTheDocument();
    expect(screen.queryByText("Could not load your counts")).not.toBeInTheDocument();
  });
});
