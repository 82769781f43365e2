import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { failure, fakeApi, renderRoute, type FakeResponse } from "../../test/fake-api";
import { setViewport } from "../../test/render-route";
import { flatList, shipmentRow } from "../../test/shipment-fixtures";
import { SellerShipmentsList } from "../../features/shipments/components/SellerShipmentsList";
import { ShipperOrdersList } from "../../features/shipments/components/ShipperOrdersList";
import { sellerTabs } from "./SellerTabs";

afterEach(() => vi.unstubAllGlobals());

const rows = { status: 200, body: flatList([shipmentRow({ product_name: "Desk lamps" })]) };

describe("a list whose request fails", { timeout: 30_000 }, () => {
  for (const width of [1440, 375]) {
    it(`says so with a Retry instead of looking empty, at ${width} px`, async () => {
      setViewport(width);
      let answer: FakeResponse = failure(500, "Internal Server Error");
      fakeApi({ "GET seller/shipments/": () => answer });
      renderRoute(<SellerShipmentsList variant="active" header={sellerTabs} />);

      expect(await screen.findByRole("alert")).toHaveTextContent("Could not load your shipments");
      expect(screen.queryByText("You have no order yet")).not.toBeInTheDocument();
      expect(screen.queryByText("Page 1 of 1")).not.toBeInTheDocument();

      answer = rows;
      await userEvent.click(screen.getByRole("button", { name: "Retry" }));
      expect(await screen.findByText("Desk lamps")).toBeInTheDocument();
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    });
  }

  it("keeps the spec's empty text for a list that really is empty", async () => {
    setViewport(1440);
    fakeApi({
      "GET shipper/recent-orders/": { status: 200, body: flatList([]) },
      "GET shipper/awaiting-decision/": { status: 200, body: flatList([]) },
    });
    renderRoute(<ShipperOrdersList variant="current" />);
    expect(await screen.findByText("You have no order yet")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText("Waiting for the seller's decision")).not.toBeInTheDocument();
  });
});

describe("the agent's current shipments", () => {
  it("show the won bids waiting for the seller's decision above the orders", async () => {
    setViewport(1440);
    const waiting = shipmentRow({
      id: 77,
      status: "Quotation Approved",
      product_name: "Oak chairs",
      is_bidding_open: false,
    });
    fakeApi({
      "GET shipper/recent-orders/": { status: 200, body: flatList([]) },
      "GET shipper/awaiting-decision/": { status: 200, body: flatList([waiting]) },
    });
    renderRoute(<ShipperOrdersList variant="current" />);
    const section = await screen.findByRole("region", {
      name: "Waiting for the seller's decision",
    });
    expect(within(section).getByText("Oak chairs")).toBeInTheDocument();
    expect(within(section).getByRole("link", { name: "View Shipment" })).toHaveAttribute(
      "href",
      "/shipper/dashboard/orders/status/77?src=accepted",
    );
    expect(screen.getByText("You have no order yet")).toBeInTheDocument();
  });
});
