import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ShipmentDetail } from "@fba/contract";
import { signIn } from "../../../test/fake-socket";
import { renderRoute, setViewport, stubFetch } from "../../../test/render-route";
import { shipmentDetail } from "../../../test/shipment-fixtures";
import BidPage from "./BidPage";

const scrolled: Element[] = [];
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

function renderBidPage(overrides: Partial<ShipmentDetail> = {}) {
  stubFetch({
    "GET /api/shipments/41/": {
      status: "success",
      status_code: 200,
      message: "OK",
      data: shipmentDetail({ bidding_ends_at: inAnHour(), ...overrides }),
    },
  });
  renderRoute(<BidPage />, { path: "/shipper/bid/:id", url: "/shipper/bid/41" });
}

beforeEach(() => {
  scrolled.length = 0;
  // jsdom neither lays out nor scrolls: record what the page brings into view.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  signIn({ id: 9, first_name: "Arthur", last_name: "Agent", groups: "Shipper" });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("BidPage: the phone's Place bid button", { timeout: 30_000 }, () => {
  it("stays at hand on a phone and brings the form up with the cursor in its first field", async () => {
    setViewport(375);
    const user = userEvent.setup({ delay: null });
    renderBidPage();
    const placeBid = await screen.findByRole("button", { name: "Place bid" });
    await user.click(placeBid);
    const pickup = screen.getByRole("textbox", { name: /Pickup amount/ });
    expect(scrolled.some((element) => element.contains(pickup))).toBe(true);
    await waitFor(() => expect(pickup).toHaveFocus());
  });

  it("is not needed beside the form on a wide screen", async () => {
    setViewport(1440);
    renderBidPage();
    expect(await screen.findByRole("textbox", { name: /Pickup amount/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Place bid" })).not.toBeInTheDocument();
  });

  it("is gone on a phone once the agent has bid", async () => {
    setViewport(375);
    renderBidPage({
      quotation: {
        id: 5,
        pickup_amount: "100.00",
        fast_amount: "900.00",
        normal_amount: "",
        total_amount: "1000.00",
        is_accepted: null,
        cancel_reason: null,
        created_at: "2026-11-20T11:00:00Z",
        updated_at: "2026-11-20T11:00:00Z",
        user: { id: 9, first_name: "Arthur", last_name: "Agent", email: "a@example.com" },
      } as ShipmentDetail["quotation"],
    });
    expect(await screen.findByRole("heading", { name: "Shipment #41" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Place bid" })).not.toBeInTheDocument();
  });
});
