import { describe, expect, it } from "vitest";
import type { Notification } from "@fba/contract";
import { previewText, relativeTime } from "./notification-format";
import { notificationTarget } from "./notification-route";

const base: Notification = {
  id: 1,
  notification_type: "Shipment",
  shipment_id: 42,
  sample_shipment_id: 0,
  content: "New quotation received for shipment #42 (Mugs)",
  is_read: false,
  updated_at: "2026-11-20T10:00:00.000Z",
  user: { id: 3, first_name: "Sam" },
};

describe("previewText", () => {
  it("cuts previews at 100 characters", () => {
    const long = "x".repeat(150);
    expect(previewText(long)).toBe(`${"x".repeat(100)}...`);
    expect(previewText("y".repeat(100))).toBe("y".repeat(100));
  });
});

describe("relativeTime", () => {
  it("says how long ago", () => {
    const now = Date.parse("2026-11-20T12:00:00.000Z");
    expect(relativeTime("2026-11-20T11:59:30.000Z", now)).toBe("Just now");
    expect(relativeTime("2026-11-20T11:45:00.000Z", now)).toBe("15 min ago");
    expect(relativeTime("2026-11-20T09:00:00.000Z", now)).toBe("3 h ago");
    expect(relativeTime("2026-11-18T12:00:00.000Z", now)).toBe("2 d ago");
  });
});

describe("notificationTarget", () => {
  it("sends sellers to the view for the shipment's status", () => {
    expect(notificationTarget("Seller", base, "Quotation Received")).toBe(
      "/seller/booking/order/status/42?src=newshipment",
    );
    expect(notificationTarget("Seller", base, "Quotation Approved")).toBe(
      "/seller/booking/order/status/42?src=pendingorders",
    );
    expect(notificationTarget("Seller", base, "Quotation Accepted")).toBe(
      "/seller/booking/recentorderstatus/42?src=currentShipments",
    );
    expect(notificationTarget("Seller", base, "Shipment Cancelled")).toBe(
      "/seller/booking/order/status/42?src=cancelledorders",
    );
  });

  it("sends agents to the bid page or their order", () => {
    expect(notificationTarget("Shipper", base, "Quotation Received")).toBe("/shipper/bid/42");
    expect(notificationTarget("Shipper", base, "Quotation Accepted")).toBe(
      "/shipper/dashboard/orders/status/42?src=accepted",
    );
    expect(notificationTarget("Shipper", base, "Shipment Completed")).toBe(
      "/shipper/dashboard/orders/pastorders/status/42?src=accepted",
    );
  });

  it("sends a winning agent to the order awaiting the seller, a losing one to their lost bid", () => {
    expect(notificationTarget("Shipper", base, "Quotation Approved")).toBe(
      "/shipper/dashboard/orders/status/42?src=accepted",
    );
    const lost = { ...base, kind: "bid_lost" as const };
    expect(notificationTarget("Shipper", lost, "Quotation Approved")).toBe(
      "/shipper/dashboard/orders/shipmenthistories/status/42?src=accepted",
    );
    expect(notificationTarget("Shipper", lost, null)).toBe(
      "/shipper/dashboard/orders/shipmenthistories/status/42?src=accepted",
    );
  });

  it("opens the chat for chat messages and the lists for samples and announcements", () => {
    const chat = { ...base, content: "New message from Sam: hi" };
    expect(notificationTarget("Shipper", chat, null)).toBe(
      "/shipper/dashboard/orders/status/42?src=accepted",
    );
    const sample = {
      ...base,
      notification_type: "Sample Shipment" as const,
      shipment_id: null,
      sample_shipment_id: 5,
    };
    expect(notificationTarget("Shipper", sample, null)).toBe(
      "/shipper/dashboard/orders/sample-shipments",
    );
    expect(notificationTarget("Seller", sample, null)).toBe("/seller/booking/sampleshipments");
    expect(
      notificationTarget("Seller", { ...sample, content: "New message from Al: ok" }, null),
    ).toBe("/seller/booking/recentorderstatus/5?src=sampleShipments");
    const announcement = { ...base, notification_type: "Announcement" as const, shipment_id: null };
    expect(notificationTarget("Shipper", announcement, null)).toBe(
      "/shipper/dashboard/announcement",
    );
    expect(notificationTarget("Seller", announcement, null)).toBe("/seller/announcement");
    expect(notificationTarget("Admin", base, null)).toBe("/admin/shipments/42");
    expect(notificationTarget("Admin", sample, null)).toBe("/admin/samples/5");
    expect(
      notificationTarget("Admin", { ...sample, sample_shipment_id: 0, shipment_id: 0 }, null),
    ).toBe("/admin/dashboard?tab=samples");
  });
});
