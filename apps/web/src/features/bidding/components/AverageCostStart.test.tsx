import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ShipmentDetail } from "@fba/contract";
import { renderRoute, setViewport, stubFetch } from "../../../test/render-route";
import { QuotationForm } from "./QuotationForm";

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn() },
  toastApiError: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const pkg = (delivery_location: string, chargeable_weight: number) => ({
  delivery_location,
  chargeable_weight,
});

const shipment = (packages: ReturnType<typeof pkg>[], quotation: object = {}) =>
  ({ id: 42, quotation, packages }) as unknown as ShipmentDetail;

const cost = (warehouse_number: string, slow: string, fast: string, air: string) => ({
  id: warehouse_number.length,
  warehouse_number,
  slow_cost: slow,
  fast_cost: fast,
  air_cost: air,
  updated_at: "2026-11-20T10:00:00Z",
});

const ownCosts = (rows: ReturnType<typeof cost>[]) => ({
  "GET /api/average-cost/": {
    status: "success",
    status_code: 200,
    message: "Fetched successfully",
    data: {
      data: rows,
      pagination_option: { page: 1, pages: 1, per_page: 200, count: rows.length },
    },
  },
});

describe(
  "the bid form's starting point from the agent's average costs",
  { timeout: 60_000 },
  () => {
    for (const width of [1440, 375]) {
      it(`prices each FC for its weight and fills normal (sea) and fast (sea express), at ${width} px`, async () => {
        setViewport(width);
        stubFetch(
          ownCosts([cost("ONT8", "2.75", "4.00", "0.00"), cost("FTW1", "1.50", "3.00", "6.00")]),
        );
        const user = userEvent.setup({ delay: null });
        renderRoute(
          <QuotationForm
            shipment={shipment([
              pkg("ONT8 - Moreno Valley, CA", 100),
              pkg("FTW1 - Dallas, TX", 50),
              pkg("ONT8 - Moreno Valley, CA", 20),
            ])}
            isOpen
          />,
        );
        const lines = await screen.findAllByTestId("average-cost-line");
        expect(lines.map((line) => line.textContent)).toEqual([
          "ONT8 (120 kg): Sea $330.00 · Sea express $480.00 · Air not offered",
          "FTW1 (50 kg): Sea $75.00 · Sea express $150.00 · Air $300.00",
        ]);
        await user.click(screen.getByRole("button", { name: "Use as starting point" }));
        expect(screen.getByRole("textbox", { name: /Normal shipping amount/ })).toHaveValue(
          "405.00",
        );
        expect(screen.getByRole("textbox", { name: /Fast shipping amount/ })).toHaveValue("630.00");
        expect(screen.getByRole("textbox", { name: /Pickup amount/ })).toHaveValue("");
      });
    }

    it("lists an FC without an average cost and offers no starting point then", async () => {
      setViewport(1440);
      stubFetch(ownCosts([cost("ONT8", "2.75", "4.00", "7.00")]));
      renderRoute(
        <QuotationForm
          shipment={shipment([pkg("ONT8 - Moreno Valley, CA", 100), pkg("FTW1", 50)])}
          isOpen
        />,
      );
      expect(await screen.findByText(/no average cost/)).toHaveTextContent(
        "FTW1 (50 kg): no average cost",
      );
      expect(
        screen.queryByRole("button", { name: "Use as starting point" }),
      ).not.toBeInTheDocument();
    });

    it("shows nothing when the agent keeps no average cost for these FCs", async () => {
      setViewport(1440);
      const { calls } = stubFetch(ownCosts([cost("LAX9", "1.00", "2.00", "3.00")]));
      renderRoute(<QuotationForm shipment={shipment([pkg("ONT8", 100)])} isOpen />);
      await vi.waitFor(() => expect(calls.some((c) => c.url === "/api/average-cost/")).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole("note", { name: "Your average costs" })).not.toBeInTheDocument();
    });
  },
);
