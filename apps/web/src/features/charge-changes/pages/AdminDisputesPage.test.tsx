import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DisputeRow } from "@fba/contract";
import { fakeApi, renderRoute, success } from "../../../test/fake-api";
import { setViewport } from "../../../test/render-route";
import { chargeChange } from "../../../test/charge-change-fixtures";
import AdminDisputesPage from "./AdminDisputesPage";

afterEach(() => vi.unstubAllGlobals());

const row: DisputeRow = {
  shipment: {
    id: 31,
    product_name: "Bamboo Lamps",
    status: "Shipment Completed",
    completed_at: null,
  },
  seller: { id: 2, first_name: "Sally", last_name: "Seller", email: "sally@example.com" },
  agent: { id: 3, first_name: "Andy", last_name: "Agent", email: "andy@example.com" },
  charge_change: chargeChange({
    status: "disputed",
    dispute_reason: "Cartons were 60 cm at pickup",
    disputed_at: "2026-11-21T09:00:00Z",
    can_accept: false,
    can_dispute: false,
    can_decide: true,
  }),
};

describe("the admins' disputes list", { timeout: 60_000 }, () => {
  for (const width of [1440, 375]) {
    it(`shows each open dispute with its evidence, the chat and Decide at ${width} px`, async () => {
      setViewport(width);
      fakeApi({ "GET admin/disputes/": success([row]) });
      const user = userEvent.setup({ delay: null });
      renderRoute(<AdminDisputesPage />);
      await screen.findByText("Cartons were 60 cm at pickup");
      const list = screen.getByRole(width > 600 ? "table" : "list", {
        name: "Open disputes",
      });
      expect(within(list).getByRole("link", { name: "#31 Bamboo Lamps" })).toHaveAttribute(
        "href",
        "/admin/shipments/31",
      );
      expect(within(list).getByRole("link", { name: "cfs-remeasure.pdf" })).toBeInTheDocument();
      expect(within(list).getByText("Cartons were 60 cm at pickup")).toBeInTheDocument();
      expect(within(list).getByText("(+$180.00)")).toBeInTheDocument();
      expect(
        within(list).getByRole("link", { name: "Open the chat of shipment #31" }),
      ).toHaveAttribute("href", "/admin/shipments/31#chat");
      await user.click(
        within(list).getByRole("button", { name: "Decide the dispute on shipment #31" }),
      );
      expect(
        screen.getByRole("dialog", { name: "Decide the dispute on shipment #31" }),
      ).toBeInTheDocument();
    });
  }

  it("says when nothing is disputed", async () => {
    setViewport(1440);
    fakeApi({ "GET admin/disputes/": success([]) });
    renderRoute(<AdminDisputesPage />);
    expect(await screen.findByText("No open disputes")).toBeInTheDocument();
  });

  it("reads decided disputes by the filters in the address, with their decision and no Decide", async () => {
    setViewport(1440);
    const decided: DisputeRow = {
      ...row,
      charge_change: chargeChange({
        status: "decided",
        dispute_reason: "Cartons were 60 cm at pickup",
        disputed_at: "2026-11-21T09:00:00Z",
        decision: {
          outcome: "between",
          outcome_label: "An amount in between",
          amount: "690.50",
          note: "Half of the exam fee",
        },
        can_decide: false,
      }),
    };
    const { calls } = fakeApi({ "GET admin/disputes/": success([decided]) });
    renderRoute(<AdminDisputesPage />, {
      path: "/admin/disputes",
      at: "/admin/disputes?status=decided&from=2026-11-01",
    });
    expect(await screen.findByText("An amount in between: $690.50")).toBeInTheDocument();
    expect(screen.getByText("Half of the exam fee")).toBeInTheDocument();
    expect(screen.getByLabelText("Status")).toHaveValue("decided");
    expect(screen.getByLabelText("Disputed from")).toHaveValue("2026-11-01");
    expect(screen.queryByRole("button", { name: /Decide the dispute/ })).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === "admin/disputes/")).toBeDefined();
  });
});
