import { beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { averageCostMessages } from "@fba/contract";
import { STORAGE_KEYS } from "@fba/contract/constants";
import { fakeApi } from "../../../test/fake-api";
import { renderRoute, setViewport } from "../../../test/render-route";
import AverageCostsPage from "./AverageCostsPage";

const row = {
  id: 3,
  warehouse_number: "ONT8",
  slow_cost: "1.20",
  fast_cost: "2.50",
  air_cost: "0.00",
  updated_at: "2026-11-20T10:00:00Z",
};
const list = (rows: unknown[]) => ({
  body: {
    status: "success",
    status_code: 200,
    message: "OK",
    data: {
      data: rows,
      pagination_option: { page: 1, pages: 1, per_page: 50, count: rows.length },
    },
  },
});

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.accessToken, "access");
  setViewport(1440);
});

describe("AverageCostsPage", () => {
  it("lists the agent's prices per FC, a 0 as not offered", async () => {
    fakeApi({ "GET average-cost/": list([row]) });
    renderRoute(<AverageCostsPage />);
    await screen.findByText("ONT8");
    const table = screen.getByRole("table", { name: "Average costs" });
    const cells = within(table)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(["ONT8", "$1.20 / kg", "$2.50 / kg", "Not offered"]);
  });

  it("adds a price, checked as the server checks it, and sends it as typed", async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      "GET average-cost/": list([]),
      "POST average-cost/": {
        status: 201,
        body: {
          status: "success",
          status_code: 201,
          message: "Average cost created successfully",
          data: row,
        },
      },
    });
    renderRoute(<AverageCostsPage />);
    await screen.findByText("No average costs yet");
    await user.click(screen.getByRole("button", { name: "Add average cost" }));
    const dialog = screen.getByRole("dialog", { name: "Add average cost" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(averageCostMessages.warehouseRequired)).toBeVisible();
    await user.type(within(dialog).getByRole("textbox", { name: /Warehouse Number/ }), "ont8");
    await user.type(within(dialog).getByRole("textbox", { name: /Slow/ }), "1.2");
    await user.type(within(dialog).getByRole("textbox", { name: /Fast/ }), "2.555");
    await user.type(within(dialog).getByRole("textbox", { name: /^Air/ }), "0");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(averageCostMessages.costFormat)).toBeVisible();
    await user.clear(within(dialog).getByRole("textbox", { name: /Fast/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /Fast/ }), "2.5");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      warehouse_number: "ont8",
      slow_cost: "1.2",
      fast_cost: "2.5",
      air_cost: "0",
    });
  });

  it("deletes a row after asking", async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      "GET average-cost/": list([row]),
      "DELETE average-cost/3/": {
        body: {
          status: "success",
          status_code: 200,
          message: "Average cost deleted successfully",
          data: { id: 3 },
        },
      },
    });
    renderRoute(<AverageCostsPage />);
    await user.click(await screen.findByRole("button", { name: "Delete ONT8" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
        "average-cost/3/",
      ]),
    );
  });
});
