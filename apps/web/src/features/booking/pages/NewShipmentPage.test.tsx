import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderRoute, setViewport, stubFetch } from "../../../test/render-route";
import NewShipmentPage from "./NewShipmentPage";

vi.mock("../../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/toast")>()),
  notify: { success: vi.fn(), error: vi.fn() },
  toastApiError: vi.fn(),
}));

// The real picker is MUI's; the form only needs a control that yields yyyy-MM-dd.
vi.mock("../components/ShipmentDatePicker", () => ({
  default: (props: { value: string; onChange: (v: string) => void; error?: string }) => (
    <label>
      Shipment Date
      <input value={props.value} onChange={(e) => props.onChange(e.target.value)} />
      {props.error && <span>{props.error}</span>}
    </label>
  ),
}));

function fill(
  name: RegExp,
  value: string,
  within_: HTMLElement = document.body,
  role: "textbox" | "combobox" = "textbox",
) {
  // By label, not by role: working out every control's accessible name for getByRole took most
  // of this file's time on a form this large.
  const selector = role === "combobox" ? "[role=combobox]" : "input:not([role]), textarea";
  const input = within(within_).getByLabelText(name, { selector });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

beforeEach(() => setViewport(1280));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const submit = () => screen.getByRole("button", { name: "Submit" });

describe("NewShipmentPage", { timeout: 120_000 }, () => {
  it("shows the spec's messages for an empty form", async () => {
    stubFetch({});
    const user = userEvent.setup({ delay: null });
    renderRoute(<NewShipmentPage />, { path: "/quotes" });
    await user.click(submit());
    for (const message of [
      "Pickup Address is required",
      "Shipment Date is required",
      "Amazon standard identification number is required",
      "Delivery Address is required",
      "Carton dimensions length is required",
      "Carton dimensions width is required",
      "Carton dimensions height is required",
      "Total cost of goods is required",
      "Total number of cartons is required",
      "At least one shipment contain must be checked.",
      "Product name is required",
      "Detailed product description is required",
      "First name is required",
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it("checks lengths and characters with the contract's messages", async () => {
    stubFetch({});
    const user = userEvent.setup({ delay: null });
    renderRoute(<NewShipmentPage />, { path: "/quotes" });
    fill(/Product name/, "x");
    fill(/Additional notes/, "y");
    fill(/Supplier contact name/, "Bad#Name");
    await user.click(submit());
    expect(
      await screen.findByText("Product name must be at least 2 characters"),
    ).toBeInTheDocument();
    expect(screen.getByText("Additional notes must be at least 2 characters")).toBeInTheDocument();
    expect(
      screen.getByText("Supplier contact name can only contain letters, numbers and spaces"),
    ).toBeInTheDocument();
  });

  it("adds up to five warehouse groups and removes them", async () => {
    stubFetch({});
    const user = userEvent.setup({ delay: null });
    renderRoute(<NewShipmentPage />, { path: "/quotes" });
    const add = screen.getByRole("button", { name: "Add Amazon warehouse" });
    for (let i = 0; i < 4; i += 1) await user.click(add);
    expect(screen.getAllByRole("group", { name: /^Amazon warehouse \d$/ })).toHaveLength(5);
    expect(add).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Remove Amazon warehouse 2" }));
    expect(screen.getAllByRole("group", { name: /^Amazon warehouse \d$/ })).toHaveLength(4);
    expect(add).toBeEnabled();
  });

  it("totals the cargo live and warns about heavy or large cartons", async () => {
    stubFetch({});
    const user = userEvent.setup({ delay: null });
    renderRoute(<NewShipmentPage />, { path: "/quotes" });
    const group = screen.getByRole("group", { name: "Amazon warehouse 1" });
    await user.type(within(group).getByRole("textbox", { name: /Length/ }), "50");
    await user.type(within(group).getByRole("textbox", { name: /Width/ }), "40");
    await user.type(within(group).getByRole("textbox", { name: /Height/ }), "30");
    await user.type(within(group).getByRole("textbox", { name: /Weight per carton/ }), "5");
    await user.type(within(group).getByRole("textbox", { name: /Number of cartons/ }), "10");
    // 50x40x30 / 6000 = 10 kg volumetric per carton > 5 kg actual.
    expect(screen.getByTestId("Total cartons")).toHaveTextContent("10");
    expect(screen.getByTestId("Gross weight")).toHaveTextContent("50 kg");
    expect(screen.getByTestId("Volume")).toHaveTextContent("0.6 m³");
    expect(screen.getByTestId("Chargeable weight")).toHaveTextContent("100 kg");
    expect(screen.queryByText(/over 23 kg/)).not.toBeInTheDocument();
    await user.clear(within(group).getByRole("textbox", { name: /Weight per carton/ }));
    await user.type(within(group).getByRole("textbox", { name: /Weight per carton/ }), "24");
    expect(screen.getByText(/over 23 kg or over 63.5 cm/)).toBeInTheDocument();
  });

  it("refuses 1.5 cartons and cost in fractions of a cent as typed, never reshaping them", async () => {
    stubFetch({});
    const user = userEvent.setup({ delay: null });
    renderRoute(<NewShipmentPage />, { path: "/quotes" });
    const group = screen.getByRole("group", { name: "Amazon warehouse 1" });
    const cartons = within(group).getByRole("textbox", { name: /Number of cartons/ });
    const cost = within(group).getByRole("textbox", { name: /Total cost of goods/ });
    await user.type(cartons, "1.5");
    await user.type(cost, "1850.505");
    await user.tab();
    expect(cartons).toHaveValue("1.5");
    expect(cost).toHaveValue("1850.505");
    expect(
      await within(group).findByText("Total number of cartons must be a whole number"),
    ).toBeInTheDocument();
    expect(
      within(group).getByText("Total cost of goods can have at most 2 decimals (cents)"),
    ).toBeInTheDocument();
    await user.clear(cartons);
    await user.type(cartons, "2 boxes");
    await user.clear(cost);
    await user.type(cost, "1850.50");
    await user.tab();
    expect(await within(group).findByText("Must be a number")).toBeInTheDocument();
    // Commas that are no thousands separators stay refused with the contract's message.
    await user.clear(cost);
    await user.type(cost, "18,50");
    await user.tab();
    expect(cost).toHaveValue("18,50");
    expect(await within(group).findAllByText("Must be a number")).toHaveLength(2);
    expect(
      within(group).queryByText("Total cost of goods can have at most 2 decimals (cents)"),
    ).not.toBeInTheDocument();
  });

  it("keeps the none-of-these choice exclusive", async () => {
    stubFetch({});
    const user = userEvent.setup({ delay: null });
    renderRoute(<NewShipmentPage />, { path: "/quotes" });
    const fda = screen.getByRole("checkbox", { name: "FDA Certified Product" });
    const none = screen.getByRole("checkbox", {
      name: "No, my shipment does not contain any of the goods listed",
    });
    await user.click(fda);
    await user.click(none);
    expect(none).toBeChecked();
    expect(fda).not.toBeChecked();
    await user.click(fda);
    expect(none).not.toBeChecked();
  });

  it("puts server field errors onto the fields", async () => {
    const { calls } = stubFetch({
      "POST /api/shipments/": {
        status: "error",
        status_code: 400,
        message: "Bad Request",
        errors: [{ field: "packages.0.number_of_cartons", message: "Server says no cartons" }],
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoute(<NewShipmentPage />, { path: "/quotes" });
    // Fill the minimum valid form.
    fill(/Pickup Address/, "12 Main St", document.body, "combobox");
    fill(/Supplier contact name/, "Acme");
    fill(/Supplier contact phone/, "5551234567");
    fill(/Product name/, "Desk lamp");
    fill(/Main competitor ASIN/, "B00TEST");
    fill(/Freight booking reference/, "REF 1");
    const group = screen.getByRole("group", { name: "Amazon warehouse 1" });
    fill(/Amazon Warehouse/, "PHX7", group, "combobox");
    fill(/Length/, "50", group);
    fill(/Width/, "40", group);
    fill(/Height/, "30", group);
    fill(/Weight per carton/, "5", group);
    // Typed as people write dollars; what will be stored is shown under it and sent.
    fill(/Total cost/, "$1,000.5", group);
    expect(within(group).getByText("Stored as $1,000.50")).toBeInTheDocument();
    fill(/Number of cartons/, "10", group);
    // Several lines, past the old 50-character cut: kept whole, with the count shown.
    const description = `LED desk lamps, aluminium arm, 3 colour temperatures.\nUSB-C powered; ships with a 1.5 m cable.`;
    fill(/Detailed product description/, description);
    expect(screen.getByRole("textbox", { name: /Detailed product description/ }).tagName).toBe(
      "TEXTAREA",
    );
    expect(screen.getByTestId("description-counter")).toHaveTextContent(
      `${description.length} / 2,000`,
    );
    await user.click(screen.getByRole("checkbox", { name: "FDA Certified Product" }));
    fill(/First name/, "Sam");
    fill(/Last name/, "Seller");
    fill(/Email/, "sam@example.com");
    const next = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
    fill(/Shipment Date/, next);
    await user.click(submit());
    expect(await screen.findByText("Server says no cartons")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/quotes");
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toMatchObject({
      product_name: "Desk lamp",
      shipment_ready_date: next,
      pickup_location: { full_address: "12 Main St" },
      packages: [
        {
          delivery_location: "PHX7",
          number_of_cartons: 10,
          carton_dimensions_length: 50,
          total_cost_of_goods: 1000.5,
        },
      ],
      compliance: {
        compliance: ["FDA Certified Product"],
        detailed_product_description: description,
      },
    });
  });
});
