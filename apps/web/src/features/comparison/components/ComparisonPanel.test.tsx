import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderRoute, setViewport, stubFetch } from "../../../test/render-route";
import { shipmentDetail } from "../../../test/shipment-fixtures";
import { comparison, comparisonBid } from "../test-fixtures";
import { ComparisonPanel } from "./ComparisonPanel";

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn() },
  toastApiError: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const shipment = shipmentDetail({ status: "Quotation Approved", quotation_count: 3 });
// The cheapest is slow; the second is quicker by air; the third expired.
const bids = [
  comparisonBid(1, 1000, { transit: [30, 35], is_automatic_winner: true, is_winner: true }),
  comparisonBid(2, 1300, { transit: [30, 35], fastTransit: [5, 7], onTime: 0.98 }),
  comparisonBid(3, 1250, { transit: [20, 25], expired: true, details: true, onTime: 0.5 }),
];

function renderPanel(routes: Record<string, unknown> = {}) {
  const stub = stubFetch({
    "GET /api/shipments/41/comparison/": {
      status: "success",
      status_code: 200,
      message: "OK",
      data: comparison(bids),
    },
    ...routes,
  });
  renderRoute(<ComparisonPanel shipment={shipment} />);
  return stub;
}

const columnHeads = () =>
  within(screen.getByRole("table", { name: "Bid comparison" }))
    .getAllByRole("columnheader")
    .slice(1)
    .map((cell) => cell.textContent);

describe("ComparisonPanel", { timeout: 60_000 }, () => {
  it("sets the bids side by side, explains the automatic winner and sorts by transit and on-time rate", async () => {
    setViewport(1440);
    const user = userEvent.setup({ delay: null });
    renderPanel();
    expect(
      await screen.findByText(
        (_, node) =>
          node?.textContent === "Automatic winner: Agent1 Tester, lowest total of 3 bids.",
      ),
    ).toBeInTheDocument();
    expect(columnHeads()).toEqual([
      expect.stringContaining("Agent1 Tester"),
      expect.stringContaining("Agent3 Tester"),
      expect.stringContaining("Agent2 Tester"),
    ]);
    expect(columnHeads()[0]).toContain("Automatic winner");
    // Missing inclusions are marked on every bid that lacks them.
    const fcRow = screen.getByRole("row", { name: /Delivery to each Amazon FC/ });
    expect(within(fcRow).getAllByText("Not included")).toHaveLength(3);
    expect(screen.getByRole("row", { name: /Fast/ })).toHaveTextContent("Air, 5–7 days");

    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Transit time");
    expect(columnHeads().map((text) => text?.slice(0, 6))).toEqual(["Agent2", "Agent3", "Agent1"]);

    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "On-time rate");
    expect(columnHeads().map((text) => text?.slice(0, 6))).toEqual(["Agent2", "Agent1", "Agent3"]);
  });

  it("asks a reason before accepting another bid, text for Other, and sends it", async () => {
    setViewport(1440);
    const user = userEvent.setup({ delay: null });
    const { calls } = renderPanel({
      "POST /api/shipments/41/award/": {
        status: "success",
        status_code: 200,
        message: "Quotation accepted successfully",
        data: shipment,
      },
    });
    await user.click(await screen.findByRole("button", { name: "Pick Agent2 Tester's bid" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept Agent2 Tester's bid" });
    expect(dialog).toHaveTextContent("instead of the automatic winner (lowest total of 3 bids)");
    await user.click(within(dialog).getByRole("button", { name: "Accept this bid" }));
    expect(await within(dialog).findByText("Choose why you pick this bid")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("combobox", { name: /Reason/ }));
    await user.click(screen.getByRole("option", { name: "Other" }));
    await user.click(within(dialog).getByRole("button", { name: "Accept this bid" }));
    expect(await within(dialog).findByText("Say why you pick this bid")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    await user.click(within(dialog).getByRole("combobox", { name: /Reason/ }));
    await user.click(screen.getByRole("option", { name: "Faster transit" }));
    expect(within(dialog).queryByRole("textbox", { name: /Tell the bidders why/ })).toBeNull();
    // The bid offers both services: each shows its own price as the comparison lists it, then
    // its total with the pickup; the seller buys the fast one.
    expect(
      within(dialog).getByRole("radio", {
        name: "Normal (Sea, 30–35 days): $1,200.00 (total $1,300.00)",
      }),
    ).toBeChecked();
    expect(dialog).toHaveTextContent("You pick this bid (total $1,300.00)");
    await user.click(
      within(dialog).getByRole("radio", {
        name: "Fast (Air, 5–7 days): $1,700.00 (total $1,800.00)",
      }),
    );
    const totals = within(dialog).getByRole("group", { name: "Accepted service and amount" });
    expect(totals).toHaveTextContent("Pickup amount$100.00");
    expect(totals).toHaveTextContent("Fast amount$1,700.00");
    expect(totals).toHaveTextContent("Total$1,800.00");
    expect(dialog).toHaveTextContent("You pick this bid (total $1,800.00)");
    await user.click(within(dialog).getByRole("button", { name: "Accept this bid" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      url: "/api/shipments/41/award/",
      body: { quotation_id: 2, reason: "faster_transit", accepted_service: "fast" },
    });
  });

  it("offers no pick of a bid passed over for the next one, whose estimate is decided under Estimate", async () => {
    setViewport(375);
    const [lowest, next] = [
      comparisonBid(1, 1000, { is_automatic_winner: true }),
      comparisonBid(2, 1300, { is_winner: true }),
    ];
    stubFetch({
      "GET /api/shipments/41/comparison/": {
        status: "success",
        status_code: 200,
        message: "OK",
        data: comparison([
          { ...lowest!, quotation: { ...lowest!.quotation, is_accepted: false } },
          next!,
        ]),
      },
    });
    renderRoute(<ComparisonPanel shipment={shipment} />);
    const passedOver = await screen.findByRole("listitem", { name: "Agent1 Tester's bid" });
    expect(within(passedOver).getByText("Declined when you took the next bid")).toBeInTheDocument();
    expect(within(passedOver).queryByRole("button", { name: /Pick/ })).toBeNull();
    const estimate = screen.getByRole("listitem", { name: "Agent2 Tester's bid" });
    expect(within(estimate).getByText("Accept or decline it under Estimate")).toBeInTheDocument();
    expect(within(estimate).queryByRole("button", { name: /Pick/ })).toBeNull();
  });

  it("offers no pick of an expired bid but asks its agent to re-confirm, as cards on a phone", async () => {
    setViewport(375);
    const user = userEvent.setup({ delay: null });
    const { calls } = renderPanel({
      "POST /api/quotations/3/reconfirm-request/": {
        status: "success",
        status_code: 200,
        message: "The agent was asked to re-confirm the quotation",
        data: bids[2]!.quotation,
      },
    });
    const card = await screen.findByRole("listitem", { name: "Agent3 Tester's bid" });
    expect(within(card).getByText("Expired")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: /Pick/ })).toBeNull();
    await user.click(within(card).getByRole("button", { name: "Ask Agent3 Tester to re-confirm" }));
    await waitFor(() =>
      expect(calls.some((call) => call.url === "/api/quotations/3/reconfirm-request/")).toBe(true),
    );
    expect(screen.getAllByRole("listitem", { name: /'s bid$/ })).toHaveLength(3);
    expect(screen.queryByRole("table")).toBeNull();
  });
});
