import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { shipmentDetail } from "../../../test/shipment-fixtures";
import { JUMP_SETTLE_MS, OrderSectionNav, nextStepOf } from "./OrderSectionNav";

describe("the order page's summary and section links", () => {
  it("says what is missing for each side's next step on an order under way", () => {
    const accepted = shipmentDetail({
      status: "Quotation Accepted",
      documents_missing: ["Commercial invoice", "Packing list"],
      delivery: { legs: 3, delivered: 1, at_booked_fc: 1, different_fc_open: 0 },
    });
    expect(nextStepOf(accepted, "seller")).toBe(
      "Upload what the agent still needs: Commercial invoice and Packing list. Then follow the destinations and chat with the agent.",
    );
    expect(nextStepOf(accepted, "agent")).toBe(
      "Still missing: delivery to 2 of 3 destinations, the tracking number and the final amount; then complete the order. The seller has not uploaded Commercial invoice and Packing list yet.",
    );
    const tracked = shipmentDetail({
      status: "Quotation Accepted",
      documents_missing: [],
      tracking_number: "1Z999AA10123456784",
      delivery: { legs: 2, delivered: 2, at_booked_fc: 2, different_fc_open: 0 },
    });
    expect(nextStepOf(tracked, "agent")).toBe(
      "Still missing: the final amount; then complete the order.",
    );
    const booked = { legs: 1, delivered: 0, at_booked_fc: 0, different_fc_open: 0 };
    expect(nextStepOf({ ...tracked, delivery: booked }, "agent")).toBe(
      "Still missing: delivery to the destination and the final amount; then complete the order.",
    );
    expect(nextStepOf({ ...tracked, final_amount: "1500.00" }, "agent")).toBe(
      "Everything is in: complete the order.",
    );
    expect(nextStepOf(tracked, "seller")).toBe(
      "The agent has every document it needs: follow the destinations and chat with the agent.",
    );
  });

  it("says what comes next for each side", () => {
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

  it("lands on the section its address names", () => {
    window.history.replaceState(null, "", "#order-documents");
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    try {
      render(
        <>
          <OrderSectionNav sections={[{ id: "order-documents", label: "Documents" }]} />
          <section id="order-documents">Documents</section>
        </>,
      );
      expect(scrolled).toHaveBeenCalledTimes(1);
      expect(scrolled.mock.contexts[0]).toBe(document.getElementById("order-documents"));
    } finally {
      window.history.replaceState(null, "", "#");
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    }
  });

  it("follows the section while the page above it grows, until the reader moves or it settles", () => {
    // jsdom lays nothing out: the page's growth is reported by hand, as a browser would.
    const observers: Array<() => void> = [];
    vi.stubGlobal(
      "ResizeObserver",
      class {
        private active = true;
        constructor(private readonly report: () => void) {
          observers.push(() => this.active && this.report());
        }
        observe() {}
        disconnect() {
          this.active = false;
        }
      },
    );
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    vi.useFakeTimers();
    try {
      const sections = [{ id: "order-charges", label: "Charges" }];
      const { rerender } = render(<OrderSectionNav sections={sections} />);
      const grows = () => observers.forEach((report) => report());
      // Clicked before the section's panel has loaded: it is jumped to once it appears.
      fireEvent.click(screen.getByRole("link", { name: "Charges" }));
      expect(window.location.hash).toBe("#order-charges");
      expect(scrolled).not.toHaveBeenCalled();
      rerender(
        <>
          <OrderSectionNav sections={sections} />
          <section id="order-charges">Charges</section>
        </>,
      );
      grows();
      expect(scrolled).toHaveBeenCalled();
      expect(scrolled.mock.contexts.at(-1)).toBe(document.getElementById("order-charges"));
      // A panel above it fills in: the section is followed.
      scrolled.mockClear();
      grows();
      expect(scrolled).toHaveBeenCalled();
      // The reader scrolls: the page is theirs again.
      fireEvent.wheel(window);
      scrolled.mockClear();
      grows();
      expect(scrolled).not.toHaveBeenCalled();
      // Another jump lands at once and follows until the page has settled.
      fireEvent.click(screen.getByRole("link", { name: "Charges" }));
      expect(scrolled).toHaveBeenCalledTimes(1);
      grows();
      expect(scrolled).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(JUMP_SETTLE_MS);
      grows();
      expect(scrolled).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      window.history.replaceState(null, "", "#");
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    }
  });
});
