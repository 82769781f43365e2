import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { chargeChangeMessages, type Quotation } from "@fba/contract";
import { renderRoute, setViewport, stubFetch } from "../../../test/render-route";
import { AddInfoDialog } from "./AddInfoDialog";
import { varianceOf } from "./VarianceFields";

beforeEach(() => setViewport(1280));
afterEach(() => vi.unstubAllGlobals());

/** The winning bid: 100 pickup + 500 fast + 450 normal; the seller bought the fast service. */
const quotation = {
  id: 4,
  pickup_amount: "100.00",
  fast_amount: "500.00",
  normal_amount: "450.00",
  total_amount: "550.00",
  is_accepted: true,
  accepted_service: "fast",
} as Quotation;

const shipment = { id: 9, final_amount: null, tracking_number: null, quotation };
const saved = {
  status: "success",
  status_code: 200,
  message: "Shipment details updated",
  data: {},
};

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });
}

describe("a final amount above the accepted bid", () => {
  it("is measured against the service the seller bought, and not asked again for the saved amount", () => {
    expect(varianceOf("600", null, quotation)).toBeNull();
    expect(varianceOf("780.5", null, quotation)).toEqual({
      bidTotal: "600.00",
      difference: "180.50",
    });
    expect(varianceOf("780.50", "780.50", quotation)).toBeNull();
    expect(varianceOf("780", null, { ...quotation, is_accepted: null })).toBeNull();
    expect(varianceOf("12x", null, quotation)).toBeNull();
  });

  it("asks for a reason from the list and sends it with a note and the evidence picked", async () => {
    const { calls } = stubFetch({ "PATCH /api/shipments/9/": saved });
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderRoute(
      <AddInfoDialog
        shipment={shipment}
        open
        onClose={onClose}
        evidence={[{ id: 71, label: "Carrier invoice v1: cfs.pdf" }]}
      />,
    );
    type("Tracking number", "123456789012");
    type("Final amount", "600");
    expect(screen.queryByRole("combobox", { name: /Reason/ })).not.toBeInTheDocument();

    type("Final amount", "780");
    expect(
      screen.getByText("$180.00 above the accepted bid of $600.00", { exact: false }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(chargeChangeMessages.reasonInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);

    await user.click(screen.getByRole("combobox", { name: /Reason/ }));
    await user.click(screen.getByRole("option", { name: "Other" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(chargeChangeMessages.noteRequired)).toBeInTheDocument();

    type(/^Note/, "Pallets rebuilt at the CFS");
    await user.click(screen.getByRole("combobox", { name: /Evidence/ }));
    await user.click(
      within(screen.getByRole("listbox")).getByRole("option", {
        name: "Carrier invoice v1: cfs.pdf",
      }),
    );
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
      final_amount: "780",
      tracking_number: "123456789012",
      variance_reason: "other",
      variance_note: "Pallets rebuilt at the CFS",
      evidence_document_id: 71,
    });
  });

  it("sends the spec's two fields alone within the bid", async () => {
    const { calls } = stubFetch({ "PATCH /api/shipments/9/": saved });
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderRoute(<AddInfoDialog shipment={shipment} open onClose={onClose} />);
    type("Tracking number", "123456789012");
    type("Final amount", "590.25");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
      final_amount: "590.25",
      tracking_number: "123456789012",
    });
  });
});
