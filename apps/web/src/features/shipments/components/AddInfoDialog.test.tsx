import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderRoute, setViewport, stubFetch } from "../../../test/render-route";
import { AddInfoDialog, infoActionLabel } from "./AddInfoDialog";

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

const shipment = { id: 9, final_amount: null, tracking_number: null };

describe("infoActionLabel", () => {
  it("offers Add info until the order has a final amount or a tracking number, then Edit info", () => {
    expect(infoActionLabel({ final_amount: null, tracking_number: null })).toBe("Add info");
    expect(infoActionLabel({ final_amount: null, tracking_number: "" })).toBe("Add info");
    expect(infoActionLabel({ final_amount: "1500.00", tracking_number: null })).toBe("Edit info");
    expect(infoActionLabel({ final_amount: null, tracking_number: "1Z999" })).toBe("Edit info");
  });
});

describe("AddInfoDialog", { timeout: 60_000 }, () => {
  it("is titled Edit Info once the order has its info", () => {
    stubFetch({});
    renderRoute(
      <AddInfoDialog
        shipment={{ id: 9, final_amount: "1500.00", tracking_number: "123456789012" }}
        open
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByRole("dialog", { name: "Edit Info" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Final amount" })).toHaveValue("1500.00");
  });

  it("says Required and Must be a number", async () => {
    stubFetch({});
    const user = userEvent.setup({ delay: null });
    renderRoute(<AddInfoDialog shipment={shipment} open onClose={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findAllByText("Required")).toHaveLength(2);
    fireEvent.change(screen.getByRole("textbox", { name: "Final amount" }), {
      target: { value: "12x" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: "Tracking number" }), {
      target: { value: "ABCD" },
    });
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findAllByText("Must be a number")).toHaveLength(2);
  });

  it("patches the shipment and closes", async () => {
    const { calls } = stubFetch({
      "PATCH /api/shipments/9/": {
        status: "success",
        status_code: 200,
        message: "Shipment details updated successfully",
        data: {},
      },
    });
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderRoute(<AddInfoDialog shipment={shipment} open onClose={onClose} />);
    // Typed with a currency sign and a thousands separator; what will be stored is shown.
    fireEvent.change(screen.getByRole("textbox", { name: "Final amount" }), {
      target: { value: "$1,500.5" },
    });
    expect(await screen.findByText("Stored as $1,500.50")).toBeInTheDocument();
    fireEvent.change(screen.getByRole("textbox", { name: "Tracking number" }), {
      target: { value: "123456789012" },
    });
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      final_amount: "1500.50",
      tracking_number: "123456789012",
    });
  });

  it("names the carrier it recognises and asks for it when the number is not conclusive", async () => {
    const { calls } = stubFetch({
      "PATCH /api/shipments/9/": {
        status: "success",
        status_code: 200,
        message: "Shipment details updated successfully",
        data: {},
      },
    });
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderRoute(<AddInfoDialog shipment={shipment} open onClose={onClose} />);
    const number = screen.getByRole("textbox", { name: "Tracking number" });

    fireEvent.change(number, { target: { value: "1Z5R 8939 0357 5671 27" } });
    expect(await screen.findByText("Carrier: UPS")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Carrier" })).toBeNull();

    // Both a DHL Express number and an air waybill: DHL is offered, the agent picks air cargo.
    fireEvent.change(number, { target: { value: "82617809676" } });
    const carrier = await screen.findByRole("combobox", { name: "Carrier" });
    expect(carrier).toHaveTextContent("DHL");
    expect(screen.queryByText(/^Carrier:/)).toBeNull();
    await user.click(carrier);
    await user.click(await screen.findByRole("option", { name: "Air cargo (air waybill)" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Final amount" }), {
      target: { value: "950" },
    });
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      final_amount: "950",
      tracking_number: "82617809676",
      tracking_carrier: "air",
    });
  });

  it("sends no carrier for a number of no known format unless one is picked", async () => {
    const { calls } = stubFetch({
      "PATCH /api/shipments/9/": { status: "success", status_code: 200, message: "", data: {} },
    });
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderRoute(<AddInfoDialog shipment={shipment} open onClose={onClose} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Final amount" }), {
      target: { value: "10" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: "Tracking number" }), {
      target: { value: "1234567890" },
    });
    // Nothing to offer first: the list starts empty.
    expect(await screen.findByRole("combobox", { name: "Carrier" })).not.toHaveTextContent(
      /[A-Za-z]/,
    );
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      final_amount: "10",
      tracking_number: "1234567890",
      tracking_carrier: null,
    });
  });
});
