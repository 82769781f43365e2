import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import type { Quotation, Shipment } from "../../../entities/shipment/api/types";
import { renderRoute, setViewport, stubFetch } from "../../../test/render-route";
import { BidsPanel } from "./SellerDecisionPanels";

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
