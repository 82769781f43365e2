import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderRoute, setViewport, stubFetch } from "../../../test/render-route";
import NewShipmentPage from "./NewShipmentPage";

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn() },
  toastApiError: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const estimates = {
  status: "success",
  status_code: 200,
  message: "Details updated successfully",
  data: [
    {
      warehouse_number: "ONT8",
      agents: 2,
      slow: { min: "2.75", max: "3.10" },
      fast: { min: "4.00", max: "4.00" },
      air: null,
    },
    { warehouse_number: "FTW1", agents: 0, slow: null, fast: null, air: null },
  ],
};

function fill(group: HTMLElement, name: RegExp, value: string, role: "textbox" | "combobox") {
  const input = within(group).getByRole(role, { name });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe("the booking form's estimate per destination", { timeout: 60_000 }, () => {
  for (const width of [1440, 375]) {
    it(`shows agents' average-cost range for each FC typed, at ${width} px`, async () => {
      setViewport(width);
      const { calls } = stubFetch({ "GET /api/average-cost/estimates/": estimates });
      const user = userEvent.setup({ delay: null });
      renderRoute(<NewShipmentPage />, { path: "/quotes" });
      const first = screen.getByRole("group", { name: "Amazon warehouse 1" });
      fill(first, /Amazon Warehouse/, "ONT8 - Moreno Valley, CA", "combobox");
      // 50×40×30 cm / 6000 = 10 kg per carton (more than its 5 kg): 100 kg for ten cartons.
      fill(first, /Length/, "50", "textbox");
      fill(first, /Width/, "40", "textbox");
      fill(first, /Height/, "30", "textbox");
      fill(first, /Weight per carton/, "5", "textbox");
      fill(first, /Number of cartons/, "10", "textbox");

      const note = await within(first).findByRole("note", { name: "Estimated cost to ONT8" });
      expect(note).toHaveTextContent("Estimated cost to ONT8 for 100 kg chargeable");
      expect(note).toHaveTextContent("Sea: $275.00 – $310.00");
      expect(note).toHaveTextContent("Sea express: $400.00");
      expect(note).toHaveTextContent("Air: not priced");
      expect(note).toHaveTextContent("From 2 agents' average costs");

      await user.click(screen.getByRole("button", { name: "Add Amazon warehouse" }));
      const second = screen.getByRole("group", { name: "Amazon warehouse 2" });
      fill(second, /Amazon Warehouse/, "ftw1", "combobox");
      expect(
        await within(second).findByText("No agent has an average cost for FTW1 yet."),
      ).toBeInTheDocument();
      // The stub answers for both FCs whatever is asked, so the note can show before the form
      // asks for both: wait for that request.
      await vi.waitFor(() => {
        const asked = calls.filter((call) => call.url.startsWith("/api/average-cost/estimates/"));
        expect(asked.at(-1)?.url).toBe("/api/average-cost/estimates/?fc_codes=FTW1%2CONT8");
      });
    });
  }

  it("shows the price per kg until a weight is typed, and nothing for a location without an FC code", async () => {
    setViewport(1440);
    stubFetch({ "GET /api/average-cost/estimates/": estimates });
    renderRoute(<NewShipmentPage />, { path: "/quotes" });
    const first = screen.getByRole("group", { name: "Amazon warehouse 1" });
    fill(first, /Amazon Warehouse/, "Moreno Valley", "combobox");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(within(first).queryByRole("note")).not.toBeInTheDocument();
    fill(first, /Amazon Warehouse/, "ONT8", "combobox");
    const note = await within(first).findByRole("note", { name: "Estimated cost to ONT8" });
    expect(note).toHaveTextContent("Sea: $2.75 – $3.10 per kg");
  });
});
