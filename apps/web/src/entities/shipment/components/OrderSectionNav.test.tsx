import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { shipmentDetail } from "../../../test/shipment-fixtures";
import { OrderSectionNav, nextStepOf } from "./OrderSectionNav";

describe("the order page's summary and section links", () => {
  it("says what comes next for each side", () => {
    const accepted = shipmentDetail({ status: "Quotation Accepted" });
    expect(nextStepOf(accepted, "seller")).toContain("upload the documents the agent asks for");
    expect(nextStepOf(accepted, "agent")).toContain("add the final amount and tracking number");
    expect(nextStepOf(shipmentDetail({ status: "Quotation Approved" }), "seller")).toBe(
      "Accept or decline the winning estimate.",
    );
    expect(nextStepOf(shipmentDetail({ status: "Shipment Completed" }), "seller")).toBe(
      "Delivered: rate the agent.",
    );
  });

  it("jumps to a section and keeps its address", () => {
    render(
      <>
        <OrderSectionNav
          sections={[
            { id: "order-details", label: "Details" },
            { id: "order-documents", label: "Documents" },
          ]}
        />
        <section id="order-documents">Documents</section>
      </>,
    );
    const target = document.getElementById("order-documents")!;
    target.scrollIntoView = vi.fn();
    fireEvent.click(screen.getByRole("link", { name: "Documents" }));
    expect(target.scrollIntoView).toHaveBeenCalled();
    expect(window.location.hash).toBe("#order-documents");
  });
});
