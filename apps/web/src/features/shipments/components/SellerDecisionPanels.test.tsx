import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Quotation, Shipment } from "../../../entities/shipment/api/types";
import { renderRoute, setViewport, stubFetch } from "../../../test/render-route";
import { BidsPanel, EstimatePanel } from "./SellerDecisionPanels";

const bid: Quotation = {
  id: 5,
  shipment: 31,
  pickup_amount: "100.00",
  fast_amount: "1200.00",
  normal_amount: "800.00",
  total_amount: "900.00",
  is_accepted: null,
  cancel_reason: null,
  accepted_service: null,
  is_winner: false,
  is_masked: false,
  details: null,
  is_expired: false,
  reconfirm_requested_at: null,
  created_at: "2026-11-20T10:00:00Z",
  updated_at: "2026-11-20T10:00:00Z",
  user: { id: 8, first_name: "Omar", last_name: "Agent", email: "omar.agent@example.com" },
};

// The panel reads only these fields of the shipment.
const shipment = { id: 31, is_bidding_open: false, quotation_count: 1 } as Shipment;

afterEach(() => vi.unstubAllGlobals());

describe("BidsPanel", { timeout: 30_000 }, () => {
  it("lists the bids as cards of labelled amounts on phones", async () => {
    setViewport(375);
    stubFetch({
      "GET /api/quotations/": {
        status: "success",
        status_code: 200,
        message: "",
        data: [bid],
        pagination_option: { page: 1, pages: 1, per_page: 200, count: 1 },
      },
    });
    renderRoute(<BidsPanel shipment={shipment} />);
    const list = await screen.findByRole("list", { name: "Bids" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const card = within(list).getByRole("listitem");
    const terms = within(card)
      .getAllByRole("term")
      .map((term) => term.textContent);
    expect(terms).toEqual(["Agent", "Email", "Pickup", "Fast", "Normal", "Total"]);
    const values = within(card)
      .getAllByRole("definition")
      .map((value) => value.textContent);
    expect(values[0]).toBe("Omar Agent");
    expect(values[5]).toBe("$900.00");
  });

  it("keeps the table on wide screens", async () => {
    setViewport(1280);
    stubFetch({
      "GET /api/quotations/": {
        status: "success",
        status_code: 200,
        message: "",
        data: [bid],
        pagination_option: { page: 1, pages: 1, per_page: 200, count: 1 },
      },
    });
    renderRoute(<BidsPanel shipment={shipment} />);
    const table = await screen.findByRole("table", { name: "Bids" });
    expect(within(table).getByRole("cell", { name: "omar.agent@example.com" })).toBeVisible();
  });
});

describe("EstimatePanel", { timeout: 30_000 }, () => {
  const approved = {
    id: 31,
    status: "Quotation Approved",
    quotation: { ...bid, is_winner: true },
  } as Shipment;

  it("accepts only after a confirmation naming the chosen service and its total", async () => {
    setViewport(1280);
    const { calls } = stubFetch({
      "PATCH /api/quotations/5/": {
        status: "success",
        status_code: 200,
        message: "Quotation accepted successfully",
        data: { ...approved, status: "Quotation Accepted" },
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoute(<EstimatePanel shipment={approved} />);
    await user.click(screen.getByRole("button", { name: "Accept estimate" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept estimate" });
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    // The default is the service the bid's total prices: normal, $100 + $800.
    const normal = within(dialog).getByRole("radio", { name: /Normal: \$800\.00/ });
    expect(normal).toBeChecked();
    const summary = within(dialog).getByRole("group", { name: "Accepted service and amount" });
    expect(summary).toHaveTextContent("ServiceNormal");
    expect(summary).toHaveTextContent("Total$900.00");

    await user.click(within(dialog).getByRole("radio", { name: /Fast: \$1,200\.00/ }));
    expect(summary).toHaveTextContent("ServiceFast");
    expect(summary).toHaveTextContent("Total$1,300.00");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/seller/booking"));
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([
      {
        url: "/api/quotations/5/",
        method: "PATCH",
        body: { shipment_status: "Quotation Accepted", accepted_service: "fast" },
      },
    ]);
  });

  it("offers the next bid beside the spec's decline, sending the reason the agent passed over is told", async () => {
    setViewport(375);
    const { calls } = stubFetch({
      // One bid was passed over already: the estimate is the next lowest.
      "GET /api/quotations/": {
        status: "success",
        status_code: 200,
        message: "",
        data: [{ ...bid, id: 4, is_accepted: false, is_masked: true }, bid],
        pagination_option: { page: 1, pages: 1, per_page: 200, count: 2 },
      },
      "POST /api/shipments/31/next-bid/": {
        status: "success",
        status_code: 200,
        message: "The next lowest bid is now your estimate",
        data: approved,
      },
    });
    const user = userEvent.setup({ delay: null });
    // A single bid has no next one: only the spec's decline.
    const { unmount } = renderRoute(<EstimatePanel shipment={approved} />);
    expect(screen.getByRole("button", { name: "Decline" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Take the next bid" })).not.toBeInTheDocument();
    unmount();

    renderRoute(<EstimatePanel shipment={{ ...approved, quotation_count: 3 }} />);
    expect(screen.getByRole("button", { name: "Decline" })).toBeInTheDocument();
    expect(
      await screen.findByText(/This is the next lowest quotation from Omar Agent/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Take the next bid" }));
    const dialog = await screen.findByRole("dialog", { name: "Take the next bid" });
    expect(dialog).toHaveTextContent("Omar Agent's estimate will be declined");
    expect(dialog).toHaveTextContent("the shipment stays open");
    // A reason is required before anything is sent.
    await user.click(within(dialog).getByRole("button", { name: "Take the next bid" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Pickup too late");
    await user.click(within(dialog).getByRole("button", { name: "Take the next bid" }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === "POST")).toEqual([
        { url: "/api/shipments/31/next-bid/", method: "POST", body: { reason: "Pickup too late" } },
      ]),
    );
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("goes back without deciding", async () => {
    setViewport(375);
    const { calls } = stubFetch({});
    const user = userEvent.setup({ delay: null });
    renderRoute(<EstimatePanel shipment={approved} />);
    await user.click(screen.getByRole("button", { name: "Accept estimate" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept estimate" });
    await user.click(within(dialog).getByRole("button", { name: "Back" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept estimate" })).toBeEnabled();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("shows the accepted order's service and that service's total", () => {
    setViewport(1280);
    stubFetch({});
    renderRoute(
      <EstimatePanel
        shipment={
          {
            ...approved,
            status: "Quotation Accepted",
            quotation: { ...bid, is_accepted: true, accepted_service: "fast" },
          } as Shipment
        }
      />,
    );
    expect(screen.getByText("Service bought").nextSibling).toHaveTextContent("Fast");
    expect(screen.getByText("Total (fast)").nextSibling).toHaveTextContent("$1,300.00");
  });
});
