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

// 250 kg chargeable; the window ends on Nov 23.
const shipment = {
  id: 42,
  quotation: {},
  bidding_ends_at: "2026-11-23T10:00:00Z",
  packages: [{ chargeable_weight: 100 }, { chargeable_weight: 150 }],
} as unknown as ShipmentDetail;

const textbox = (name: RegExp) => screen.getByRole("textbox", { name });
const type = (name: RegExp, value: string) =>
  fireEvent.change(textbox(name), { target: { value } });

async function chooseServiceType(
  user: ReturnType<typeof userEvent.setup>,
  mode: string,
  label: string,
) {
  await user.click(screen.getByRole("combobox", { name: new RegExp(`${mode} service type`) }));
  await user.click(await screen.findByRole("option", { name: label }));
}
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
  details: null,
  is_expired: false,
  reconfirm_requested_at: null,
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

  it("keeps cents as typed, shows the bid and its details as the seller will see them and sends them on Confirm", async () => {
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
    const pickup = textbox(/Pickup amount/);
    // A currency sign and thousands separators are taken, and what will be stored is shown.
    fireEvent.change(pickup, { target: { value: "$1,850.50" } });
    expect(pickup).toHaveValue("$1,850.50");
    expect(screen.getByText("Stored as $1,850.50")).toBeInTheDocument();
    type(/Fast shipping amount/, "1,200");
    expect(screen.getByText("Stored as $1,200.00")).toBeInTheDocument();
    type(/Normal shipping amount/, "900.5");
    await chooseServiceType(user, "Fast", "Air express");
    type(/Fast transit min/, "5");
    type(/Fast transit max/, "7");
    await chooseServiceType(user, "Normal", "Sea");
    type(/Normal transit min/, "30");
    type(/Normal transit max/, "35");
    await user.click(screen.getByRole("checkbox", { name: "Pickup at origin" }));
    await user.click(screen.getByRole("checkbox", { name: "Delivery to each Amazon FC" }));
    type(/Note/, "  Weekly sailing on Fridays ");
    // The validity starts 14 days after the window's end date (Nov 23), and can be changed.
    expect(screen.getByLabelText(/Valid until/)).toHaveValue("2026-12-07");
    fireEvent.change(screen.getByLabelText(/Valid until/), { target: { value: "2026-11-30" } });

    await user.click(screen.getByRole("button", { name: "Submit" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm your quotation" });
    expect(within(dialog).getByText("$1,850.50")).toBeInTheDocument();
    expect(within(dialog).getByText("$1,200.00")).toBeInTheDocument();
    expect(within(dialog).getByText("$900.50")).toBeInTheDocument();
    // Pickup plus the cheaper service, as the seller's estimate totals it.
    expect(within(dialog).getByText("Total").nextSibling).toHaveTextContent("$2,751.00");
    expect(within(dialog).getByText("Air express, 5–7 days")).toBeInTheDocument();
    expect(within(dialog).getByText("Sea, 30–35 days")).toBeInTheDocument();
    expect(within(dialog).getByText("11/30/2026")).toBeInTheDocument();
    expect(within(dialog).getByText("Weekly sailing on Fridays")).toBeInTheDocument();
    expect(within(dialog).getByText("Duties and taxes are always excluded")).toBeInTheDocument();
    expect(within(dialog).getByText("Palletising").parentElement).toHaveTextContent(
      "Palletising (not included)",
    );
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
      normal_amount: "900.50",
      fast_service_type: "air_express",
      fast_transit_min_days: 5,
      fast_transit_max_days: 7,
      normal_service_type: "sea",
      normal_transit_min_days: 30,
      normal_transit_max_days: 35,
      inclusions: ["pickup_origin", "fc_delivery"],
      valid_until: "2026-11-30",
      note: "Weekly sailing on Fridays",
    });
  });

  it("asks for the type and transit days of each offered service, in order, and a validity from the window's end", async () => {
    stubFetch({});
    const user = userEvent.setup({ delay: null });
    renderRoute(<QuotationForm shipment={shipment} isOpen />);
    // No service offered yet: nothing to describe.
    expect(screen.queryByRole("combobox", { name: /service type/ })).not.toBeInTheDocument();
    type(/Pickup amount/, "100");
    type(/Fast shipping amount/, "900");
    fireEvent.change(screen.getByLabelText(/Valid until/), { target: { value: "2026-11-22" } });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Choose the service type")).toBeInTheDocument();
    expect(screen.getAllByText("Enter the transit days")).toHaveLength(2);
    expect(
      screen.getByText(
        "The quotation must be valid at least until the bidding window ends (2026-11-23)",
      ),
    ).toBeInTheDocument();
    // The normal service is not offered, so it asks nothing of it.
    expect(screen.queryByRole("combobox", { name: /Normal service type/ })).not.toBeInTheDocument();

    await chooseServiceType(user, "Fast", "Air");
    type(/Fast transit min/, "9");
    type(/Fast transit max/, "6");
    fireEvent.change(screen.getByLabelText(/Valid until/), { target: { value: "2026-11-23" } });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(
      await screen.findByText("The maximum transit days cannot be below the minimum"),
    ).toBeInTheDocument();
    type(/Fast transit max/, "400");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(
      await screen.findByText("Transit days must be a whole number from 1 to 365"),
    ).toBeInTheDocument();
    expect(screen.queryByText("Choose the service type")).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows the total as the spec defines it and its price per chargeable kg while the agent types", () => {
    stubFetch({});
    renderRoute(<QuotationForm shipment={shipment} isOpen />);
    const total = screen.getByRole("status", { name: "Bid total" });
    expect(total).toHaveTextContent("Total —");
    type(/Pickup amount/, "100");
    expect(total).toHaveTextContent("Total —");
    type(/Fast shipping amount/, "$1,400");
    expect(total).toHaveTextContent("Total $1,500.00");
    expect(total).toHaveTextContent("$6.00 per chargeable kg (250 kg)");
    // The cheaper service counts.
    type(/Normal shipping amount/, "649.99");
    expect(total).toHaveTextContent("Total $749.99");
    expect(total).toHaveTextContent("$3.00 per chargeable kg (250 kg)");
    // What is not an amount does not count.
    type(/Normal shipping amount/, "6,49");
    expect(total).toHaveTextContent("Total $1,500.00");
  });

  it("refuses a third decimal or garbage with a message and opens no confirmation", async () => {
    stubFetch({});
    const user = userEvent.setup({ delay: null });
    renderRoute(<QuotationForm shipment={shipment} isOpen />);
    fireEvent.change(screen.getByRole("textbox", { name: /Pickup amount/ }), {
      target: { value: "1850.505" },
    });
    // Commas that are no thousands separators are still refused with the contract's message.
    fireEvent.change(screen.getByRole("textbox", { name: /Fast shipping amount/ }), {
      target: { value: "12,00" },
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
    // An old client's bid has no details to show.
    expect(screen.getByText("Details not given")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: /service type/ })).not.toBeInTheDocument();
  });

  it("shows the agent its own quotation's details once sent", () => {
    stubFetch({});
    const detailed = {
      ...bid,
      details: {
        fast: null,
        normal: { service_type: "sea" as const, transit_min_days: 28, transit_max_days: 35 },
        inclusions: ["main_freight" as const, "fc_delivery" as const],
        valid_until: "2026-12-01",
        note: null,
      },
      is_expired: true,
      reconfirm_requested_at: null,
    };
    renderRoute(<QuotationForm shipment={{ ...shipment, quotation: detailed }} isOpen={false} />);
    expect(screen.getByText("Sea, 28–35 days")).toBeInTheDocument();
    expect(screen.getByText("Not offered")).toBeInTheDocument();
    expect(screen.getByText(/12\/01\/2026/).parentElement).toHaveTextContent("(expired)");
    expect(screen.getByText("Pickup at origin").parentElement).toHaveTextContent("(not included)");
    expect(screen.getByText("Main freight").parentElement).not.toHaveTextContent("not included");
  });
});
