import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMoney, statusLabel, textOrNA } from "./format";
import { sellerShipmentPath } from "../../../app/paths";

const quotation = {
  id: 3,
  shipment: 1,
  pickup_amount: "100.00",
  fast_amount: "",
  normal_amount: "900.00",
  total_amount: "1000.00",
  is_accepted: false,
  cancel_reason: "Too slow",
  accepted_service: null,
  is_winner: true,
  is_masked: false,
  details: null,
  is_expired: false,
  reconfirm_requested_at: null,
  created_at: "",
  updated_at: "",
  user: { id: 2, first_name: "A", last_name: "B", email: "a@b.co" },
};

describe("shipment formatting", () => {
  it("prefixes amounts with $ and shows N/A when absent", () => {
    expect(formatMoney("1250.00")).toBe("$1,250.00");
    expect(formatMoney(null)).toBe("N/A");
    expect(formatMoney("*******")).toBe("*******");
  });

  it("shows a blank value as N/A in English and 暂无 in Simplified Chinese", () => {
    for (const [locale, blank] of [
      ["en", "N/A"],
      ["zh-CN", "暂无"],
    ] as const) {
      expect(formatMoney("", locale)).toBe(blank);
      expect(formatDateTime(null, locale)).toBe(blank);
      expect(textOrNA("  ", locale)).toBe(blank);
      expect(formatDate(undefined, locale)).toBe(blank);
    }
    expect(formatMoney("1250.00", "zh-CN")).toBe("$1,250.00");
    expect(textOrNA("李伟", "zh-CN")).toBe("李伟");
    expect(textOrNA(null)).toBe("N/A");
  });

  it("shows dates as MM/DD/YYYY without a timezone shift", () => {
    expect(formatDate("2026-01-31")).toBe("01/31/2026");
  });

  it("labels a not-accepted approved quotation as Quotation Declined, and the agent's words", () => {
    expect(statusLabel({ status: "Quotation Approved", quotation }, "seller")).toBe(
      "Quotation Declined",
    );
    expect(
      statusLabel(
        { status: "Quotation Approved", quotation: { ...quotation, is_accepted: null } },
        "seller",
      ),
    ).toBe("Quotation Approved");
    expect(statusLabel({ status: "Quotation Received", quotation: {} }, "shipper")).toBe(
      "Quote Received",
    );
    expect(statusLabel({ status: "Quotation Accepted", quotation: {} }, "shipper")).toBe(
      "Quote Accepted",
    );
  });

  it("reads a bidless shipment whose window closed as No bids received, not Shipment Pending", () => {
    const pending = { status: "Shipment Pending" as const, quotation: {} };
    expect(statusLabel({ ...pending, is_bidding_open: false }, "seller")).toBe("No bids received");
    expect(statusLabel({ ...pending, is_bidding_open: false }, "admin")).toBe("No bids received");
    expect(statusLabel({ ...pending, is_bidding_open: true }, "seller")).toBe("Shipment Pending");
    expect(statusLabel(pending, "seller")).toBe("Shipment Pending");
  });

  it("routes a seller's row by status", () => {
    expect(sellerShipmentPath({ id: 4, status: "Quotation Approved" })).toBe(
      "/seller/booking/order/status/4?src=pendingorders",
    );
    expect(sellerShipmentPath({ id: 4, status: "Quotation Accepted" })).toBe(
      "/seller/booking/recentorderstatus/4?src=currentShipments",
    );
    expect(sellerShipmentPath({ id: 4, status: "Shipment Pending" })).toBe(
      "/seller/booking/order/status/4?src=newshipment",
    );
    expect(sellerShipmentPath({ id: 4, status: "Shipment Cancelled" }, "cancelled")).toBe(
      "/seller/booking/order/status/4?src=cancelledorders",
    );
  });
});
