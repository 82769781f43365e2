import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitForElementToBeRemoved, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ShipmentDetail } from "@fba/contract";
import { renderRoute, setViewport, stubFetch } from "../../../test/render-route";
import { QuotationForm } from "./QuotationForm";

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn() },
  toastApiError: vi.fn(),
}));

beforeEach(() => setViewport(1280));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const shipment = { id: 42, quotation: {} } as unknown as ShipmentDetail;
const bid = {
  id: 7,
  shipment: 42,
  pickup_amount: "100.00",
  fast_amount: "",
  normal_amount: "900.00",
  total_amount: "1000.00",
  is_accepted: null,
  cancel_reason: null,
  accepted_service: null,
  is_winner: false,
  is_masked: false,
  created_at: "",
  updated_at: "",
  user: { id: 1, first_name: "Ann", last_name: "Agent", email: "a@x.co" },
};

describe("QuotationForm", { timeout: 60_000 }, () => {
  it("requires the pickup amount and one of fast or normal", async () => {
    stubFetch({});
    const user = userEvent.setup({ delay: null });
    renderRoute(<QuotationForm shipment={shipment} isOpen />);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Amount is required")).toBeInTheDocument();
    fireEvent.change(screen.getByRole("textbox", { name: /Pickup amount/ }), {
      target: { value: "100" },
    });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findAllByText("Enter a fast or a normal amount")).toHaveLength(2);
    expect(screen.queryByText("Amount is required")).not.toBeInTheDocument();
  });

  it("keeps cents as typed, shows the bid as the seller will see it and sends it on Confirm", async () => {
    const { calls } = stubFetch({
      "POST /api/shipper/quotation/": {
        status: "success",
        status_code: 201,
        message: "Quotation submitted successfully",
        data: bid,
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<QuotationForm shipment={shipment} isOpen />);
    const pickup = screen.getByRole("textbox", { name: /Pickup amount/ });
    fireEvent.change(pickup, { target: { value: "1850.50" } });
    expect(pickup).toHaveValue("1850.50");
    fireEvent.change(screen.getByRole("textbox", { name: /Fast shipping amount/ }), {
      target: { value: "1200" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: /Normal shipping amount/ }), {
      target: { value: "900.5" },
    });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm your quotation" });
    expect(within(dialog).getByText("$1,850.50")).toBeInTheDocument();
    expect(within(dialog).getByText("$1,200.00")).toBeInTheDocument();
    expect(within(dialog).getByText("$900.50")).toBeInTheDocument();
    // Pickup plus the cheaper service, as the seller's estimate totals it.
    expect(within(dialog).getByText("Total").nextSibling).toHaveTextContent("$2,751.00");
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    // Back changes nothing and sends nothing.
    await user.click(within(dialog).getByRole("button", { name: "Back" }));
    await waitForElementToBeRemoved(() => screen.queryByRole("dialog"));
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Submit" }));
    await user.click(await screen.findByRole("button", { name: "Confirm" }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      shipment: 42,
      pickup_amount: "1850.50",
      fast_amount: "1200",
      normal_amount: "900.5",
    });
  });

  it("refuses a third decimal or garbage with a message and opens no confirmation", async () => {
    stubFetch({});
    const user = userEvent.setup({ delay: null });
    renderRoute(<QuotationForm shipment={shipment} isOpen />);
    fireEvent.change(screen.getByRole("textbox", { name: /Pickup amount/ }), {
      target: { value: "1850.505" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: /Fast shipping amount/ }), {
      target: { value: "1,200" },
    });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(
      await screen.findByText("Amount can have at most 2 decimals (cents)"),
    ).toBeInTheDocument();
    expect(screen.getByText("Amount must contain digits only")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Pickup amount/ })).toHaveValue("1850.505");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("is read-only with Submit hidden once the agent has bid", () => {
    stubFetch({});
    renderRoute(<QuotationForm shipment={{ ...shipment, quotation: bid }} isOpen />);
    expect(screen.getByRole("textbox", { name: /Pickup amount/ })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: /Pickup amount/ })).toHaveValue("100.00");
    expect(screen.getByRole("textbox", { name: /Normal shipping amount/ })).toHaveValue("900.00");
    expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
    expect(screen.getByText("Your quotation has been submitted.")).toBeInTheDocument();
  });
});
